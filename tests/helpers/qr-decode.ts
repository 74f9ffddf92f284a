import jsQR from "jsqr";
import { PNG } from "pngjs";

/** The text a PNG QR code holds, read with jsQR as a phone camera would; null when it does not scan. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}
