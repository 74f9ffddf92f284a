"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * false on the server and while React hydrates, true after: for what only the browser knows (its
 * time zone), so the server's HTML and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
