// Web Crypto (global in Node and browsers), so the link form can offer the same slugs as the server.

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER_ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Random string over `alphabet` without modulo bias (rejection sampling). */
export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdKind = "acc" | "key" | "ses" | "tm" | "inv" | "pwr" | "emc" | "dom" | "grp" | "geo" | "lnk" | "drf" | "cnt" | "sub" | "whk" | "msg" | "rc" | "aud" | "pk" | "sso";

/** Every stored id comes from here: `<kind>_<20 random alphanumerics>`. */
export function newId(kind: IdKind): string {
  return `${kind}_${randomString(20)}`;
}

/** Generated link slugs and website ids: lowercase so they stay valid slugs. */
export function randomSlug(length = 7): string {
  return randomString(length, LOWER_ALPHANUMERIC);
}
