import { createHmac, timingSafeEqual } from "node:crypto";
import { ensureAuthSecret } from "../auth/secret";
import { config } from "../config";
import { limiter, retryAfterSeconds } from "../limits/limiter";
import { clientIp, limitKeyForIp } from "../net/client-ip";
import { shared } from "../shared";
import type { VisitLink } from "./link-cache";
import { header, type VisitRequest } from "./respond";

// A visitor's pass for a password-protected link: a cookie per link, `<expiry>.<HMAC>` over the
// link's id, the expiry and the link's password hash, keyed by a key derived from AUTH_SECRET.
// A new password (or none) is a new hash, so every pass given before stops opening the link
// without anything stored per visitor. Wrong tries are counted per link and client address, and per link.

export const PASS_LIFETIME_S = 24 * 60 * 60;
export const PASSWORD_TRIES = { max: 10, windowMs: 15 * 60_000 };
/**
 * Wrong tries on one link from all addresses together: rotating addresses (or the 2^16 /64s of one
 * IPv6 /48) would otherwise give PASSWORD_TRIES.max each without end. Past it the form answers 429
 * to everyone; a visitor who holds a pass still opens the link.
 */
export const PASSWORD_LINK_TRIES = { max: 100, windowMs: 60 * 60_000 };

const COOKIE_PREFIX = "hop_pass_";

const passKey = () => shared("linkPassKey", () => createHmac("sha256", ensureAuthSecret()).update("hop link pass v1").digest());

function signature(link: Pick<VisitLink, "id" | "passwordHash">, expiresS: number): Buffer {
  return createHmac("sha256", passKey()).update(`${link.id}.${expiresS}.${link.passwordHash}`).digest();
}

/** The cookie's value in the Cookie header, or null. */
function cookieValue(cookies: string, name: string): string | null {
  let from = 0;
  for (;;) {
    const at = cookies.indexOf(name, from);
    if (at === -1) return null;
    const before = at === 0 ? ";" : cookies[at - 1];
    if ((before === ";" || before === " ") && cookies[at + name.length] === "=") {
      const end = cookies.indexOf(";", at);
      return cookies.slice(at + name.length + 1, end === -1 ? undefined : end).trim();
    }
    from = at + name.length;
  }
}

/** Whether the visit carries a pass for this link, given for its current password and not expired. */
export function hasPass(link: Pick<VisitLink, "id" | "passwordHash">, req: VisitRequest, nowMs = Date.now()): boolean {
  const cookies = header(req.headers, "cookie");
  if (!cookies) return false;
  const value = cookieValue(cookies, COOKIE_PREFIX + link.id);
  const dot = value?.indexOf(".") ?? -1;
  if (!value || dot < 1) return false;
  const expiresS = Number(value.slice(0, dot));
  if (!Number.isSafeInteger(expiresS) || expiresS * 1000 <= nowMs) return false;
  // Compared as text, not as decoded bytes: base64url's last character carries two unused bits, so
  // decoding would take four spellings of one signature (and a forged pass could differ only there).
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(link, expiresS).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Set-Cookie of a new pass: HttpOnly, SameSite=Lax, Secure when short links are https. */
export function passCookie(link: Pick<VisitLink, "id" | "passwordHash">, nowMs = Date.now()): string {
  const expiresS = Math.floor(nowMs / 1000) + PASS_LIFETIME_S;
  const value = `${expiresS}.${signature(link, expiresS).toString("base64url")}`;
  const secure = config().shortLinkScheme === "https" ? "; Secure" : "";
  return `${COOKIE_PREFIX}${link.id}=${value}; Path=/; Max-Age=${PASS_LIFETIME_S}; HttpOnly; SameSite=Lax${secure}`;
}

function triesKey(link: Pick<VisitLink, "id">, req: VisitRequest): string {
  return `${link.id}:${limitKeyForIp(clientIp(req.headers, req.socketIp))}`;
}

const tries = () => limiter("link-password", PASSWORD_TRIES.max, PASSWORD_TRIES.windowMs);
const linkTries = () => limiter("link-password-all", PASSWORD_LINK_TRIES.max, PASSWORD_LINK_TRIES.windowMs);

export type PasswordTry = { allowed: true; giveBack: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes a try before the password is compared (atomically in the limiter, so a burst of parallel
 * posts cannot all read "under the limit" and then all be compared): one from the client address's
 * budget and one from the link's budget across every address. A right password (or an empty form,
 * which is no try) gives both back, so only wrong tries stay counted.
 */
export async function takePasswordTry(link: Pick<VisitLink, "id">, req: VisitRequest): Promise<PasswordTry> {
  const key = triesKey(link, req);
  const [byAddress, byLink] = await Promise.all([tries().take(key), linkTries().take(link.id)]);
  if (!byAddress.allowed || !byLink.allowed) {
    // The try is not made: the budget that did allow it gets its point back.
    if (byAddress.allowed) await tries().giveBack(key);
    if (byLink.allowed) await linkTries().giveBack(link.id);
    const wait = Math.max(byAddress.allowed ? 0 : byAddress.msBeforeNext, byLink.allowed ? 0 : byLink.msBeforeNext);
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) };
  }
  return { allowed: true, giveBack: async () => void (await Promise.all([tries().giveBack(key), linkTries().giveBack(link.id)])) };
}
