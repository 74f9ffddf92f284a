import { createHash } from "node:crypto";
import { config } from "../config";
import { randomString } from "../ids";

export const KEY_ROLES = ["full", "creator", "viewer"] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

/** `<prefix>_live_pk_` + 40 alphanumerics; the parser also takes 64 lowercase hex (API.md's other statement). */
export function generateKey(): string {
  return `${config().apiKeyPrefix}_live_pk_${randomString(40)}`;
}

export function isWellFormedKey(key: string): boolean {
  const prefix = config().apiKeyPrefix;
  if (!key.startsWith(`${prefix}_live_pk_`)) return false;
  const secret = key.slice(prefix.length + "_live_pk_".length);
  return /^[A-Za-z0-9]{40}$/.test(secret) || /^[0-9a-f]{64}$/.test(secret);
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What the dashboard and the key list show: the first 16 characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, 16);
}
