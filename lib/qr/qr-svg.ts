import { deflateSync, crc32 } from "node:zlib";
import { encode } from "uqr";

// QR codes drawn on the server from uqr's module matrix: an SVG (one path, so it stays small and
// crisp at any size) and a PNG written by hand (grey-free 8-bit palette, zlib from Node), so no
// canvas or browser library is needed. Colours are hex only: they go into SVG attributes verbatim.

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

function colorOf(value: string | undefined, fallback: string, pattern: RegExp = HEX_COLOR): string {
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

/** A logo for the SVG: a data URL of a PNG, JPEG or SVG image (checked by the caller's schema). */
export const LOGO_DATA_URL = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

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
  if (options?.logo && LOGO_DATA_URL.test(options.logo)) {
    // An <image> never runs scripts or loads anything else, an SVG logo included.
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

function rgb(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  return [parseInt(full.slice(1, 3), 16), parseInt(full.slice(3, 5), 16), parseInt(full.slice(5, 7), 16)];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG's pixel layout: whole pixels per module, and the logo's square (with its one-module margin) in pixels. */
export function qrPngLayout(text: string, options?: QrOptions & { size?: number }) {
  const matrix = qrMatrix(text, options?.ecc ?? "M");
  const modules = matrix.length;
  const scale = Math.max(1, Math.floor((options?.size ?? 512) / modules));
  const { at, box } = logoBox(modules);
  return {
    matrix,
    scale,
    width: modules * scale,
    logo: { x: Math.round(at * scale), size: box * scale, margin: scale },
  };
}

/**
 * A PNG about `size` pixels wide: whole pixels per module, so it scans as sharply as the SVG.
 * Without a logo an 8-bit palette image; with one (`logoRgba`: RGBA pixels of exactly
 * `qrPngLayout(...).logo.size` square) an RGB image with the logo blended over the background.
 */
export function qrPng(text: string, options?: QrOptions & { size?: number }, logoRgba?: Buffer): Buffer {
  const { matrix, scale, width, logo } = qrPngLayout(text, options);
  const bg = rgb(colorOf(options?.bg, "#ffffff"));
  const fg = rgb(colorOf(options?.fg, "#000000"));
  const channels = logoRgba ? 3 : 1;
  const stride = width * channels + 1;
  const raw = Buffer.alloc(stride * width);
  for (let y = 0; y < width; y += 1) {
    const row = matrix[Math.floor(y / scale)];
    const offset = y * stride;
    raw[offset] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const dark = row[Math.floor(x / scale)];
      if (channels === 1) raw[offset + 1 + x] = dark ? 1 : 0;
      else (dark ? fg : bg).forEach((value, c) => (raw[offset + 1 + x * 3 + c] = value));
    }
  }
  if (logoRgba) {
    const from = logo.x - logo.margin;
    const to = logo.x + logo.size + logo.margin;
    for (let y = from; y < to; y += 1) {
      for (let x = from; x < to; x += 1) {
        const at = y * stride + 1 + x * 3;
        const inside = x >= logo.x && x < logo.x + logo.size && y >= logo.x && y < logo.x + logo.size;
        const alpha = inside ? logoRgba[((y - logo.x) * logo.size + (x - logo.x)) * 4 + 3] / 255 : 0;
        for (let c = 0; c < 3; c += 1) {
          const pixel = inside ? logoRgba[((y - logo.x) * logo.size + (x - logo.x)) * 4 + c] : 0;
          raw[at + c] = Math.round(pixel * alpha + bg[c] * (1 - alpha));
        }
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 8; // bit depth
  header[9] = logoRgba ? 2 : 3; // truecolour or palette
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(logoRgba ? [] : [chunk("PLTE", Buffer.from([...bg, ...fg]))]),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
