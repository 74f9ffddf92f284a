// JSON.parse keeps the last of two members with one name; a proxy, a signature check or a log
// that reads the first sees another request than the handler does. A body whose object names a
// member twice is refused instead, found on its text in one pass (text already known to be JSON).

/** The first member name given twice in one object of valid JSON text, or null. */
export function duplicateMember(text: string): string | null {
  const objects: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      let end = i + 1;
      let escaped = false;
      for (; text.charCodeAt(end) !== 0x22; end++) {
        if (text.charCodeAt(end) === 0x5c) {
          escaped = true;
          end++;
        }
      }
      const names = objects[objects.length - 1];
      if (expectKey && names) {
        // "\u0061" and "a" name the same member.
        const name = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (names.has(name)) return name;
        names.add(name);
        expectKey = false;
      }
      i = end;
    } else if (ch === 0x7b) {
      objects.push(new Set());
      expectKey = true;
    } else if (ch === 0x5b) {
      objects.push(null);
      expectKey = false;
    } else if (ch === 0x7d || ch === 0x5d) {
      objects.pop();
      expectKey = false;
    } else if (ch === 0x2c) {
      expectKey = objects[objects.length - 1] !== null && objects.length > 0;
    }
  }
  return null;
}
