import { tunable } from "../config";
import { HopError, isHopError } from "../errors";
import { limiter } from "../limits/limiter";
import { limitKeyForIp } from "../net/client-ip";
import { shared } from "../shared";

// Each request that fails authentication (no key, a malformed, unknown or revoked key) may have
// cost a database read. They are counted per client address in the clock's minutes; past
// AUTH_FAILURES_PER_MINUTE the address (an IPv6 one by its /64) gets 429 until the minute ends.
// The counts are lib/limits/limiter.ts's, so with REDIS_URL every instance counts together (a
// spray across instances behind a balancer meets one limit). Only failures touch the counts: an
// address found over the limit is remembered in process for the rest of its minute and refused
// there before any read, so a request with a good key costs no Redis round trip.

const LIMIT = tunable("AUTH_FAILURES_PER_MINUTE");
const WINDOW_MS = 60_000;
const MAX_REFUSED = 50_000;

// The limiter's window starts at a key's first point; the minute in the key aligns it to the clock,
// which the 429's resetAt names.
const failures = () => limiter("auth-failures", LIMIT, WINDOW_MS);

interface Refused {
  windowStart: number;
  addresses: Set<string>;
}

function refusedThisMinute(windowStart: number): Refused {
  const refused = shared<Refused>("authRefused", () => ({ windowStart, addresses: new Set() }));
  if (refused.windowStart !== windowStart) {
    refused.windowStart = windowStart;
    refused.addresses.clear();
  }
  return refused;
}

type Refusal = { error: HopError; headers: Record<string, string> };

function refusal(windowStart: number, now: number): Refusal {
  const resetAt = (windowStart + WINDOW_MS) / 1000;
  return {
    headers: { "retry-after": String(Math.max(1, Math.ceil(resetAt - now / 1000))) },
    error: new HopError("rate_limit_exceeded", {
      message: `Too many requests from this address failed authentication (${LIMIT} a minute); try again at ${new Date(resetAt * 1000).toISOString()}.`,
      extras: { limit: LIMIT, remaining: 0, resetAt, window: "minute" },
    }),
  };
}

/** The 429 for an address this process found over the limit this minute (window "minute"), or null. */
export function authThrottleRefusal(address: string | null, now = Date.now()): Refusal | null {
  if (!address) return null;
  const windowStart = now - (now % WINDOW_MS);
  return refusedThisMinute(windowStart).addresses.has(limitKeyForIp(address)) ? refusal(windowStart, now) : null;
}

/**
 * Counts the error against the address when it is an authentication failure. At the limit the
 * address is refused here from the next request on; past it (the other failures were counted by
 * other instances) this request's answer is the 429 itself.
 */
export async function noteAuthFailure(address: string | null, error: unknown): Promise<Refusal | null> {
  if (!address || !isHopError(error) || (error.code !== "missing_api_key" && error.code !== "invalid_api_key")) return null;
  const now = Date.now();
  const windowStart = now - (now % WINDOW_MS);
  const ip = limitKeyForIp(address);
  const { consumed } = await failures().take(`${ip}:${windowStart}`);
  if (consumed < LIMIT) return null;
  const refused = refusedThisMinute(windowStart);
  if (refused.addresses.size < MAX_REFUSED) refused.addresses.add(ip);
  return consumed > LIMIT ? refusal(windowStart, now) : null;
}
