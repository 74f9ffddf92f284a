import sharp from "sharp";
import { HopError } from "../errors";
import { qrPng, qrPngLayout, type QrOptions } from "./qr-svg";

// The PNG's centre logo: the data URL's image (PNG, JPEG or SVG) decoded and scaled by sharp to the
// logo square of the code, then blended in by qrPng. Kept apart from qr-svg.ts, which the editor's
// client bundle imports: sharp is a server-only native module.

/** Big enough for any sensible logo, small enough that a hostile image cannot take the memory. */
const MAX_LOGO_PIXELS = 4096 * 4096;

export async function qrPngWithLogo(text: string, options: QrOptions & { size?: number }, logoDataUrl: string): Promise<Buffer> {
  const { logo } = qrPngLayout(text, options);
  const image = Buffer.from(logoDataUrl.slice(logoDataUrl.indexOf(",") + 1), "base64");
  let rgba: Buffer;
  try {
    rgba = await sharp(image, { limitInputPixels: MAX_LOGO_PIXELS })
      .resize(logo.size, logo.size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer();
  } catch {
    throw new HopError("invalid_request", { field: "logo", message: "logo could not be read as a PNG, JPEG or SVG image." });
  }
  return qrPng(text, options, rgba);
}
