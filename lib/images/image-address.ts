// The addresses of uploaded pictures, shared by the server (which serves and renders them) and the
// editor (which puts one into a page). No server-only imports: the editor's bundle uses this.
//
// A picture is stored in three sizes; the page refers to it by its largest one,
// `/__hop/img/<key>.webp`, and the renderer derives the smaller ones (`<key>-160.webp`,
// `<key>-320.webp`) for srcset. The path is on whatever host serves the page (the app's own, a
// system domain or a custom domain), so a page never loads a picture from anyone else's origin.

export const IMAGE_PATH_PREFIX = "/__hop/img/";
/** A page's social card (lib/bio/social-card.ts), served like a picture on the page's host. */
export const CARD_PATH_PREFIX = "/__hop/card/";
/** The boxes a picture is fitted into, smallest first; the last is the one a page refers to. */
export const IMAGE_SIZES = [160, 320, 640] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FORMATS = "JPEG, PNG, WebP or GIF";

const KEY = "[a-f0-9]{40}";
const OWN_IMAGE = new RegExp(`^/__hop/img/(${KEY})\\.webp$`);
const SERVED_FILE = new RegExp(`^(${KEY})(?:-(160|320))?\\.webp$`);

/** The address a page stores for a picture: its largest size. */
export function ownImagePath(key: string, size: ImageSize = 640): string {
  return `${IMAGE_PATH_PREFIX}${key}${size === 640 ? "" : `-${size}`}.webp`;
}

/** The key of a page's own picture address (`/__hop/img/<key>.webp`), or null for anything else. */
export function ownImageKey(value: unknown): string | null {
  return typeof value === "string" ? (OWN_IMAGE.exec(value.trim())?.[1] ?? null) : null;
}

/** The key and size a served file name (`<key>.webp`, `<key>-160.webp`, …) asks for, or null. */
export function servedImageFile(file: string): { key: string; size: ImageSize } | null {
  const match = SERVED_FILE.exec(file);
  return match ? { key: match[1], size: (match[2] ? Number(match[2]) : 640) as ImageSize } : null;
}
