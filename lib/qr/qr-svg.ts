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

export function qrSvg(text: string, options?: { fg?: string; bg?: string; ecc?: "L" | "M" | "Q" | "H" }): string {
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
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR code">` +
    `<rect width="${size}" height="${size}" fill="${bg}"/><path fill="${fg}" d="${path}"/></svg>`
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

/** A PNG about `size` pixels wide: whole pixels per module, so it scans as sharply as the SVG. */
export function qrPng(text: string, options?: QrOptions & { size?: number }): Buffer {
  const matrix = qrMatrix(text, options?.ecc ?? "M");
  const modules = matrix.length;
  const scale = Math.max(1, Math.floor((options?.size ?? 512) / modules));
  const width = modules * scale;
  const raw = Buffer.alloc((width + 1) * width);
  for (let y = 0; y < width; y += 1) {
    const row = matrix[Math.floor(y / scale)];
    const offset = y * (width + 1);
    raw[offset] = 0; // filter: none
    for (let x = 0; x < width; x += 1) raw[offset + 1 + x] = row[Math.floor(x / scale)] ? 1 : 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // palette
  const palette = Buffer.from([...rgb(colorOf(options?.bg, "#ffffff")), ...rgb(colorOf(options?.fg, "#000000"))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("PLTE", palette),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
