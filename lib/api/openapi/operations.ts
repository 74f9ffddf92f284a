import { z } from "zod";
import { AnalyticsQuery } from "../../analytics/timeframe";
import { ConnectDomainBody, SetDefaultBody } from "../../domains/schemas";
import { CreatePresetBody, UpdatePresetBody } from "../../geo/presets";
import { CreateGroupBody, GroupLinksBody } from "../../groups/groups";
import { ListLinksQuery, PaginationQuery } from "../../links/list-links";
import { BulkCreateBody, BulkDeleteBody, BulkStatusBody, CreateLinkBody, StatusBody, UpdateLinkBody } from "../../links/schemas";
import { CreateDraftBody } from "../../drafts/schemas";
import { CreateWebsiteBody, DuplicateWebsiteBody } from "../../websites/schemas";
import { QrQuery } from "../../qr/qr-query";
import type { Resource } from "../roles";
import type { ErrorSpec } from "./errors";
import * as R from "./responses";

// Every /v1 operation the document describes: the very schemas the route files hand to apiRoute,
// the role resource, the success body and the errors it can answer besides the ones every
// operation shares (401, 403 plan/role, 429, 500, 503; see document.ts). tests/api/openapi.test.ts
// walks app/v1 and fails when a route method is missing here or names another resource or schema.

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path: `{name}` for each dynamic segment of the route directory. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** The role resource of the route (lib/api/roles.ts); null: no key needed. */
  resource: Resource | null;
  fullKeyOnly?: boolean;
  /** Beyond API.md (x-hop-addition). */
  addition?: boolean;
  pathParams?: Record<string, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  success: { status: 200 | 201; description: string; schema: z.ZodType; /** Media types other than JSON (an image answer). */ mediaTypes?: Record<string, z.ZodType> };
  errors: ErrorSpec[];
}

const LINK_IDENTIFIER = "Link id, bare slug or URL-encoded short URL; an id or short URL wins over a slug match.";
const BAD_REQUEST_PUT = "PUT's 400: any invalid field (a flat code such as INVALID_DESTINATION_URL is kept in `code`).";

export const OPERATIONS: Operation[] = [
  {
    method: "post", path: "/v1/links", tag: "Links", resource: "links", summary: "Create a link",
    body: CreateLinkBody,
    success: { status: 201, description: "Created. At the active limit the link is created inactive with `inactiveReason`.", schema: R.CreateLinkResult },
    errors: [
      "INVALID_DESTINATION_URL", "INVALID_SLUG", "BLOCKED_BOUNCY_DESTINATION", "GROUP_NOT_FOUND", "DOMAIN_NOT_VERIFIED", "UNKNOWN_SYSTEM_DOMAIN", "invalid_domain",
      { plain: "Missing custom slug", status: 400 }, { plain: "Custom slug or domain already taken", status: 400 },
      "TOTAL_LINK_LIMIT_REACHED", "DOMAIN_NOT_FOUND", "link_not_found",
    ],
  },
  {
    method: "get", path: "/v1/links", tag: "Links", resource: "links", summary: "List links", description: "Newest first; every item includes `type`.",
    query: ListLinksQuery,
    success: { status: 200, description: "A page of links.", schema: R.LinkList },
    errors: [],
  },
  {
    method: "get", path: "/v1/links/{identifier}", tag: "Links", resource: "links", summary: "Get a link with every stored field", addition: true,
    pathParams: { identifier: LINK_IDENTIFIER },
    success: { status: 200, description: "The link.", schema: R.LinkGetResult },
    errors: ["link_not_found", "AMBIGUOUS_IDENTIFIER"],
  },
  {
    method: "put", path: "/v1/links/{identifier}", tag: "Links", resource: "links", summary: "Update a link",
    description: "`slug` and `domain` cannot be changed. Errors use PUT's own flat bodies.",
    pathParams: { identifier: LINK_IDENTIFIER },
    body: UpdateLinkBody,
    success: { status: 200, description: "Updated (`updatedFields` lists what changed).", schema: R.LinkUpdateResult },
    errors: [
      { titled: "Bad Request", status: 400, description: BAD_REQUEST_PUT },
      { titled: "Not Found", status: 404, description: "No such link for the caller." },
      { titled: "Forbidden", status: 403, description: "A team member whose team role may not modify the owner's link." },
      "AMBIGUOUS_IDENTIFIER",
    ],
  },
  {
    method: "delete", path: "/v1/links/{identifier}", tag: "Links", resource: "links", summary: "Delete a link", addition: true,
    pathParams: { identifier: LINK_IDENTIFIER },
    success: { status: 200, description: "Deleted.", schema: R.LinkDeleteResult },
    errors: ["link_not_found", "AMBIGUOUS_IDENTIFIER"],
  },
  {
    method: "patch", path: "/v1/links/{identifier}/status", tag: "Links", resource: "links", summary: "Activate or deactivate a link",
    description: "`bulk` in any letter case is the bulk status endpoint, never an identifier.",
    pathParams: { identifier: LINK_IDENTIFIER },
    body: StatusBody,
    success: { status: 200, description: "The new status.", schema: R.LinkStatusResult },
    errors: [{ plain: "Deeplink not found", status: 404 }, "AMBIGUOUS_IDENTIFIER", "ACTIVE_LINK_LIMIT_REACHED"],
  },
  {
    method: "get", path: "/v1/links/{identifier}/qr", tag: "Links", resource: "links", summary: "The QR code of a link's short URL", addition: true,
    description:
      "An SVG (default) or PNG image that scans to the link's short URL, found as GET /v1/links/{identifier} finds it; another account's link is 404. A PNG with a logo is drawn one at a time per account and two at a time per server: beyond that, 429 `rate_limit_exceeded` with `window: \"concurrent\"` and `Retry-After`.",
    pathParams: { identifier: LINK_IDENTIFIER },
    query: QrQuery,
    success: {
      status: 200,
      description: "The image; `X-QR-Content` names the encoded short URL.",
      schema: z.string(),
      mediaTypes: { "image/svg+xml": z.string().meta({ description: "SVG document." }), "image/png": z.string().meta({ format: "binary" }) },
    },
    errors: ["link_not_found", "AMBIGUOUS_IDENTIFIER"],
  },
  {
    method: "post", path: "/v1/links/bulk", tag: "Links", resource: "links", summary: "Create up to 100 links", addition: true,
    description: "Each entry follows every rule of POST /v1/links, in order; failures are listed, not fatal.",
    body: BulkCreateBody,
    success: { status: 200, description: "Per-entry results.", schema: R.BulkCreateResult },
    errors: [],
  },
  {
    method: "delete", path: "/v1/links/bulk", tag: "Links", resource: "links", summary: "Delete up to 100 links",
    body: BulkDeleteBody,
    success: { status: 200, description: "Per-identifier results.", schema: R.BulkDeleteResult },
    errors: [{ titled: "Bad Request", status: 400, description: "`links` not an array of 1 to 100 entries." }, "TOO_MANY_CUSTOM_DOMAINS"],
  },
  {
    method: "patch", path: "/v1/links/bulk/status", tag: "Links", resource: "links", summary: "Activate or deactivate up to 100 links", addition: true,
    description: "Applied in order; an activation past the active limit lands in `failed` with ACTIVE_LINK_LIMIT_REACHED.",
    body: BulkStatusBody,
    success: { status: 200, description: "Per-identifier results.", schema: R.BulkStatusResult },
    errors: [],
  },
  {
    method: "post", path: "/v1/websites", tag: "Websites", resource: "websites", summary: "Create and publish a website",
    body: CreateWebsiteBody,
    success: { status: 201, description: "Published (inactive on the primary or a system domain at the active limit).", schema: R.WebsiteCreateResult },
    errors: [
      "INVALID_SLUG", "UNKNOWN_SYSTEM_DOMAIN", "DOMAIN_NOT_VERIFIED", "DOMAIN_NOT_FOUND", "INVALID_DESTINATION_URL", "BLOCKED_BOUNCY_DESTINATION",
      "TOTAL_LINK_LIMIT_REACHED", "ACTIVE_LINK_LIMIT_REACHED",
      { plain: "Custom slug already taken", status: 400 }, { plain: "Missing custom slug", status: 400 },
    ],
  },
  {
    method: "post", path: "/v1/websites/drafts", tag: "Websites", resource: "drafts", summary: "Save a draft page for a person to finish in the editor",
    description: "The draft never counts toward limits and is listed nowhere; an unopened draft is deleted after 30 days. See docs/editor.md.",
    body: CreateDraftBody,
    success: { status: 201, description: "Saved; open `editorUrl` to finish and publish.", schema: R.DraftCreateResult },
    errors: [{ titled: "Bad Request", status: 400, description: "templateId not on the draft list, semantic missing, not an object, over 64 KB, or a member invalid (field names it)." }],
  },
  {
    method: "get", path: "/v1/websites/{id}", tag: "Websites", resource: "websites", summary: "Get a website",
    pathParams: { id: "Slug, custom domain (`domain/path` or `domain__path`) or document id." },
    success: { status: 200, description: "The page with its editor data.", schema: R.WebsiteGetResult },
    errors: ["link_not_found"],
  },
  {
    method: "post", path: "/v1/websites/{id}/duplicate", tag: "Websites", resource: "websites", summary: "Duplicate a website",
    pathParams: { id: "Slug, custom domain or document id of the source." },
    body: DuplicateWebsiteBody,
    success: { status: 201, description: "The copy.", schema: R.WebsiteDuplicateResult },
    errors: [
      "INVALID_SLUG", "UNKNOWN_SYSTEM_DOMAIN", "DOMAIN_NOT_VERIFIED", "DOMAIN_NOT_FOUND", "TOTAL_LINK_LIMIT_REACHED", "ACTIVE_LINK_LIMIT_REACHED",
      { plain: "Send slug, domain or both.", status: 400 }, { plain: "Missing custom slug", status: 400 }, { plain: "Custom slug already taken", status: 400 },
      { plain: "Source website not found", status: 404 },
    ],
  },
  {
    method: "get", path: "/v1/websites/{id}/contacts", tag: "Websites", resource: "websites", summary: "List the contacts a website collected", addition: true,
    pathParams: { id: "Slug, custom domain or document id." },
    query: PaginationQuery,
    success: { status: 200, description: "A page of contacts, newest first.", schema: R.ContactList },
    errors: ["link_not_found"],
  },
  {
    method: "get", path: "/v1/domains", tag: "Domains", resource: "domains", summary: "List custom domains",
    success: { status: 200, description: "The account's domains.", schema: R.DomainList },
    errors: [],
  },
  {
    method: "post", path: "/v1/domains", tag: "Domains", resource: "domains", summary: "Connect a custom domain",
    body: ConnectDomainBody,
    success: { status: 201, description: "Connected, unverified, with the DNS record to configure.", schema: R.DomainObject },
    errors: ["invalid_domain", "quota_exceeded", "domain_already_connected"],
  },
  {
    method: "patch", path: "/v1/domains/{domain}", tag: "Domains", resource: "domains", summary: "Make a domain the account default", addition: true,
    pathParams: { domain: "The domain, without protocol." },
    body: SetDefaultBody,
    success: { status: 200, description: "The domain.", schema: R.DomainObject },
    errors: ["domain_not_found"],
  },
  {
    method: "delete", path: "/v1/domains/{domain}", tag: "Domains", resource: "domains", summary: "Remove a custom domain",
    description: "Its links move to the primary domain (a taken slug gets `-1`, `-2` …).",
    pathParams: { domain: "The domain, without protocol." },
    success: { status: 200, description: "Removed.", schema: R.DomainDeleteResult },
    errors: ["domain_not_found", "cannot_delete_default_domain"],
  },
  {
    method: "post", path: "/v1/domains/{domain}/verify", tag: "Domains", resource: "domains", summary: "Check DNS and verify a domain",
    pathParams: { domain: "The domain, without protocol." },
    success: { status: 200, description: "200 either way; `verified` says the outcome.", schema: R.DomainVerifyResult },
    errors: ["domain_not_found"],
  },
  {
    method: "get", path: "/v1/domains/{domain}/dns", tag: "Domains", resource: "domains", summary: "Expected and current DNS of a domain",
    pathParams: { domain: "The domain, without protocol." },
    success: { status: 200, description: "The DNS report.", schema: R.DomainDnsResult },
    errors: ["domain_not_found"],
  },
  {
    method: "get", path: "/v1/groups", tag: "Groups", resource: "groups", summary: "List groups", addition: true,
    success: { status: 200, description: "The account's groups, newest first.", schema: R.GroupList },
    errors: [],
  },
  {
    method: "post", path: "/v1/groups", tag: "Groups", resource: "groups", summary: "Create a group", addition: true,
    body: CreateGroupBody,
    success: { status: 201, description: "The group.", schema: R.GroupObject },
    errors: [],
  },
  {
    method: "patch", path: "/v1/groups/{groupId}/links", tag: "Groups", resource: "groups", summary: "Add links to or remove links from a group",
    pathParams: { groupId: "The group id." },
    body: GroupLinksBody,
    success: { status: 200, description: "Partial success is a 200 with entries in `failed`.", schema: R.GroupLinksResult },
    errors: ["group_not_found"],
  },
  {
    method: "delete", path: "/v1/groups/{groupId}", tag: "Groups", resource: "groups", summary: "Delete a group (its links are kept)",
    pathParams: { groupId: "The group id." },
    success: { status: 200, description: "Deleted.", schema: R.GroupDeleteResult },
    errors: ["group_not_found"],
  },
  {
    method: "get", path: "/v1/geo-presets", tag: "Geo presets", resource: "geo-presets", summary: "List geo presets", addition: true,
    success: { status: 200, description: "The presets.", schema: R.GeoPresetList },
    errors: [],
  },
  {
    method: "post", path: "/v1/geo-presets", tag: "Geo presets", resource: "geo-presets", summary: "Create a geo preset", addition: true,
    body: CreatePresetBody,
    success: { status: 201, description: "The preset (countries as ISO alpha-2 codes).", schema: R.GeoPresetObject },
    errors: [],
  },
  {
    method: "put", path: "/v1/geo-presets/{id}", tag: "Geo presets", resource: "geo-presets", summary: "Update a geo preset", addition: true,
    description: "Links that used the preset keep the countries they copied.",
    pathParams: { id: "The preset id." },
    body: UpdatePresetBody,
    success: { status: 200, description: "The preset.", schema: R.GeoPresetObject },
    errors: ["geo_preset_not_found"],
  },
  {
    method: "delete", path: "/v1/geo-presets/{id}", tag: "Geo presets", resource: "geo-presets", summary: "Delete a geo preset", addition: true,
    pathParams: { id: "The preset id." },
    success: { status: 200, description: "Deleted.", schema: R.GeoPresetDeleteResult },
    errors: ["geo_preset_not_found"],
  },
  {
    method: "get", path: "/v1/analytics/links/{identifier}", tag: "Analytics", resource: "analytics", summary: "Views and clicks of a link or website",
    description: "`timeframe` (default last_30_days), or `from` and `to` together (inclusive dates, at most five years).",
    pathParams: { identifier: "Link id, slug or URL-encoded short URL; for websites also the document id, custom slug or custom domain (may contain `/`)." },
    query: AnalyticsQuery,
    success: { status: 200, description: "The analytics.", schema: R.AnalyticsResult },
    errors: [{ plain: "Link or website not found", status: 404 }, "AMBIGUOUS_IDENTIFIER"],
  },
  {
    method: "get", path: "/v1/account/usage", tag: "Account", resource: "account", summary: "This key's usage and rate limits",
    success: { status: 200, description: "Counters after counting this request.", schema: R.UsageResult },
    errors: [],
  },
  {
    method: "get", path: "/v1/account/limits", tag: "Account", resource: "account", summary: "The plan's limits and what the account uses",
    success: { status: 200, description: "Limits; null means unlimited.", schema: R.LimitsResult },
    errors: [],
  },
  {
    method: "get", path: "/v1/account/profile", tag: "Account", resource: "account", fullKeyOnly: true, summary: "The account, this key and its teams",
    success: { status: 200, description: "The profile.", schema: R.ProfileResult },
    errors: [],
  },
  {
    method: "get", path: "/v1/openapi.json", tag: "Meta", resource: null, addition: true, summary: "This document",
    description: "OpenAPI 3.1, generated from the schemas that validate requests. No key needed.",
    success: { status: 200, description: "The OpenAPI document.", schema: R.OpenApiDocumentResult },
    errors: [],
  },
];

export function allOperations(): Operation[] {
  return OPERATIONS;
}
