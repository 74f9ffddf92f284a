import { tunable } from "../config";
import { HopError, isHopError } from "../errors";
import { limitKeyForIp } from "../net/client-ip";
import { shared } from "../shared";

// Each request that fails authentication (no key, a malformed, unknown or revoked key) may have
// cost a database read. They are counted per client address in fixed one-minute windows; past
// AUTH_FAILURES_PER_MINUTE the address (an IPv6 one by its /64) gets 429 for every request, before any database read,
// until the minute ends. In process (each instance counts its own), bounded.

const LIMIT = tunable("AUTH_FAILURES_PER_MINUTE");
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 50_000;

interface Failures {
  windowStart: number;
  byAddress: Map<string, number>;
}

function failures(now: number): Failures {
  const f = shared<Failures>("authFailures", () => ({ windowStart: 0, byAddress: new Map() }));
  const windowStart = now - (now % WINDOW_MS);
  if (f.windowStart !== windowStart) {
    f.windowStart = windowStart;
    f.byAddress.clear();
  }
  return f;
}

/** The 429 for an address over the limit (in the rate-limit shape, window "minute"), or null. */
export function authThrottleRefusal(address: string | null, now = Date.now()): { error: HopError; headers: Record<string, string> } | null {
  if (!address) return null;
  const f = failures(now);
  if ((f.byAddress.get(limitKeyForIp(address)) ?? 0) < LIMIT) return null;
  const resetAt = (f.windowStart + WINDOW_MS) / 1000;
  return {
    headers: { "retry-after": String(Math.max(1, Math.ceil(resetAt - now / 1000))) },
    error: new HopError("rate_limit_exceeded", {
      message: `Too many requests from this address failed authentication (${LIMIT} a minute); try again at ${new Date(resetAt * 1000).toISOString()}.`,
      extras: { limit: LIMIT, remaining: 0, resetAt, window: "minute" },
    }),
  };
}

/** Counts the error against the address when it is an authentication failure. */
export function noteAuthFailure(address: string | null, error: unknown, now = Date.now()): void {
  if (!address || !isHopError(error) || (error.code !== "missing_api_key" && error.code !== "invalid_api_key")) return;
  const f = failures(now);
  const key = limitKeyForIp(address);
  if (!f.byAddress.has(key) && f.byAddress.size >= MAX_ADDRESSES) return;
  f.byAddress.set(key, (f.byAddress.get(key) ?? 0) + 1);
}
