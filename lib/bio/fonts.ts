import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { FONT_PATH_PREFIX, FONTS, isFontId, type FontId } from "./font-choices";

// The chosen font's file, read once from its fontsource package and served at
// /__hop/font/<id>-<hash>.woff2 (app/%5F_hop/font): the address changes with the file, so it is
// cached for a year; only the page's one font is referenced, preloaded, with font-display:
// optional — `swap` redrew the text in the new font after the first paint and moved the page
// (layout shift in 9 of 58 loads of the Chromium spec); with `optional` a font that arrives within
// the first ~100 ms (the preload, usually) is used from the start, one that is later is used from the
// next view on (cached), and the page never moves.

interface LoadedFont {
  bytes: Buffer;
  hash: string;
}

const loaded = new Map<FontId, LoadedFont | null>();

function load(id: FontId): LoadedFont | null {
  if (!loaded.has(id)) {
    try {
      const root = process.env.HOP_ROOT ?? process.cwd();
      const font = FONTS[id];
      const bytes = readFileSync(path.join(root, "node_modules", font.pkg, "files", font.file));
      loaded.set(id, { bytes, hash: createHash("sha256").update(bytes).digest("hex").slice(0, 10) });
    } catch {
      loaded.set(id, null);
    }
  }
  return loaded.get(id) ?? null;
}

/** The font's address, or null when its file is missing (the page then keeps the design's font). */
export function fontUrl(id: FontId): string | null {
  const font = load(id);
  return font ? `${FONT_PATH_PREFIX}${id}-${font.hash}.woff2` : null;
}

/** The page's @font-face and body rule for theme.font, and the address to preload; nothing for the design's own. */
export function pageFont(theme: unknown): { css: string; url: string } | null {
  const id = (theme as { font?: unknown } | null)?.font;
  if (!isFontId(id)) return null;
  const url = fontUrl(id);
  if (!url) return null;
  const font = FONTS[id];
  return {
    url,
    css: `@font-face{font-family:"${font.family}";src:url(${url}) format("woff2");font-weight:100 900;font-style:normal;font-display:optional}body,h1,.btn,.contact input,.contact textarea,.contact button{font-family:"${font.family}",${font.fallback}}`,
  };
}

/** The file for a served address `<id>-<hash>.woff2`, or null (unknown font, old or wrong hash). */
export function servedFont(file: string): Buffer | null {
  const match = /^([a-z-]{2,40})-([0-9a-f]{10})\.woff2$/.exec(file);
  if (!match || !isFontId(match[1])) return null;
  const font = load(match[1]);
  return font && font.hash === match[2] ? font.bytes : null;
}
