import { LRUCache } from "lru-cache";
import type { Db } from "../db/open";
import { shared } from "../shared";
import type { ImageSize } from "./image-address";

// A stored picture's bytes by key and size, for anyone who has its address: the key (160 bits of
// a content hash) is the permission, as with any CDN address, so the read is not scoped to an
// account. A picture never changes under its key, so the hot ones are kept in memory.

export interface StoredImage {
  type: string;
  data: Uint8Array;
}

const recent = () =>
  shared(
    "storedImages",
    () => new LRUCache<string, StoredImage>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (image) => image.data.length + 64 }),
  );

export async function readImageAcrossAccounts(db: Db, key: string, size: ImageSize): Promise<StoredImage | null> {
  const id = `${key}:${size}`;
  const kept = recent().get(id);
  if (kept) return kept;
  const row = await db.imageVariant.findUnique({ where: { imageKey_size: { imageKey: key, size } }, select: { type: true, data: true } });
  if (!row) return null;
  const image = { type: row.type, data: row.data };
  recent().set(id, image);
  return image;
}
