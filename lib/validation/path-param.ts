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
