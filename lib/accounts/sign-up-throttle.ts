import { HopError } from "../errors";
import { limiter, retryAfterSeconds } from "../limits/limiter";
import { limitKeyForIp } from "../net/client-ip";
import { countOf } from "../text/plural";

// Sign-ups are throttled per client address (an IPv6 one by its /64) and for the whole instance:
// each costs a bcrypt hash and an account row, and e-mails are not verified, so an unthrottled
// form lets one source register thousands of addresses (or other people's) in seconds. Every
// attempt that reaches the use case counts, a refused e-mail included; an invalid form does not.

export const SIGNUP_LIMITS = {
  perAddress: 5,
  addressWindowMs: 60 * 60_000,
  perMinute: 30,
};

export type SignUpAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number; error: HopError };

/** Takes a sign-up attempt of this client address; a refusal carries the 429 and its Retry-After. */
export async function takeSignUpAttempt(ip: string | null): Promise<SignUpAttempt> {
  const key = limitKeyForIp(ip);
  const byAddress = limiter("signup-address", SIGNUP_LIMITS.perAddress, SIGNUP_LIMITS.addressWindowMs);
  const address = await byAddress.take(key);
  if (!address.allowed) return refusal(retryAfterSeconds(address.msBeforeNext), "from this address");
  const everyone = await limiter("signup-all", SIGNUP_LIMITS.perMinute, 60_000).take("all");
  if (!everyone.allowed) {
    // Not this visitor's doing: its own budget is not spent on a refused try.
    await byAddress.giveBack(key);
    return refusal(retryAfterSeconds(everyone.msBeforeNext), "on this server right now");
  }
  return { allowed: true };
}

/** The dashboard's 429 body, as the sign-in throttle's: a message in words and retryAfter in seconds. */
function refusal(retryAfterSeconds: number, where: string): SignUpAttempt {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const error = new HopError("too_many_attempts", {
    message: `Too many sign-ups ${where}. Try again in ${countOf(minutes, "minute")}.`,
    extras: { retryAfter: retryAfterSeconds },
  });
  return { allowed: false, retryAfterSeconds, error };
}
