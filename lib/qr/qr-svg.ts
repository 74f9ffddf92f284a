import { encode } from "uqr";

// QR codes from uqr's module matrix as an SVG: one path, so it stays small and crisp at any size.
// The editor's client bundle imports this file (the publish dialog draws the code), so it imports
// nothing of Node's: a polyfilled node:zlib brought util's `Function(...)` probes into the editor,
// which its CSP refuses (docs/editor.md). The PNG is qr-png.ts. Colours go into SVG attributes
// verbatim, so only hex (and, in the SVG, colour names) pass.

export type QrEcc = "L" | "M" | "Q" | "H";
export interface QrOptions {
  fg?: string;
  bg?: string;
  ecc?: "L" | "M" | "Q" | "H";
}

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** The SVG also takes colour names and #rrggbbaa (the editor's theme colours); nothing else reaches the markup. */
const SVG_COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/;
const QUIET_ZONE = 4;

export function colorOf(value: string | undefined, fallback: string, pattern: RegExp = HEX_COLOR): string {
  return value && pattern.test(value) ? value.toLowerCase() : fallback;
}

/** The modules, quiet zone included (true = dark). */
export function qrMatrix(text: string, ecc: QrEcc = "M"): boolean[][] {
  return encode(text, { ecc, border: QUIET_ZONE }).data;
}

/**
 * Where a centre logo goes, in modules: a square of about 22% of the side (quiet zone included),
 * which at level H leaves enough of the code to scan. The SVG and the PNG share it.
 */
export function logoBox(modules: number): { at: number; box: number } {
  const box = Math.round(modules * 0.22);
  return { at: (modules - box) / 2, box };
}

/** A logo for the SVG: a data URL of a raster image, its type read from its bytes by the caller's schema (qr-query.ts). */
const RASTER_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

export function qrSvg(text: string, options?: { fg?: string; bg?: string; ecc?: QrEcc; logo?: string }): string {
  const matrix = qrMatrix(text, options?.ecc ?? "M");
  const size = matrix.length;
  const fg = colorOf(options?.fg, "#000000", SVG_COLOR);
  const bg = colorOf(options?.bg, "#ffffff", SVG_COLOR);
  let path = "";
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (!matrix[y][x]) continue;
      let run = 1;
      while (x + run < size && matrix[y][x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  let overlay = "";
  if (options?.logo && RASTER_DATA_URL.test(options.logo)) {
    // An <image> never runs scripts or loads anything else.
    const { at, box } = logoBox(size);
    overlay =
      `<rect x="${at - 1}" y="${at - 1}" width="${box + 2}" height="${box + 2}" fill="${bg}"/>` +
      `<image href="${options.logo}" x="${at}" y="${at}" width="${box}" height="${box}" preserveAspectRatio="xMidYMid meet"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR code">` +
    `<rect width="${size}" height="${size}" fill="${bg}"/><path fill="${fg}" d="${path}"/>${overlay}</svg>`
  );
}
