import { recordAudit } from "../audit/record-audit";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { limiter, retryAfterSeconds } from "../limits/limiter";
import { withAccountLock } from "../db/account-lock";
import { countOf } from "../text/plural";
import { encodeUpload, imageKeyOf, type EncodedImage } from "./encode-upload";
import { ownImagePath } from "./image-address";
import { withImageWorkSlot } from "./work-slots";

// An uploaded picture kept for an account (the owner of the page it was uploaded for): counted
// against MAX_IMAGES_PER_ACCOUNT under the account's row lock, so two uploads at once can't both
// take the last place, and throttled per account. The same file uploaded twice is one picture.

export const MAX_IMAGES_PER_ACCOUNT = 200;
export const UPLOADS_PER_HOUR = 60;

export interface SavedImage {
  url: string;
  width: number;
  height: number;
}

async function takeUploadPoint(accountId: string): Promise<void> {
  const taken = await limiter("image-upload", UPLOADS_PER_HOUR, 60 * 60_000).take(accountId);
  if (taken.allowed) return;
  const seconds = retryAfterSeconds(taken.msBeforeNext);
  throw new HopError("rate_limit_exceeded", {
    message: `At most ${countOf(UPLOADS_PER_HOUR, "image")} can be uploaded an hour; try again in ${countOf(Math.ceil(seconds / 60), "minute")}.`,
    extras: { limit: UPLOADS_PER_HOUR, remaining: 0, resetAt: Math.ceil(Date.now() / 1000) + seconds, window: "hour" },
    headers: { "retry-after": String(seconds) },
  });
}

/** `draftId`: the page it was uploaded for, named in the audit entry. */
export async function saveImage(db: Db, accountId: string, upload: Buffer, draftId?: string): Promise<SavedImage> {
  await takeUploadPoint(accountId);
  return storeImage(db, accountId, await withImageWorkSlot(accountId, () => encodeUpload(upload), "picture upload"), draftId);
}

/** Keeps an encoded picture for the account unless it already has it (then no audit entry either); past the account's limit, 403. */
export async function storeImage(db: Db, accountId: string, image: EncodedImage, draftId?: string): Promise<SavedImage> {
  const key = imageKeyOf(accountId, image);
  const bytes = image.variants.reduce((sum, v) => sum + v.data.length, 0);
  await withAccountLock(db, accountId, async (tx) => {
    if (await tx.image.findUnique({ where: { key }, select: { key: true } })) return;
    const kept = await tx.image.count({ where: { accountId } });
    if (kept >= MAX_IMAGES_PER_ACCOUNT) {
      throw new HopError("quota_exceeded", { message: `This account keeps at most ${countOf(MAX_IMAGES_PER_ACCOUNT, "uploaded image")}.` });
    }
    await tx.image.create({
      data: {
        key,
        accountId,
        width: image.width,
        height: image.height,
        bytes,
        variants: { create: image.variants.map((v) => ({ size: v.size, type: "image/webp", data: new Uint8Array(v.data) })) },
      },
    });
    await recordAudit(tx, accountId, { action: "image.uploaded", target: { type: "image", id: key, label: ownImagePath(key) }, details: { draftId, width: image.width, height: image.height, bytes } });
  });
  return { url: ownImagePath(key), width: image.width, height: image.height };
}
