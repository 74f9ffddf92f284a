import { shared } from "../shared";

// The time the API's usage windows are counted in: Date.now(), shifted only in a server started
// with HOP_TEST_CLOCK=on, whose tests set it through the loopback admin endpoint ("test-clock") so
// a test that counts requests never straddles an hour's end (instead of waiting the end out).
// Bio pages draw their scheduled blocks (lib/bio/schedule.ts) at this time too, so a test can
// stand on either side of a block's start or end.
// Shared, because server.ts and Next's bundled routes each load their own copy of this module.

const clock = () => shared("usageClock", () => ({ offsetMs: 0 }));

export function usageNow(): number {
  return Date.now() + clock().offsetMs;
}

/** From now on usageNow() reads `atMs`, and runs on from there. */
export function setUsageClock(atMs: number): void {
  clock().offsetMs = atMs - Date.now();
}
