// Readers for the editor data: it arrives as arbitrary JSON, so every member is read through
// these and anything of the wrong type reads as empty.

export type Data = Record<string, unknown>;

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

export const obj = (v: unknown): Data => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Data) : {});
export const str = (v: unknown): string => (typeof v === "string" ? v : "");
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A CSS colour from user data, or null: only hex, rgb(a), hsl(a) and plain colour names pass. */
export function colour(v: unknown): string | null {
  return typeof v === "string" && COLOUR.test(v.trim()) ? v.trim() : null;
}

/** An https image URL from user data, or null (the page's CSP allows https images only). */
export function httpsImage(v: unknown): string | null {
  const text = str(v).trim();
  return /^https:\/\/[^\s"'<>\\]+$/i.test(text) && text.length <= 2000 ? text : null;
}
