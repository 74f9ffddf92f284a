import type { z } from "zod";
import { HopError } from "../errors";
import { findUnstorableString } from "../validation/storable";
import { DRAFT_TEMPLATES, isDraftTemplate } from "../websites/designs";
import { SEMANTIC_MAX_BYTES, SemanticModel } from "./semantic";

// The checks every draft input goes through (POST /v1/websites/drafts and the editor's saves).
// API.md gives drafts one error body, `{ error: "Bad Request", message, field }`, so every
// refusal here is that flat 400 naming the member (`semantic.links[2].url`, `templateId`, `name`).

export const DEFAULT_DRAFT_TEMPLATE = "simple-stack-v2";
export const DRAFT_NAME_MAX = 120;
/** Deeper than any member of the model; refused before anything recurses into the value. */
const MAX_SEMANTIC_DEPTH = 16;

export function badRequest(field: string, message: string): HopError {
  return HopError.titled(400, "Bad Request", message, { field });
}

function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : `${out}.${String(part)}`), prefix);
}

/** Nesting depth of a parsed JSON value, without recursion (stops once past `limit`). */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * `semantic` as sent: an object, at most 64 KB as JSON, every string storable, every member of the
 * schema valid. Returns the normalised model (unknown members dropped, URLs trimmed).
 */
export function parseSemantic(value: unknown, field = "semantic"): { model: SemanticModel; templateId: unknown } {
  if (value === undefined || value === null) throw badRequest(field, `${field} is required: the page config as an object.`);
  if (typeof value !== "object" || Array.isArray(value)) throw badRequest(field, `${field} must be an object.`);
  if (depthExceeds(value, MAX_SEMANTIC_DEPTH)) throw badRequest(field, `${field} is nested more than ${MAX_SEMANTIC_DEPTH} levels deep.`);
  const unstorable = findUnstorableString(value);
  if (unstorable) throw badRequest(pathOf(field, unstorable.path), `${pathOf(field, unstorable.path)} ${unstorable.reason}, which cannot be stored.`);
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > SEMANTIC_MAX_BYTES) throw badRequest(field, `${field} is ${bytes} bytes as JSON; at most ${SEMANTIC_MAX_BYTES} (64 KB).`);
  const parsed = SemanticModel.safeParse(value);
  if (!parsed.success) throw zodBadRequest(parsed.error, field);
  const { templateId, ...model } = parsed.data;
  return { model, templateId };
}

export function zodBadRequest(error: z.ZodError, prefix: string): HopError {
  const issue = error.issues[0];
  const field = pathOf(prefix, issue.path);
  return badRequest(field, `${field}: ${issue.message}`);
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
    if (typeof value !== "string") throw badRequest("name", "name must be a string.");
    const name = value.trim();
    if (name.length > DRAFT_NAME_MAX) throw badRequest("name", `name is at most ${DRAFT_NAME_MAX} characters.`);
    const unstorable = findUnstorableString(name);
    if (unstorable) throw badRequest("name", `name ${unstorable.reason}, which cannot be stored.`);
    if (name) return name;
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
