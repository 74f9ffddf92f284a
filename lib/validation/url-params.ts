import { unstorableReason } from "./storable";

/**
 * A page's dynamic segment as text (Next hands pages the still-encoded segment), or null when it
 * cannot name anything stored: not valid percent-encoded UTF-8, or holding a NUL or a lone
 * surrogate. The page answers not-found for null, as for an id that matches nothing.
 */
export function pathParam(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return unstorableReason(value) ? null : value;
}

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * A page's query parameter (Next hands pages decoded ones): the first value, trimmed, or undefined
 * when empty or unstorable — a NUL would otherwise reach a query and fail it inside the page.
 */
export function queryParam(value: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(value) ? value[0] : value)?.trim();
  return first && !unstorableReason(first) ? first : undefined;
}

/** Every query parameter as queryParam reads it; the missing ones are left out (the schema's defaults apply). */
export function queryParams(params: SearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const read = queryParam(value);
    if (read !== undefined) out[key] = read;
  }
  return out;
}
