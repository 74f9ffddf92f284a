import { z } from "zod";
import { codedError } from "../validation/coded";
import { findUnstorableString } from "../validation/storable";
import { DRAFT_TEMPLATES } from "../websites/designs";
import { SEMANTIC_MAX_BYTES, SemanticModel } from "./semantic";
import { CreateWebsiteBody } from "../websites/schemas";

// The request schemas of the drafts operations (POST /v1/websites/drafts, its publish), in one
// place: the API wrapper validates with them, lib/drafts reads their types and checks the editor's
// saves with their parts, and the OpenAPI document (lib/api/openapi) is generated from them. Every
// refusal of a draft's content names the member in the issue's path; the route and the editor turn
// it into API.md's flat `{ error: "Bad Request", message, field }`.

export const DRAFT_NAME_MAX = 120;
/** Deeper than any member of the model; refused before anything recurses into the value. */
const MAX_SEMANTIC_DEPTH = 16;
const BODY_NOT_OBJECT = "The body must be a JSON object with `semantic`.";

/** A refusal with its own message (no `field: ` prefix), for the flat 400. */
const plain = (message: string) => codedError("invalid_request", message)({});

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
 * `semantic` as sent: an object, not too deep, every string storable, at most 64 KB as JSON; only
 * then is each member checked (and normalised) by SemanticModel.
 */
export const DraftSemantic = z
  .preprocess((value, ctx) => {
    const refuse = (message: string, path: Array<string | number> = []) => {
      ctx.addIssue({ code: "custom", message: plain(message), path, input: value });
      return z.NEVER;
    };
    if (value === undefined || value === null) return refuse("semantic is required: the page config as an object.");
    if (typeof value !== "object" || Array.isArray(value)) return refuse("semantic must be an object.");
    if (depthExceeds(value, MAX_SEMANTIC_DEPTH)) return refuse(`semantic is nested more than ${MAX_SEMANTIC_DEPTH} levels deep.`);
    const unstorable = findUnstorableString(value);
    if (unstorable) {
      const where = unstorable.path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : `${out}.${part}`), "semantic");
      return refuse(`${where} ${unstorable.reason}, which cannot be stored.`, unstorable.path);
    }
    const bytes = Buffer.byteLength(JSON.stringify(value));
    if (bytes > SEMANTIC_MAX_BYTES) return refuse(`semantic is ${bytes} bytes as JSON; at most ${SEMANTIC_MAX_BYTES} (64 KB).`);
    return value;
  }, SemanticModel)
  .meta({
    description:
      "The page as content: profile, avatar, links blocks, socials, seo, theme, spotlight (and the editor's block `id`/`hidden` and `deepLinkBehavior`). " +
      "At most 64 KB as JSON and 16 levels deep; unknown members are dropped; URLs must be absolute http(s), mailto: or tel:.",
  });

export const DraftTemplateId = z
  .enum(DRAFT_TEMPLATES, { error: codedError("invalid_request", `templateId must be one of the draft designs: ${DRAFT_TEMPLATES.join(", ")}.`) })
  .meta({ description: "A design of the draft list; wins over `semantic.templateId`; neither: `simple-stack-v2`." });

export const DraftName = z
  .string({ error: codedError("invalid_request", "name must be a string.") })
  .trim()
  .max(DRAFT_NAME_MAX, { error: codedError("invalid_request", `name is at most ${DRAFT_NAME_MAX} characters.`) })
  .meta({ description: "Default: the profile name, then the SEO page title, then `Untitled page`.", example: "Ada's page" });

export const CreateDraftBody = z
  .object(
    {
      semantic: DraftSemantic,
      templateId: DraftTemplateId.nullish(),
      name: DraftName.nullish(),
    },
    { error: codedError("invalid_request", BODY_NOT_OBJECT) },
  )
  .meta({ id: "CreateDraftBody" });
export type CreateDraftBody = z.output<typeof CreateDraftBody>;

const { customSlug, systemDomain, useSystemDomain, customDomain, customPath, deployToHosting } = CreateWebsiteBody.shape;

/**
 * Publishing a draft (POST /v1/websites/drafts/{id}/publish and the editor's dialog): the address
 * members of POST /v1/websites, and the draft's version as last read.
 */
export const PublishDraftBody = z
  .object(
    {
      version: z
        .number()
        .int()
        .min(1)
        .optional()
        .meta({ description: "The draft's version as last read: another version is 409 `draft_changed` (the editor sends it). Absent: the draft as it is now." }),
      customSlug,
      systemDomain,
      useSystemDomain,
      customDomain,
      customPath,
      deployToHosting,
    },
    { error: codedError("invalid_request", "The body must be a JSON object: the page's address (all members optional; `{}` publishes at a generated address).") },
  )
  .meta({ id: "PublishDraftBody", description: "Where to publish, as for POST /v1/websites: customDomain (+ customPath) wins; else systemDomain with customSlug; else customSlug on the primary domain; else a generated `site/…` address on the primary domain." });
export type PublishDraftBody = z.output<typeof PublishDraftBody>;
