import { createHash } from "node:crypto";
import { ADULT_BUTTON_ID } from "../events/rollups";
import { hitWindow } from "../limits/window-counter";
import { limitKeyForIp } from "../net/client-ip";

// What an anonymous visitor may make Hop count or store. A "visitor" is the client address (see
// lib/net/client-ip.ts; an IPv6 one by its /64, limitKeyForIp) plus its user agent, hashed; limits
// are per page, so one busy page never throttles another. Refused presses are dropped without a
// trace: the beacon answers 204 anyway.

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
  return (await hitWindow(`press-ip:${publicId}:${limitKeyForIp(ip)}`, 60_000)) <= PRESS_LIMITS.perAddressPerMinute;
}

export interface Press {
  pageId: string;
  buttonId: string;
  ip: string | null;
  userAgent: string | undefined;
}

/** Whether this is the visitor's first press of that button in its window (the 18+ gate's: a day). */
export async function isFirstPress(press: Press): Promise<boolean> {
  const window = press.buttonId === ADULT_BUTTON_ID ? PRESS_LIMITS.adultWindowMs : PRESS_LIMITS.buttonWindowMs;
  return (await hitWindow(`press:${press.pageId}:${hash(limitKeyForIp(press.ip), press.userAgent ?? "", press.buttonId)}`, window)) === 1;
}

/** Whether this address may post another contact submission to this page now. */
export async function acceptContactAttempt(pageId: string, ip: string | null): Promise<boolean> {
  return (await hitWindow(`contact-ip:${pageId}:${limitKeyForIp(ip)}`, CONTACT_LIMITS.addressWindowMs)) <= CONTACT_LIMITS.perAddress;
}
