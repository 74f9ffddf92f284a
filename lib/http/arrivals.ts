import { shared } from "../shared";

// Every HTTP request the process receives is counted here, whichever entry point took it (server.ts, and
// under `next start` the request hook): background work (lib/db/background-pace.ts) reads the
// count to tell whether anyone else wanted the thread while it ran. A counter: free on the visitor path.

const arrivals = shared("requestArrivals", () => ({ count: 0 }));

export function noteRequestArrival(): void {
  arrivals.count += 1;
}

/** How many requests have arrived since the process started. */
export function requestArrivals(): number {
  return arrivals.count;
}
