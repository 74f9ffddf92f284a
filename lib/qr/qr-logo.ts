import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { HopError } from "../errors";
import { sharp } from "../images/sharp";
import { shared } from "../shared";
import { logoBytesOf, RASTER_FORMATS } from "./logo-format";
import { withImageWorkSlot } from "../images/work-slots";
import { qrPng, qrPngLayout } from "./qr-png";
import type { QrOptions } from "./qr-svg";

// The PNG's centre logo: a raster image (its format checked by qr-query.ts from its bytes) decoded
// and scaled by sharp to the logo square of the code, then blended in by qrPng. Kept apart from
// qr-svg.ts, which the editor's client bundle imports: sharp is a server-only native module.
//
// The work is bounded four ways: the pixel count is read from the header and refused before any
// decoding, sharp gives up after LOGO_TIMEOUT_S, the render slots cap how many run at once
// (lib/images/work-slots.ts), and a logo drawn once is kept by content hash, so a repeated download
// (or a repeated hostile request) costs a hash. docs/decisions/024-image-work-capped-not-moved.md.

/** A logo is drawn at most ~450 px square (22% of 2048); more than this many pixels only costs decoding. */
export const MAX_LOGO_SIDE = 2048;
const MAX_LOGO_PIXELS = MAX_LOGO_SIDE * MAX_LOGO_SIDE;
const LOGO_TIMEOUT_S = 2;
const RASTER = new Set(["png", "jpeg", "webp", "gif"]);

type Drawn = Buffer | HopError;
/** RGBA logos (up to ~0.8 MB each) and refusals, by content hash and size. */
const drawn = () =>
  shared(
    "qrLogoDrawn",
    () =>
      new LRUCache<string, Drawn>({
        maxSize: 16 * 1024 * 1024,
        sizeCalculation: (value) => (value instanceof Buffer ? value.length : 256),
      }),
  );

const refusal = (message: string) => new HopError("invalid_request", { field: "logo", message: `logo: ${message}` });
const UNREADABLE = `the image could not be read as a ${RASTER_FORMATS} image.`;
const TOO_LARGE = `the image is larger than ${MAX_LOGO_SIDE.toLocaleString("en-US")} × ${MAX_LOGO_SIDE.toLocaleString("en-US")} pixels (${MAX_LOGO_PIXELS.toLocaleString("en-US")} pixels in all); scale it down.`;

/** A raster image of at most MAX_LOGO_PIXELS, or the refusal. Reads the header only: a decompression bomb costs nothing. */
async function headerProblem(image: Buffer): Promise<HopError | null> {
  try {
    // sharp's own pixel limit would refuse a bomb here as unreadable; the size is judged below.
    const { format, width = 0, height = 0 } = await sharp(image, { limitInputPixels: false }).metadata();
    if (!format || !RASTER.has(format)) return refusal(`the image must be a ${RASTER_FORMATS} image.`);
    if (width * height > MAX_LOGO_PIXELS) return refusal(TOO_LARGE);
    return null;
  } catch {
    return refusal(UNREADABLE);
  }
}

/** The logo's RGBA pixels, `side` square, or the refusal; `keep`: false when another try might succeed. */
async function decodeLogo(image: Buffer, side: number): Promise<{ result: Drawn; keep: boolean }> {
  const problem = await headerProblem(image);
  if (problem) return { result: problem, keep: true };
  try {
    const rgba = await sharp(image, { limitInputPixels: MAX_LOGO_PIXELS })
      .timeout({ seconds: LOGO_TIMEOUT_S })
      .resize(side, side, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer();
    return { result: rgba, keep: true };
  } catch (error) {
    // A busy machine may be why: not remembered.
    if (/timeout/i.test(error instanceof Error ? error.message : "")) {
      return { result: refusal(`the image took longer than ${LOGO_TIMEOUT_S} seconds to decode; use a smaller or simpler one.`), keep: false };
    }
    return { result: refusal(UNREADABLE), keep: true };
  }
}

/** The SVG only links the logo, but the same logos are refused as in the PNG, so both downloads agree. */
export async function assertQrLogoReadable(logoDataUrl: string): Promise<void> {
  const problem = await headerProblem(logoBytesOf(logoDataUrl));
  if (problem) throw problem;
}

/** The PNG with the logo; `accountId`: whose render slot it takes (the signed-in or key's account). */
export async function qrPngWithLogo(text: string, options: QrOptions & { size?: number }, logoDataUrl: string, accountId: string): Promise<Buffer> {
  const { logo } = qrPngLayout(text, options);
  const image = logoBytesOf(logoDataUrl);
  const key = `${createHash("sha256").update(image).digest("base64url")}:${logo.size}`;
  let rgba = drawn().get(key);
  if (rgba === undefined) {
    const decoded = await withImageWorkSlot(accountId, () => decodeLogo(image, logo.size), "QR logo");
    if (decoded.keep) drawn().set(key, decoded.result);
    rgba = decoded.result;
  }
  if (rgba instanceof HopError) throw rgba;
  return qrPng(text, options, rgba);
}
