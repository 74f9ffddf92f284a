import type { z } from "zod";
import { HopError } from "../errors";
import { readCodedMessage } from "../validation/coded";
import { findUnstorableString } from "../validation/storable";
import { DRAFT_TEMPLATES, isDraftTemplate } from "../websites/designs";
import { CreateDraftBody, DRAFT_NAME_MAX, DraftName, DraftSemantic } from "./schemas";
import type { SemanticModel } from "./semantic";

// The checks every draft input goes through (POST /v1/websites/drafts and the editor's saves), all
// from the schemas of schemas.ts. API.md gives drafts one error body, `{ error: "Bad Request",
// message, field }`, so every refusal here is that flat 400 naming the member
// (`semantic.links[2].url`, `templateId`, `name`).

export const DEFAULT_DRAFT_TEMPLATE = "simple-stack-v2";

export function badRequest(field: string, message: string): HopError {
  return HopError.titled(400, "Bad Request", message, { field });
}

function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), prefix);
}

/** The first issue as the flat 400, its field prefixed with where the checked value sits. */
export function zodBadRequest(error: z.ZodError, prefix: string): HopError {
  const issue = error.issues[0];
  const field = pathOf(prefix, issue.path) || "semantic";
  const coded = readCodedMessage(issue.message, field);
  return badRequest(field, coded ? coded.message : `${field}: ${issue.message}`);
}

/** The API wrapper's refusal of CreateDraftBody (nested, with `field`) as the drafts' flat 400. */
export function asDraftBadRequest(error: HopError): HopError {
  return badRequest(error.field ?? "semantic", error.message);
}

/** A draft body from any caller other than the API wrapper (which parses it itself). */
export function parseDraftBody(value: unknown): CreateDraftBody {
  const parsed = CreateDraftBody.safeParse(value);
  if (!parsed.success) throw zodBadRequest(parsed.error, "");
  return parsed.data;
}

/** `semantic` as sent (the editor's saves): the normalised model, and the templateId it named. */
export function parseSemantic(value: unknown): { model: SemanticModel; templateId: unknown } {
  const parsed = DraftSemantic.safeParse(value);
  if (!parsed.success) throw zodBadRequest(parsed.error, "semantic");
  const { templateId, ...model } = parsed.data;
  return { model, templateId };
}

/** The design of a draft: the top-level templateId wins over semantic.templateId; none → simple-stack-v2. */
export function draftTemplate(topLevel: unknown, fromSemantic: unknown): string {
  const chosen = topLevel ?? fromSemantic ?? DEFAULT_DRAFT_TEMPLATE;
  const where = topLevel !== undefined && topLevel !== null ? "templateId" : "semantic.templateId";
  if (typeof chosen !== "string" || !isDraftTemplate(chosen)) {
    throw badRequest("templateId", `${where} must be one of the draft designs: ${DRAFT_TEMPLATES.join(", ")}.`);
  }
  return chosen;
}

/** The draft's name: as sent (trimmed, at most 120), else the profile name, then the SEO page title. */
export function draftName(value: unknown, model: SemanticModel): string {
  if (value !== undefined && value !== null) {
    const parsed = DraftName.safeParse(value);
    if (!parsed.success) throw zodBadRequest(parsed.error, "name");
    const unstorable = findUnstorableString(parsed.data);
    if (unstorable) throw badRequest("name", `name ${unstorable.reason}, which cannot be stored.`);
    if (parsed.data) return parsed.data;
  }
  const fallback = model.profile?.name?.trim() || model.seo?.pageTitle?.trim() || "Untitled page";
  return cutTo(fallback, DRAFT_NAME_MAX);
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
function cutTo(value: string, max: number): string {
  let out = "";
  for (const char of value) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trimEnd();
}
