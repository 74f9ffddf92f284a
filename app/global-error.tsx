"use client";

import { StandaloneErrorState, type BoundaryProps } from "@/components/dashboard/error-state";
import "./globals.css";
import "@/components/ui/ui.css";
import "@/components/dashboard/dashboard.css";

// The root layout itself failed: this replaces it, so it brings its own document and styles
// (Next's built-in one would carry inline styles the CSP refuses).
export default function GlobalError(props: BoundaryProps) {
  return (
    <html lang="en">
      <body>
        <StandaloneErrorState {...props} />
      </body>
    </html>
  );
}
