import { crc32, deflateSync } from "node:zlib";
import { colorOf, logoBox, qrMatrix, type QrOptions } from "./qr-svg";

// The QR code as a PNG written by hand (an 8-bit palette, or RGB under a logo; zlib from Node), so
// no canvas or browser library is needed. Server only: qr-svg.ts is the part the client imports.

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
