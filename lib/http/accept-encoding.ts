import { memoByString } from "../shared";

// Which of the codings Hop keeps pages in (br, gzip) a client takes, from its Accept-Encoding
// (RFC 9110 §12.5.3: q-values, q=0 refuses, "*" stands for any coding not named). Browsers send
// a handful of distinct values, so each value's choice is kept (a bounded map, emptied when full:
// a client inventing values costs only the parse).

export type ContentCoding = "br" | "gzip";

export const MAX_KEPT_CODINGS = 256;

function parse(header: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(param);
      if (m) q = Number(m[1]);
      else if (param.startsWith("q")) q = 0;
    }
    weights.set(name === "x-gzip" ? "gzip" : name, q);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gzip = weight("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

const chosen = memoByString(MAX_KEPT_CODINGS, parse);

/** The coding to answer in (null: the bytes as they are). */
export function preferredCoding(header: string | undefined): ContentCoding | null {
  return header ? chosen(header) : null;
}

/** How many Accept-Encoding values have their choice kept (never more than MAX_KEPT_CODINGS). */
export function keptCodingChoices(): number {
  return chosen.size;
}
