import type { Db } from "../db/open";
import { findEditableDraft } from "../drafts/draft-access";
import { HopError } from "../errors";
import { readRequestBytes } from "../http/read-body";
import { MAX_UPLOAD_BYTES } from "./image-address";
import { saveImage, type SavedImage } from "./save-image";

// The editor's upload: the file's bytes as the body (no multipart), at most MAX_UPLOAD_BYTES,
// read only after the caller is known to edit the draft. The picture belongs to the draft's
// owner, whoever of the owner's team uploaded it, so it lives as long as the page can.

const tooLarge = () => new HopError("invalid_request", { status: 413, field: "image", message: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.` });

export async function readUploadBody(request: Request): Promise<Buffer> {
  const bytes = await readRequestBytes(request, MAX_UPLOAD_BYTES);
  if (bytes === null) throw tooLarge();
  return bytes;
}

export async function uploadDraftImage(db: Db, callerId: string, draftId: string, request: Request, now = new Date()): Promise<SavedImage> {
  const draft = await findEditableDraft(db, callerId, draftId, now);
  return saveImage(db, draft.accountId, await readUploadBody(request), draft.id);
}
