import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { HydrationMark } from "@/components/ui/hydration-mark";
// Inter, self-hosted (no request leaves the server at run time; next/font/google fails offline).
import "@fontsource-variable/inter";
import "./globals.css";
import "@/components/ui/ui.css";
import "@/components/dashboard/dashboard.css";

export const metadata: Metadata = { title: { default: "Hop", template: "%s · Hop" }, description: "Short links and link-in-bio websites" };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page dynamic, so Next stamps each one with the proxy's nonce.
  await headers();
  return (
    <html lang="en">
      <body>
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
