import { checkPassword, hashPassword } from "../auth/password-hash";
import { HopError } from "../errors";
import { assertNotBlocked, parseDestination } from "./destination";
import type { LinkExtensionInput } from "./schemas";
import { normalizeVariants, type LinkVariant } from "./variants";

// The extension fields of a link (docs/API.md "Extensions"): expiry, a start and a click cap, a
// visitor password, device targeting and an A/B test, checked the same way on create and update and turned into the columns they set.

export interface LinkExtrasData {
  expiresAt?: Date | null;
  expiredUrl?: string | null;
  startsAt?: Date | null;
  maxClicks?: number | null;
  passwordHash?: string | null;
  ios?: string | null;
  android?: string | null;
  /** Normalised; written through variantsColumn (a JSON column's null). */
  variants?: LinkVariant[] | null;
}

const URL_FIELDS = ["expiredUrl", "ios", "android"] as const;

/**
 * The columns the body's extension fields set (only those it names). Every check runs before the
 * password is hashed, so a refused body costs no bcrypt. On create an expiry must lie ahead; an
 * update may set one in the past, which ends the link at once (documented).
 */
export async function linkExtrasData(body: LinkExtensionInput, { onPrimary, creating, now = new Date() }: { onPrimary: boolean; creating: boolean; now?: Date }): Promise<LinkExtrasData> {
  const data: LinkExtrasData = {};
  if (body.expiresAt !== undefined) {
    const expiresAt = body.expiresAt === null ? null : new Date(body.expiresAt);
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new HopError("INVALID_EXPIRATION", { field: "expiresAt", message: "expiresAt is not a date-time that exists." });
    if (expiresAt && creating && expiresAt.getTime() <= now.getTime()) throw new HopError("INVALID_EXPIRATION", { field: "expiresAt", message: "expiresAt must lie in the future." });
    data.expiresAt = expiresAt;
  }
  if (body.startsAt !== undefined) {
    const startsAt = body.startsAt === null ? null : new Date(body.startsAt);
    if (startsAt && Number.isNaN(startsAt.getTime())) throw new HopError("INVALID_SCHEDULE", { field: "startsAt", message: "startsAt is not a date-time that exists." });
    data.startsAt = startsAt;
  }
  if (body.maxClicks !== undefined) data.maxClicks = body.maxClicks;
  for (const field of URL_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null) {
      data[field] = null;
      continue;
    }
    const url = parseDestination(value, field);
    if (onPrimary) assertNotBlocked(url, field);
    data[field] = url;
  }
  if (body.variants !== undefined) data.variants = normalizeVariants(body.variants, onPrimary);
  // At the sign-in's cost, paid once per set and once per right or wrong try.
  if (body.password !== undefined) data.passwordHash = body.password === null ? null : await hashPassword(body.password);
  return data;
}

/**
 * A start must come before the expiry, with the stored value of whichever of the two the body
 * leaves alone (`stored`: the link before the update; nothing on create).
 */
export function assertScheduleOrder(data: LinkExtrasData, stored: { startsAt: Date | null; expiresAt: Date | null } | null): void {
  const startsAt = data.startsAt !== undefined ? data.startsAt : (stored?.startsAt ?? null);
  const expiresAt = data.expiresAt !== undefined ? data.expiresAt : (stored?.expiresAt ?? null);
  if (startsAt && expiresAt && startsAt.getTime() >= expiresAt.getTime()) {
    throw new HopError("INVALID_SCHEDULE", { field: "startsAt", message: "startsAt must lie before expiresAt." });
  }
}

/** The names a client sent for the columns `data` sets (the hash is the `password` field). */
export function extrasFieldNames(data: LinkExtrasData): string[] {
  return Object.keys(data).map((column) => (column === "passwordHash" ? "password" : column));
}

/** Whether a visitor's password opens the link (the same time for a right and a wrong one). */
export function passwordOpens(password: string, passwordHash: string): Promise<boolean> {
  return checkPassword(password, passwordHash);
}
