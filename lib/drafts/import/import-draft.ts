import { z } from "zod";
import type { Db } from "../../db/open";
import { HopError, isHopError } from "../../errors";
import { saveImage } from "../../images/save-image";
import { readRequestBytes } from "../../http/read-body";
import { codedError } from "../../validation/coded";
import { createDraft } from "../create-draft";
import { badRequest, parseDraftBody } from "../draft-input";
import { DraftCreateResult } from "../responses";
import { DraftName, DraftTemplateId } from "../schemas";
import { toSemantic, type ImportedPage, type ImportSource } from "./imported-page";
import { parseLinkStackJson, readLinkStackHtml } from "./linkstack";
import { nextDataOf, readLinktree } from "./linktree";

// "Moving in" (POST /v1/websites/drafts/import and the dashboard's import): a LinkStack export or
// public page, or a Linktree public page, uploaded as it is (the server never fetches a page
// itself), becomes a draft of the caller's account, answered with what was carried over and what
// was not. The file is at most 2 MB, judged before it is read.

export const PAGE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_SOURCES = ["linkstack", "linktree"] as const;

export const ImportDraftQuery = z.object({
  source: z
    .enum(IMPORT_SOURCES, { error: codedError("invalid_request", "source must be linkstack or linktree.") })
    .optional()
    .meta({ description: "Absent: recognised from the file." }),
  templateId: DraftTemplateId.optional(),
  name: DraftName.optional(),
});
export type ImportDraftQuery = z.output<typeof ImportDraftQuery>;

const Skipped = z.object({ kind: z.string(), title: z.string(), reason: z.string() });

export const DraftImportResult = DraftCreateResult.extend({
  data: DraftCreateResult.shape.data.extend({
    source: z.enum(IMPORT_SOURCES),
    imported: z
      .object({
        profile: z.object({ name: z.string().optional(), handle: z.string().optional(), bio: z.string().optional() }),
        avatar: z.string().optional(),
        links: z.array(z.object({ type: z.string(), title: z.string().optional(), text: z.string().optional(), url: z.string().optional(), platform: z.string().optional() })),
        socials: z.array(z.object({ platform: z.string(), url: z.string() })),
      })
      .meta({ description: "What the draft holds: the profile, the blocks in the page's order, the social icons." }),
    skipped: z.array(Skipped).meta({ description: "Every part of the page that was not carried over, with why." }),
  }),
});

/** The uploaded file as text: a 413 past 2 MB (before a byte is read when Content-Length says so), a 400 when empty. */
export async function readPageFile(request: Request): Promise<string> {
  const bytes = await readRequestBytes(request, PAGE_IMPORT_MAX_BYTES);
  if (bytes === null) throw HopError.titled(413, "Payload Too Large", `The file may be at most ${PAGE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`, { field: "body" });
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (!text.trim()) throw badRequest("body", "The body is empty: send the LinkStack export (JSON) or the saved page (HTML) as the body.");
  return text;
}

/** The file read by the reader of its source (named or recognised). */
export function readPage(text: string, source?: ImportSource): ImportedPage {
  const trimmed = text.trimStart();
  const json = trimmed.startsWith("{");
  const html = trimmed.startsWith("<");
  if (!json && !html) throw badRequest("body", "The file is neither HTML nor JSON: upload LinkStack's export (.json) or the page saved from the browser (.html).");
  if (json) {
    if (source === "linktree") throw badRequest("body", "This is a JSON file; for Linktree, upload the public page saved from the browser as HTML.");
    return parseLinkStackJson(text);
  }
  if (source === "linktree" || (source === undefined && nextDataOf(text) !== null)) return readLinktree(text);
  return readLinkStackHtml(text);
}

/** The import, as one draft of `accountId` (audited as the draft's creation, with its source). */
export async function importDraft(db: Db, accountId: string, text: string, query: ImportDraftQuery, now: Date = new Date()) {
  const page = readPage(text, query.source);
  await uploadEmbeddedAvatar(db, accountId, page);
  const semantic = toSemantic(page);
  const body = parseDraftBody({ semantic, templateId: query.templateId ?? null, name: query.name ?? null });
  const created = await createDraft(db, accountId, body, now, { importedFrom: page.source });
  return {
    success: true,
    data: { ...created.data, source: page.source, imported: { profile: semantic.profile, avatar: page.avatar, links: page.links, socials: page.socials }, skipped: page.skipped },
  } satisfies z.input<typeof DraftImportResult>;
}

/**
 * A picture the file holds (a LinkStack export's) becomes the account's uploaded picture and the
 * draft's avatar, like an upload in the editor; one the upload refuses (not a picture, the
 * account's limit) is listed as skipped with the upload's reason, and the import goes on.
 */
async function uploadEmbeddedAvatar(db: Db, accountId: string, page: ImportedPage): Promise<void> {
  if (!page.avatarUpload) return;
  try {
    page.avatar = (await saveImage(db, accountId, page.avatarUpload)).url;
  } catch (error) {
    if (!isHopError(error)) throw error;
    page.skipped.push({ kind: "avatar", title: "Profile picture", reason: `The export's picture was not kept: ${error.message}` });
  }
}

/** A dry run's look: what would be carried over, nothing saved. */
export function previewImport(text: string, query: ImportDraftQuery) {
  const page = readPage(text, query.source);
  return { source: page.source, links: page.links.length, socials: page.socials.length, skipped: page.skipped };
}
