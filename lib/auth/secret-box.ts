import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./session";

// Secrets the server must read back (two-factor seeds) are stored sealed: AES-256-GCM under a key
// derived from AUTH_SECRET with HKDF, so a copy of the database alone does not give them away.
// AUTH_SECRET lives outside the database (the environment, or DATA_DIR/auth-secret). Changing it
// makes sealed values unreadable: docs/decisions/036-two-factor-codes.md says what then.

const VERSION = "v1";

function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "hop-secret-box", `hop ${purpose}`, 32));
}

/** `v1.<iv>.<ciphertext>.<tag>`, base64url parts; `purpose` separates keys (a seal for one use opens no other). */
export function seal(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The sealed text, or null when it was sealed under another AUTH_SECRET (or is not a seal at all). */
export function unseal(sealed: string, purpose: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
