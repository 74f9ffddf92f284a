import { createHash } from "node:crypto";
import { limiter, retryAfterSeconds, type Limiter } from "../limits/limiter";
import { limitKeyForIp } from "../net/client-ip";

// Dashboard sign-in attempts are limited per e-mail and per client address in a 15-minute window
// from the first attempt (lib/limits/limiter.ts: Redis shared by every instance, this process's own
// count while Redis is away or unset). Every attempt takes a point up front (atomically, so a burst
// of parallel guesses cannot slip past) and a successful sign-in gives its points back: what stays
// counted are failures.

export const SIGNIN_WINDOW_MS = 15 * 60_000;
export const SIGNIN_LIMIT_PER_EMAIL = 10;
export const SIGNIN_LIMIT_PER_IP = 50;

function limiters(): { email: Limiter; ip: Limiter } {
  return {
    email: limiter("signin-email", SIGNIN_LIMIT_PER_EMAIL, SIGNIN_WINDOW_MS),
    ip: limiter("signin-ip", SIGNIN_LIMIT_PER_IP, SIGNIN_WINDOW_MS),
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
export async function takeSignInAttempt(email: string, ip: string): Promise<ThrottleDecision> {
  const { email: byEmail, ip: byIp } = limiters();
  const id = emailId(email);
  ip = limitKeyForIp(ip);
  const [e, i] = await Promise.all([byEmail.take(id), byIp.take(ip)]);
  if (!e.allowed || !i.allowed) {
    // The attempt is not made, so the budget that did allow it gets its point back.
    if (e.allowed) await byEmail.giveBack(id);
    if (i.allowed) await byIp.giveBack(ip);
    const wait = Math.max(e.allowed ? 0 : e.msBeforeNext, i.allowed ? 0 : i.msBeforeNext);
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) };
  }
  return { allowed: true, release: async () => void (await Promise.all([byEmail.giveBack(id), byIp.giveBack(ip)])) };
}
