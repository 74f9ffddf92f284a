// PostgreSQL cannot hold a NUL character in text or JSON, and a lone UTF-16 surrogate has no UTF-8
// form (it would be stored as U+FFFD or refused). Such strings are a client's mistake: they are
// refused with a 400 naming the field, before any schema or query sees them. The check walks the
// whole parsed input (parseOrThrow runs it before every schema) rather than refining each
// z.string(): members kept as unknown or passed through to JSON columns are strings too.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
export function unstorableReason(value: string): string | null {
  if (value.includes("\u0000")) return "contains a NUL character";
  if (LONE_SURROGATE.test(value)) return "contains an unpaired UTF-16 surrogate";
  return null;
}

export interface UnstorableString {
  path: Array<string | number>;
  reason: string;
}

/**
 * The first string (member name or value) anywhere in a parsed JSON value that cannot be stored.
 * Iterative, so a deep value cannot overflow the stack (bodies are depth-checked before parsing).
 */
export function findUnstorableString(value: unknown): UnstorableString | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const reason = unstorableReason(current);
      if (reason) return { path, reason };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
    } else if (current && typeof current === "object") {
      const entries = Object.entries(current);
      for (const [name] of entries) {
        const reason = unstorableReason(name);
        if (reason) return { path: [...path, name], reason: `member name ${reason}` };
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return null;
}
