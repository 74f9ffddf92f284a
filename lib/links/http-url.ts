// The one form in which every URL a visitor can be sent to is stored and answered: link
// destinations, rule URLs, alternateBackUrl and a bio page's buttons. `new URL(…).href` is pure
// ASCII (non-ASCII percent-encoded as UTF-8, hosts in punycode), so it is always a valid Location
// header. Control characters are refused, not dropped: the WHATWG parser silently removes CR, LF
// and TAB, which would send visitors somewhere other than what the owner typed.

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * The longest URL any field stores, after normalisation: every visit answers with it as its
 * Location header, and browsers, proxies and curl refuse or truncate far shorter headers than a
 * 1 MB body allows (a 5 MB destination once made each visit a 5 MB header).
 */
export const MAX_URL_LENGTH = 8192;

/** `new URL(text).href` for an absolute http(s) URL with a host, at most MAX_URL_LENGTH long; null for anything else. */
export function normalizeHttpUrl(text: string): string | null {
  if (CONTROL_CHARACTER.test(text) || !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
  return url.href.length > MAX_URL_LENGTH ? null : url.href;
}

/** Whether a URL is too long to store: its normalised form when it parses (percent-encoding can triple it), else as typed. */
export function isTooLongUrl(text: string): boolean {
  try {
    return new URL(text.trim()).href.length > MAX_URL_LENGTH;
  } catch {
    return text.length > MAX_URL_LENGTH;
  }
}

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * What a person meant by an address typed without a scheme: `example.com/gift` becomes
 * `https://example.com/gift` (as Linktree and Dub do). Anything with a scheme, or that does not
 * start with a host name, is returned as typed, for the validation to judge.
 */
export function withHttpsScheme(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed) || trimmed.startsWith("/")) return text;
  return /^[^\s/?#]+\.[a-z]{2,}([/?#:]|$)/i.test(trimmed) ? `https://${trimmed}` : text;
}
