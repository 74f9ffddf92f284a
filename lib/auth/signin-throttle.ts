import { createHash } from "node:crypto";
import { slidingLimiter, type SlidingLimiter } from "../limits/sliding-limiter";
import { limitKeyForIp } from "../net/client-ip";

// Dashboard sign-in attempts are limited per e-mail and per client address with a sliding window
// (lib/limits/sliding-limiter.ts: Redis shared by every instance, this process's own count while
// Redis is away or unset). Every attempt takes a token up front (atomically, so a burst of parallel
// guesses cannot slip past) and a successful sign-in gives its tokens back: what stays counted are
// failures.

export const SIGNIN_WINDOW_MS = 15 * 60_000;
export const SIGNIN_LIMIT_PER_EMAIL = 10;
export const SIGNIN_LIMIT_PER_IP = 50;

function limiters(): { email: SlidingLimiter; ip: SlidingLimiter } {
  return {
    email: slidingLimiter("signin-email", SIGNIN_LIMIT_PER_EMAIL, SIGNIN_WINDOW_MS),
    ip: slidingLimiter("signin-ip", SIGNIN_LIMIT_PER_IP, SIGNIN_WINDOW_MS),
  };
}

/** E-mails are hashed before they become Redis keys. */
function emailId(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

export type ThrottleDecision = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt from the e-mail's and the IP's budgets. When allowed, call `release()` after a
 * successful sign-in so only failures stay counted.
 */
export async function takeSignInAttempt(email: string, ip: string, now = Date.now()): Promise<ThrottleDecision> {
  const { email: byEmail, ip: byIp } = limiters();
  const id = emailId(email);
  ip = limitKeyForIp(ip);
  const [e, i] = await Promise.all([byEmail.limit(id, 1), byIp.limit(ip, 1)]);
  if (!e.success || !i.success) {
    // The attempt is not made, so the budget that did allow it gets its token back.
    if (e.success) await byEmail.limit(id, -1);
    if (i.success) await byIp.limit(ip, -1);
    const reset = Math.max(e.success ? 0 : e.reset, i.success ? 0 : i.reset);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((reset - now) / 1000)) };
  }
  return { allowed: true, release: async () => void (await Promise.all([byEmail.limit(id, -1), byIp.limit(ip, -1)])) };
}
