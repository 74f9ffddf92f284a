// A small, forward-only reader of saved HTML pages (issue 55, "Moving in"): the app has no DOM
// library, and a page someone uploads is never run or rendered here. The scan walks the text once
// (every step consumes what it looked at, so a hostile page costs time linear in its size): tags
// with their attributes, text between them (entities decoded), and the raw text of <script> and
// <style> elements. Nothing it returns is HTML: the bio renderer escapes what it draws.

export type HtmlToken =
  | { kind: "open"; name: string; attrs: Map<string, string>; selfClosing: boolean }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string }
  /** The unparsed content of a <script> or <style> element (its open tag came just before). */
  | { kind: "raw"; name: string; text: string };

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", copy: "©", reg: "®", trade: "™", middot: "·", bull: "•" };

/** Character references decoded: numeric ones, and the few named ones pages like these use. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Runs of whitespace as one space, trimmed. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function readAttrs(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const match of source.matchAll(ATTR)) {
    const name = match[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attrs;
}

/** Where the tag that starts at `from` (just after its name) ends: the `>` outside quotes, or -1. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  for (let i = from; i < html.length; i++) {
    const ch = html.charCodeAt(i);
    if (quote) {
      if (ch === quote) quote = 0;
    } else if (ch === 0x22 || ch === 0x27) quote = ch;
    else if (ch === 0x3e) return i;
  }
  return -1;
}

/** The page's tokens in document order. An unclosed comment, tag or raw element ends the scan, as it ends a browser's. */
export function* scanHtml(html: string): Generator<HtmlToken> {
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt < 0) {
      yield { kind: "text", text: decodeEntities(html.slice(at)) };
      return;
    }
    if (lt > at) yield { kind: "text", text: decodeEntities(html.slice(at, lt)) };
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      if (end < 0) return;
      at = end + 3;
      continue;
    }
    const name = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(lt, lt + 64));
    if (!name) {
      // `<!DOCTYPE …>`, `<?…>` and a lone `<` are skipped up to their `>` (or kept as text).
      if (html[lt + 1] === "!" || html[lt + 1] === "?") {
        const end = html.indexOf(">", lt);
        if (end < 0) return;
        at = end + 1;
      } else {
        yield { kind: "text", text: "<" };
        at = lt + 1;
      }
      continue;
    }
    const end = tagEnd(html, lt + name[0].length);
    if (end < 0) return;
    const tag = name[2].toLowerCase();
    at = end + 1;
    if (name[1]) {
      yield { kind: "close", name: tag };
      continue;
    }
    const inside = html.slice(lt + name[0].length, end);
    const selfClosing = inside.trimEnd().endsWith("/");
    yield { kind: "open", name: tag, attrs: readAttrs(inside), selfClosing };
    if (RAW_TEXT.has(tag) && !selfClosing) {
      const closing = new RegExp(`</${tag}`, "gi");
      closing.lastIndex = at;
      const close = closing.exec(html)?.index ?? -1;
      if (close < 0) return;
      const text = html.slice(at, close);
      yield { kind: "raw", name: tag, text: tag === "title" || tag === "textarea" ? decodeEntities(text) : text };
      const closeEnd = html.indexOf(">", close);
      if (closeEnd < 0) return;
      yield { kind: "close", name: tag };
      at = closeEnd + 1;
    }
  }
}

/** Whether the tag's class attribute lists `name` as one of its classes. */
export function hasClass(attrs: Map<string, string>, name: string): boolean {
  return (attrs.get("class") ?? "").split(/\s+/).includes(name);
}
