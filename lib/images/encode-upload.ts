import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { HopError } from "../errors";
import { logoFormatOf } from "../qr/logo-format";
import { sharp } from "./sharp";
import { imageLimits } from "./limits";
import { IMAGE_SIZES, MAX_UPLOAD_BYTES, UPLOAD_FORMATS, type ImageSize } from "./image-address";

// An uploaded picture re-encoded before anything keeps it: the format told by its first bytes
// (never the sender's label; SVG refused, it is a program for its renderer), the pixel count read
// from the header and refused before decoding, EXIF orientation applied and every other piece of
// metadata dropped (sharp writes none unless asked: no GPS position, camera or thumbnail leaves
// the server), then WebP in three sizes. Animated GIFs and WebPs stay animated, at most
// MAX_FRAMES frames. docs/websites.md, "Images of your own".
//
// Memory: the source is read once, sequentially (libvips streams its rows through the resize, so
// a 40 MP picture holds ~60 MB, not its 160 MB of pixels), into the largest size; the smaller ones
// are made from that. The pixel limit and how many run at once follow MEMORY_BUDGET_MB
// (lib/images/limits.ts).
const MAX_FRAMES = 100;
const TIMEOUT_S = 10;

export interface EncodedImage {
  width: number;
  height: number;
  variants: { size: ImageSize; data: Buffer }[];
}

const refusal = (message: string, status = 400) => new HopError("invalid_request", { status, field: "image", message });

async function readHeader(bytes: Buffer) {
  const format = logoFormatOf(bytes.subarray(0, 512));
  if (format === "svg") throw refusal(`SVG images can't be uploaded: use a ${UPLOAD_FORMATS} image.`, 415);
  if (format === null) throw refusal(`This file is not a ${UPLOAD_FORMATS} image.`, 415);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refusal(`The image could not be read; it may be damaged. Use a ${UPLOAD_FORMATS} image.`);
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width === 0 || height === 0) throw refusal("The image has no pixels.");
  const { maxPixels } = imageLimits();
  if (width * height > maxPixels) {
    throw refusal(`The image is ${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")} pixels; at most ${maxPixels / 1_000_000} megapixels can be uploaded. Scale it down.`);
  }
  return { pages: Math.min(meta.pages ?? 1, MAX_FRAMES), width, height };
}

/** The picture's three WebP sizes, or a 4xx HopError saying what is wrong with it. */
export async function encodeUpload(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length === 0) throw refusal("The upload is empty: choose an image file.");
  if (bytes.length > MAX_UPLOAD_BYTES) throw refusal(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, 413);
  const header = await readHeader(bytes);
  try {
    const sizes = [...IMAGE_SIZES].reverse();
    const { data: top, info } = await sharp(bytes, { limitInputPixels: imageLimits().maxPixels, pages: header.pages, sequentialRead: true })
      .timeout({ seconds: TIMEOUT_S })
      .rotate()
      .resize(sizes[0], sizes[0], { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const variants = [{ size: sizes[0], data: top }];
    for (const size of sizes.slice(1)) {
      const data = await sharp(top, { pages: -1 })
        .timeout({ seconds: TIMEOUT_S })
        .resize(size, size, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer();
      variants.unshift({ size, data });
    }
    return { width: info.width, height: info.pageHeight ?? info.height, variants };
  } catch (error) {
    if (/timeout/i.test(error instanceof Error ? error.message : "")) throw refusal(`The image took longer than ${TIMEOUT_S} seconds to process; use a smaller one.`);
    throw refusal(`The image could not be read; it may be damaged. Use a ${UPLOAD_FORMATS} image.`);
  }
}

/** The picture's key: the SHA-256 of its largest size with its owner, so two accounts' uploads of one file are two pictures. */
export function imageKeyOf(accountId: string, image: EncodedImage): string {
  return createHash("sha256").update(accountId).update("\0").update(image.variants[image.variants.length - 1].data).digest("hex").slice(0, 40);
}
