import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = { title: "Hop", description: "Short links and link-in-bio pages" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
