import { z } from "zod";
import { codedError } from "../validation/coded";
import { LinkObject } from "./responses";

// POST /v1/links/bulk-update's body and answer (docs/decisions/046-bulk-update.md). The filter
// means what GET /v1/links' filters mean (lib/links/list-links.ts linkListWhere); the change is
// applied to every matched link, each new destination checked as PUT checks one.

export const MAX_BULK_UPDATE_IDS = 1_000;
/** Links changed per transaction. */
export const BULK_UPDATE_SLICE = 500;
export const BULK_UPDATE_SAMPLE = 10;
/** `failed` lists at most this many links; `failedCount` counts them all. */
export const MAX_LISTED_FAILURES = 1_000;

const EMPTY_FILTER = "filter needs at least one of ids, tags, groupId, domain, search, isActive: an empty filter would change every link.";
const EMPTY_CHANGE = "change needs at least one of tags, groupId, expiresAt, isActive, utm, replaceHost, replacePrefix.";
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

const Host = (description: string) => z.string().trim().regex(HOST, "must be a host name such as example.com (no scheme, port or path)").meta({ description });

export const BulkUpdateFilter = z
  .strictObject({
    ids: z.array(z.string().min(1).max(600)).min(1).max(MAX_BULK_UPDATE_IDS).optional().meta({ description: `Link ids (the \`id\` of the link object), 1 to ${MAX_BULK_UPDATE_IDS.toLocaleString("en")}.` }),
    tags: z.array(z.string().min(1).max(100)).min(1).max(100).optional().meta({ description: "Links that carry every one of these tags (one tag: GET /v1/links' `tag`)." }),
    groupId: z.string().min(1).max(100).optional(),
    domain: z.string().min(1).max(253).optional(),
    search: z.string().max(200).optional().meta({ description: "As GET /v1/links' `search`: slug, title or destination contains it, any case." }),
    isActive: z.boolean().optional(),
  })
  .refine((filter) => Object.values(filter).some((value) => value !== undefined), { error: codedError("invalid_request", EMPTY_FILTER) })
  .meta({ id: "BulkUpdateFilter", description: "Which links: every member given must hold (as GET /v1/links' filters); at least one member." });

const UtmValue = z.string().min(1).max(200).nullable().optional();
const Rewrite = <From extends z.ZodType, To extends z.ZodType>(from: From, to: To) => z.strictObject({ from, to });

export const BulkUpdateChange = z
  .strictObject({
    tags: z.array(z.string().trim().min(1).max(100)).max(100).optional().meta({ description: "Replaces the tag list ([] removes every tag)." }),
    groupId: z.string().min(1).max(100).nullable().optional().meta({ description: "One of the account's groups (else 404 group_not_found); null removes the group." }),
    expiresAt: z
      .iso.datetime({ offset: true, error: codedError("INVALID_EXPIRATION", "expiresAt must be an ISO 8601 date-time with an offset, like 2026-12-31T23:59:00Z.") })
      .nullable()
      .optional()
      .meta({ description: "null removes it. A link whose startsAt is not before it is listed in `failed` (INVALID_SCHEDULE)." }),
    isActive: z.boolean().optional().meta({ description: "true: links past the plan's active limit stay inactive and are listed in `failed` (ACTIVE_LINK_LIMIT_REACHED)." }),
    utm: z
      .strictObject({ source: UtmValue, medium: UtmValue, campaign: UtmValue, term: UtmValue, content: UtmValue })
      .refine((utm) => Object.values(utm).some((value) => value !== undefined), { error: codedError("invalid_request", "utm needs at least one of source, medium, campaign, term, content.") })
      .optional()
      .meta({ description: "Sets each given utm_* query parameter of the destination; null removes it." }),
    replaceHost: Rewrite(Host("The host to replace, any letter case."), Host("The new host."))
      .optional()
      .meta({ description: "Destinations whose host equals `from` (any letter case) get the host `to`." }),
    replacePrefix: Rewrite(z.string().min(1).max(2048), z.string().max(2048))
      .optional()
      .meta({ description: "Destinations starting with `from` (exactly, letter case included) start with `to` instead." }),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { error: codedError("invalid_request", EMPTY_CHANGE) })
  .refine((change) => !(change.replaceHost && change.replacePrefix), {
    error: codedError("invalid_request", "Send replaceHost or replacePrefix, not both: which applies first would change the result."),
  })
  .meta({ id: "BulkUpdateChange", description: "What to change; at least one member. utm is applied after replaceHost or replacePrefix." });

export const BulkUpdateBody = z
  .strictObject({
    filter: BulkUpdateFilter,
    change: BulkUpdateChange,
    dryRun: z.boolean().optional().meta({ description: "true: answer what would change, changing nothing (no audit entry, no webhook)." }),
  })
  .meta({ id: "BulkUpdateBody" });
export type BulkUpdateBody = z.infer<typeof BulkUpdateBody>;
export type BulkUpdateChange = z.infer<typeof BulkUpdateChange>;

export const BulkUpdateFailure = z.object({ id: z.string(), error: z.string(), code: z.string() });

export const BulkUpdateResult = z
  .object({
    matched: z.int().meta({ description: "Links the filter matched." }),
    changed: z.int().meta({ description: "Links changed (with dryRun: that would change). A matched link already as asked, or in `failed`, is not counted." }),
    sample: z.array(LinkObject).meta({ description: `Up to ${BULK_UPDATE_SAMPLE} changed links, newest first, as they are (with dryRun: would be) after the change.` }),
    failed: z.array(BulkUpdateFailure).meta({ description: `Links left unchanged because the change would break a rule (a new destination PUT would refuse, the active limit, the schedule); at most ${MAX_LISTED_FAILURES.toLocaleString("en")} listed.` }),
    failedCount: z.int().meta({ description: "Every such link, listed or not." }),
    dryRun: z.boolean(),
  })
  .meta({ id: "BulkUpdateResult" });
