"use client";

import { useEffect, useRef } from "react";

const QUESTION = "Leave without saving? Your changes will be lost.";

/**
 * Asks before unsaved changes are left behind: a reload or closed tab (beforeunload) and a click on
 * any link of the app (the sidebar's client-side navigation included: the question is asked in the
 * capture phase, before the router sees the click). `release()` lets a save navigate away.
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const released = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (released.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin || (anchor.hash && anchor.pathname === window.location.pathname)) return;
      if (window.confirm(QUESTION)) {
        released.current = true;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [dirty]);
  return { release: () => (released.current = true) };
}
