import { createHash } from "node:crypto";
import { ADULT_BUTTON_ID } from "../events/rollups";
import { limiter } from "../limits/limiter";
import { limitKeyForIp } from "../net/client-ip";

// What an anonymous visitor may make Hop count or store. A "visitor" is the client address (see
// lib/net/client-ip.ts; an IPv6 one by its /64, limitKeyForIp) plus its user agent, hashed; limits
// are per page, so one busy page never throttles another. Refused presses are dropped without a
// trace: the beacon answers 204 anyway. Each window starts at its key's first hit
// (lib/limits/limiter.ts: in Redis when REDIS_URL is set, shared by every instance).

export const PRESS_LIMITS = {
  /** Presses accepted per client address and page in a minute (any buttons, any user agents). */
  perAddressPerMinute: 60,
  /** One counted press per visitor and button in this window. */
  buttonWindowMs: 60_000,
  /** One counted 18+ confirmation per visitor and page in this window. */
  adultWindowMs: 24 * 60 * 60_000,
};

export const CONTACT_LIMITS = {
  /**
   * Submissions per client address and page in an hour (429 past it). Far below the page's own
   * hourly cap (CONTACTS_PER_PAGE_PER_HOUR), so one source cannot close a form for everyone.
   */
  perAddress: 5,
  addressWindowMs: 60 * 60_000,
};

function hash(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 22);
}

/** Whether this client address may have another press counted on this page (by public id) this minute. */
export async function withinPressRate(publicId: string, ip: string | null): Promise<boolean> {
  const perAddress = limiter("press-ip", PRESS_LIMITS.perAddressPerMinute, 60_000);
  return (await perAddress.take(`${publicId}:${limitKeyForIp(ip)}`)).allowed;
}

export interface Press {
  pageId: string;
  buttonId: string;
  ip: string | null;
  userAgent: string | undefined;
}

/** Whether this is the visitor's first press of that button in its window (the 18+ gate's: a day). */
export async function isFirstPress(press: Press): Promise<boolean> {
  const once = press.buttonId === ADULT_BUTTON_ID ? limiter("press-adult", 1, PRESS_LIMITS.adultWindowMs) : limiter("press", 1, PRESS_LIMITS.buttonWindowMs);
  return (await once.take(`${press.pageId}:${hash(limitKeyForIp(press.ip), press.userAgent ?? "", press.buttonId)}`)).allowed;
}

/** Whether this address may post another contact submission to this page now. */
export async function acceptContactAttempt(pageId: string, ip: string | null): Promise<boolean> {
  const perAddress = limiter("contact-ip", CONTACT_LIMITS.perAddress, CONTACT_LIMITS.addressWindowMs);
  return (await perAddress.take(`${pageId}:${limitKeyForIp(ip)}`)).allowed;
}

export const SIGNUP_LIMITS = {
  /** Sign-ups per client address and page in an hour (429 past it); the page's cap is CONTACTS_PER_PAGE_PER_HOUR. */
  perAddress: 5,
  addressWindowMs: 60 * 60_000,
};

/** Whether this address may post another sign-up to this page now. */
export async function acceptSignupAttempt(pageId: string, ip: string | null): Promise<boolean> {
  const perAddress = limiter("signup-ip", SIGNUP_LIMITS.perAddress, SIGNUP_LIMITS.addressWindowMs);
  return (await perAddress.take(`${pageId}:${limitKeyForIp(ip)}`)).allowed;
}
