// JSON nests arrays and objects without bound, and every recursive step after parsing (schemas,
// the database driver's serialiser) may overflow the stack on a deep enough value. The nesting of
// a body is measured on its text, in one pass, before anything parses it.

export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text (strings skipped, text assumed JSON). */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}
