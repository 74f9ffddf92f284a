// Web Crypto (global in Node and browsers), so the link form can offer the same slugs as the server.

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER_ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

// Random bytes drawn a pool at a time: one getRandomValues call cost ~7 µs (a 10,000-row import
// makes ~30,000 ids and slugs on the visitors' thread); from a 4 KB pool an id costs a fraction.
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let poolAt = 0;

function randomByte(): number {
  if (poolAt >= pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_SIZE));
    poolAt = 0;
  }
  return pool[poolAt++];
}

/** Random string over `alphabet` without modulo bias (rejection sampling). */
export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < limit) out += alphabet[byte % alphabet.length];
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
