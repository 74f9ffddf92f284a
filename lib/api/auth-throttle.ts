import { tunable } from "../config";
import { HopError, isHopError } from "../errors";
import { limiter } from "../limits/limiter";
import { limitKeyForIp } from "../net/client-ip";

// Each request that fails authentication (no key, a malformed, unknown or revoked key) may have
// cost a database read. They are counted per client address in the clock's minutes; past
// AUTH_FAILURES_PER_MINUTE the address (an IPv6 one by its /64) gets 429 for every request, before
// any database read, until the minute ends. Over lib/limits/limiter.ts, so with REDIS_URL every
// instance counts together (a spray across instances behind a balancer meets one limit).

const LIMIT = tunable("AUTH_FAILURES_PER_MINUTE");
const WINDOW_MS = 60_000;

// The limiter's window starts at a key's first point; the minute in the key aligns it to the clock,
// which the 429's resetAt names.
const failures = () => limiter("auth-failures", LIMIT, WINDOW_MS);

function minuteKey(address: string, now: number): { key: string; resetAt: number } {
  const windowStart = now - (now % WINDOW_MS);
  return { key: `${limitKeyForIp(address)}:${windowStart}`, resetAt: (windowStart + WINDOW_MS) / 1000 };
}

/** The 429 for an address over the limit (in the rate-limit shape, window "minute"), or null. */
export async function authThrottleRefusal(address: string | null): Promise<{ error: HopError; headers: Record<string, string> } | null> {
  if (!address) return null;
  const now = Date.now();
  const { key, resetAt } = minuteKey(address, now);
  if ((await failures().counted(key)) < LIMIT) return null;
  return {
    headers: { "retry-after": String(Math.max(1, Math.ceil(resetAt - now / 1000))) },
    error: new HopError("rate_limit_exceeded", {
      message: `Too many requests from this address failed authentication (${LIMIT} a minute); try again at ${new Date(resetAt * 1000).toISOString()}.`,
      extras: { limit: LIMIT, remaining: 0, resetAt, window: "minute" },
    }),
  };
}

/** Counts the error against the address when it is an authentication failure. */
export async function noteAuthFailure(address: string | null, error: unknown): Promise<void> {
  if (!address || !isHopError(error) || (error.code !== "missing_api_key" && error.code !== "invalid_api_key")) return;
  await failures().take(minuteKey(address, Date.now()).key);
}
