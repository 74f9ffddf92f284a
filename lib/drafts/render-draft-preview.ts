import { z } from "zod";
import { renderWebsitePage, withoutScripts } from "../bio/render-page";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { parseSemantic } from "./draft-input";
import { findEditableDraft } from "./draft-access";
import { semanticToData } from "./semantic-to-data";
import { isDraftTemplate } from "../websites/designs";
import { usageNow } from "../usage/clock";

// The editor's live preview: the unsaved model as typed, mapped by semanticToData and drawn by the
// very renderer visitors get (renderWebsitePage), so the preview is what publishing serves. Checked
// exactly as a save is; nothing is stored.

/** A CSP nonce as proxy.ts makes them (base64): the preview's style is tagged with the editor page's nonce. */
const Nonce = z.string().regex(/^[A-Za-z0-9+/=]{8,120}$/);

export const PreviewDraftInput = z.object({
  semantic: z.unknown(),
  templateId: z.string().max(60).optional(),
  nonce: Nonce,
  /** Draw the page as it is at this instant (scheduled blocks); default now. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type PreviewDraftInput = z.infer<typeof PreviewDraftInput>;

export async function renderDraftPreview(db: Db, callerId: string, draftId: string, input: PreviewDraftInput, now: Date = new Date()): Promise<string> {
  const draft = await findEditableDraft(db, callerId, draftId, now);
  const templateId = input.templateId ?? draft.templateId;
  if (templateId !== draft.templateId && !isDraftTemplate(templateId)) {
    throw HopError.titled(400, "Bad Request", `Unknown draft design '${templateId}'.`, { field: "templateId" });
  }
  const { model } = parseSemantic(input.semantic);
  const html = renderWebsitePage({
    publicId: draft.id,
    url: "",
    templateId,
    data: semanticToData(model, templateId),
    nonce: input.nonce,
    adultConfirmed: true,
    brandingUrl: config().appUrl,
    now: input.at ? Date.parse(input.at) : usageNow(),
  });
  // The page's one script reports clicks to the visitor beacon; the preview frame runs no scripts
  // (and counts no clicks), so it is left out.
  return withoutScripts(html);
}
