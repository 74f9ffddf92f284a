// Which image a QR logo's data URL holds, told by its first bytes (the media type in the URL is the
// sender's word, so it decides nothing). Only raster formats are drawn: an SVG is a program for
// librsvg, and a few KB of nested <use> keep it busy for seconds (issue 29), so it is refused
// before any decoding. The caller's data URL has been checked against LOGO_DATA_URL.

export type LogoFormat = "png" | "jpeg" | "webp" | "gif";

/** A base64 data URL of any declared media type; what it holds is decided by logoFormatOf. */
export const LOGO_DATA_URL = /^data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/i;

export const RASTER_FORMATS = "PNG, JPEG, WebP or GIF";

const startsWith = (bytes: Uint8Array, text: string, at = 0) => [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** The raster format of the image's bytes, "svg" for markup, null for anything else. */
export function logoFormatOf(bytes: Uint8Array): LogoFormat | "svg" | null {
  if (startsWith(bytes, "\x89PNG\r\n\x1a\n")) return "png";
  if (startsWith(bytes, "\xff\xd8\xff")) return "jpeg";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "webp";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "gif";
  // Markup (an SVG, with or without an XML declaration, a BOM, leading space or a comment).
  const head = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "").trimStart();
  if (head.startsWith("<")) return "svg";
  return null;
}

/** The first bytes of a checked data URL: enough for every signature above, without decoding the rest. */
export function logoHeadOf(dataUrl: string): Uint8Array {
  const payload = dataUrl.slice(dataUrl.indexOf(",") + 1, dataUrl.indexOf(",") + 1 + 64);
  return Buffer.from(payload.slice(0, payload.length - (payload.length % 4)), "base64");
}

/** The whole image. */
export function logoBytesOf(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** Why a logo of this format is refused, or null for a raster image. */
export function logoFormatProblem(format: LogoFormat | "svg" | null): string | null {
  if (format === "svg") return `SVG logos are not accepted (drawing one can take seconds); export the logo as a ${RASTER_FORMATS} image.`;
  if (format === null) return `logo must be a ${RASTER_FORMATS} image.`;
  return null;
}

/** The data URL with the media type its bytes have, so the SVG's <image> shows what was checked. */
export function canonicalLogoDataUrl(dataUrl: string, format: LogoFormat): string {
  return `data:image/${format};base64,${dataUrl.slice(dataUrl.indexOf(",") + 1)}`;
}
