"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * The delivery log keeps itself current without a reload: the page asks the server again every
 * 2 s while a delivery is pending, else every 5 s (events arrive from anywhere: the API, visits),
 * only while the tab is visible, and for at most 10 minutes after the page was opened.
 */
export function DeliveryRefresh({ pending }: { pending: boolean }) {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > 600_000) return clearInterval(timer);
      if (document.visibilityState === "visible") router.refresh();
    }, pending ? 2000 : 5000);
    return () => clearInterval(timer);
  }, [pending, router]);
  return null;
}
