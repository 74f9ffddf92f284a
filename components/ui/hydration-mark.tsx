"use client";

import { useEffect } from "react";

// Marks <html data-hydrated> once React has taken over the server's HTML: until then a button that
// opens a dialog does nothing, so browser tests wait for this mark before they click.
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
