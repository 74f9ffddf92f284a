import { z } from "zod";
import { LimitsResult, ProfileResult, UsageResult } from "../../accounts/responses";
import { AnalyticsOverviewResult, AnalyticsResult } from "../../analytics/responses";
import { AUDIT_COLUMNS, AuditFilters, AuditLogPage, AuditLogQuery } from "../../audit/list-audit";
import { AnalyticsQuery } from "../../analytics/timeframe";
import { LinkAnalyticsQuery } from "../../analytics/audience";
import { ANALYTICS_CSV_COLUMNS } from "../../analytics/export-analytics";
import { DomainDeleteResult, DomainDnsResult, DomainList, DomainObject, DomainVerifyResult } from "../../domains/responses";
import { ConnectDomainBody, SetDefaultBody } from "../../domains/schemas";
import { asDraftBadRequest } from "../../drafts/draft-input";
import { DraftCreateResult, DraftPublishResult } from "../../drafts/responses";
import { CreateDraftBody, PublishDraftBody } from "../../drafts/schemas";
import { DraftImportResult, ImportDraftQuery, PAGE_IMPORT_MAX_BYTES } from "../../drafts/import/import-draft";
import type { HopError } from "../../errors";
import { CreatePresetBody, UpdatePresetBody } from "../../geo/presets";
import { GeoPresetDeleteResult, GeoPresetList, GeoPresetObject } from "../../geo/responses";
import { CreateGroupBody, GroupLinksBody } from "../../groups/groups";
import { GroupDeleteResult, GroupLinksResult, GroupList, GroupObject } from "../../groups/responses";
import { asBulkDeleteBadRequest } from "../../links/delete-links-bulk";
import { asUpdateBadRequest } from "../../links/link-by-identifier";
import { BulkUpdateBody, BulkUpdateResult, MAX_BULK_UPDATE_IDS } from "../../links/bulk-update-schema";
import { ListLinksQuery, PaginationQuery } from "../../links/list-links";
import {
  BulkCreateResult, BulkDeleteResult, BulkStatusResult, CreateLinkResult, LinkDeleteResult, LinkGetResult, LinkList, LinkStatusResult, LinkUpdateResult,
} from "../../links/responses";
import { BulkCreateBody, BulkDeleteBody, BulkStatusBody, CreateLinkBody, StatusBody, UpdateLinkBody } from "../../links/schemas";
import { QrQuery } from "../../qr/qr-query";
import { CreateWebhookBody, DeliveryList, MAX_WEBHOOKS, WebhookCreateResult, WebhookDeleteResult, WebhookList } from "../../webhooks/schemas";
import { EXPORT_COLUMNS, ExportLinksQuery } from "../../links/export-links";
import { IMPORT_LIMITS, ImportQuery } from "../../links/import-links";
import { ImportResultSchema } from "../../links/responses";
import { ContactList, SubscriberDeleteResult, SubscriberList, WebsiteCreateResult, WebsiteDuplicateResult, WebsiteGetResult } from "../../websites/responses";
import { CreateWebsiteBody, DuplicateWebsiteBody } from "../../websites/schemas";
import { SubscriberQuery } from "../../websites/subscribers";
import type { Scope } from "../../keys/scopes";
import type { Resource } from "../roles";
import type { ErrorSpec } from "./errors";

// Every /v1 operation, once: the route file under app/v1 is built from it (apiRoute takes its
// resource, body and query schemas and answers with its success status), the OpenAPI document
// (document.ts) describes it, and the handler's success body is typed by its success schema.
// Besides its own errors, each may answer the ones every operation shares (401, 403 plan/role,
// 429, 500, 503; see document.ts). tests/unit/openapi-routes.test.ts checks that each route file
// sits at its operations' path and that every operation is routed.

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
  /** The scope a key needs (lib/keys/scopes.ts); null: any key (or, with resource null, none). */
  scope: Scope | null;
  /** Beyond API.md (x-hop-addition). */
  addition?: boolean;
  pathParams?: Record<string, string>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is not JSON (a CSV upload): the handler reads it itself, bounded to `maxBytes`. */
  rawBody?: { mediaType: string; description: string; maxBytes: number };
  /** Reshapes a body that fails `body`, for endpoints whose 400 API.md shows flat (PUT, bulk delete, drafts). */
  bodyError?: (error: HopError) => HopError;
  success: { status: 200 | 201; description: string; schema: z.ZodType; /** Media types other than JSON (an image answer). */ mediaTypes?: Record<string, z.ZodType> };
  errors: ErrorSpec[];
}

/** GET /v1/openapi.json's body: what a client reads first, not every member of OpenAPI 3.1. */
const OpenApiDocumentResult = z.looseObject({ openapi: z.string(), info: z.unknown(), paths: z.unknown() });

const LINK_IDENTIFIER = "Link id, bare slug or URL-encoded short URL; an id or short URL wins over a slug match.";
const BAD_REQUEST_PUT = "PUT's 400: any invalid field (a flat code such as INVALID_DESTINATION_URL is kept in `code`).";

/** What publishing a page may answer (POST /v1/websites, and a draft's publish through it). */
const WEBSITE_ERRORS: ErrorSpec[] = [
  "INVALID_SLUG", "UNKNOWN_SYSTEM_DOMAIN", "DOMAIN_NOT_VERIFIED", "DOMAIN_NOT_FOUND", "INVALID_DESTINATION_URL", "BLOCKED_BOUNCY_DESTINATION",
  "TOTAL_LINK_LIMIT_REACHED", "ACTIVE_LINK_LIMIT_REACHED", "outside_key_restrictions",
  { plain: "Custom slug already taken", status: 400 }, { plain: "Missing custom slug", status: 400 },
];

export const operations = {
  createLink: {
    method: "post", path: "/v1/links", tag: "Links", resource: "links", scope: "links:write", summary: "Create a link",
    body: CreateLinkBody,
    success: { status: 201, description: "Created. At the active limit the link is created inactive with `inactiveReason`.", schema: CreateLinkResult },
    errors: [
      "INVALID_DESTINATION_URL", "INVALID_SLUG", "INVALID_EXPIRATION", "INVALID_SCHEDULE", "BLOCKED_BOUNCY_DESTINATION", "GROUP_NOT_FOUND", "DOMAIN_NOT_VERIFIED", "UNKNOWN_SYSTEM_DOMAIN", "invalid_domain",
      { plain: "Missing custom slug", status: 400 }, { plain: "Custom slug or domain already taken", status: 400 },
      "TOTAL_LINK_LIMIT_REACHED", "DOMAIN_NOT_FOUND", "link_not_found", "outside_key_restrictions",
    ],
  },
  listLinks: {
    method: "get", path: "/v1/links", tag: "Links", resource: "links", scope: "links:read", summary: "List links", description: "Newest first; every item includes `type`.",
    query: ListLinksQuery,
    success: { status: 200, description: "A page of links.", schema: LinkList },
    errors: [],
  },
  getLink: {
    method: "get", path: "/v1/links/{identifier}", tag: "Links", resource: "links", scope: "links:read", summary: "Get a link with every stored field", addition: true,
    pathParams: { identifier: LINK_IDENTIFIER },
    success: { status: 200, description: "The link.", schema: LinkGetResult },
    errors: ["link_not_found", "AMBIGUOUS_IDENTIFIER"],
  },
  updateLink: {
    method: "put", path: "/v1/links/{identifier}", tag: "Links", resource: "links", scope: "links:write", summary: "Update a link",
    description: "`slug` and `domain` cannot be changed. Errors use PUT's own flat bodies.",
    pathParams: { identifier: LINK_IDENTIFIER },
    body: UpdateLinkBody,
    bodyError: asUpdateBadRequest,
    success: { status: 200, description: "Updated (`updatedFields` lists what changed).", schema: LinkUpdateResult },
    errors: [
      { titled: "Bad Request", status: 400, description: BAD_REQUEST_PUT },
      { titled: "Not Found", status: 404, description: "No such link for the caller." },
      { titled: "Forbidden", status: 403, description: "A team member whose team role may not modify the owner's link." },
      "AMBIGUOUS_IDENTIFIER",
    ],
  },
  promoteLinkVariant: {
    method: "post", path: "/v1/links/{identifier}/variants/{index}/promote", tag: "Links", resource: "links", scope: "links:write", summary: "Make an A/B variant the destination", addition: true,
    description: "Ends the link's A/B test: `destination` becomes the variant's URL and `variants` null, audited and sent as `link.updated`. No body. The views per variant stay in the analytics' events.",
    pathParams: { identifier: LINK_IDENTIFIER, index: "The variant's position in `variants`, from 0." },
    success: { status: 200, description: "The link as it is now.", schema: LinkGetResult },
    errors: ["link_not_found", "variant_not_found", "AMBIGUOUS_IDENTIFIER"],
  },
  deleteLink: {
    method: "delete", path: "/v1/links/{identifier}", tag: "Links", resource: "links", scope: "links:write", summary: "Delete a link", addition: true,
    pathParams: { identifier: LINK_IDENTIFIER },
    success: { status: 200, description: "Deleted.", schema: LinkDeleteResult },
    errors: ["link_not_found", "AMBIGUOUS_IDENTIFIER"],
  },
  setLinkStatus: {
    method: "patch", path: "/v1/links/{identifier}/status", tag: "Links", resource: "links", scope: "links:write", summary: "Activate or deactivate a link",
    description: "`bulk` in any letter case is the bulk status endpoint, never an identifier.",
    pathParams: { identifier: LINK_IDENTIFIER },
    body: StatusBody,
    success: { status: 200, description: "The new status.", schema: LinkStatusResult },
    errors: [{ plain: "Deeplink not found", status: 404 }, "AMBIGUOUS_IDENTIFIER", "ACTIVE_LINK_LIMIT_REACHED"],
  },
  getLinkQr: {
    method: "get", path: "/v1/links/{identifier}/qr", tag: "Links", resource: "links", scope: "links:read", summary: "The QR code of a link's short URL", addition: true,
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
  exportLinks: {
    method: "get", path: "/v1/links/export", tag: "Links", resource: "links", scope: "links:read", summary: "Export links as CSV", addition: true,
    description:
      "Every link GET /v1/links' filters match (no pagination), newest first, as RFC 4180 CSV streamed in batches. Columns, in this order: " +
      `${EXPORT_COLUMNS.join(", ")}. \`tags\` is one cell, the tags separated by \`|\`. A cell starting with =, +, -, @, a tab or a carriage return is written with a leading \`'\` (spreadsheet formula injection). ` +
      "A link whose slug is `export` is addressed by its id or URL-encoded short URL on the other link paths.",
    query: ExportLinksQuery,
    success: { status: 200, description: "`text/csv; charset=utf-8`, `Content-Disposition: attachment`.", schema: z.string(), mediaTypes: { "text/csv": z.string().meta({ description: "The header row, then one row per link." }) } },
    errors: [],
  },
  importLinks: {
    method: "post", path: "/v1/links/import", tag: "Links", resource: "links", scope: "links:write", summary: "Import links from a CSV", addition: true,
    description:
      "A CSV with a header row (at most 5 MB and 10,000 rows), separated by commas, semicolons or tabs (the header line decides): Hop's export, Bitly's, Dub's, Short.io's, Rebrandly's, or a spreadsheet's. Columns are recognised by name, ignoring case, spaces, `_` and `-`, in any order: " +
      "url (or destination, destination URL, long_url, original URL, target URL), slug (or key, custom_slug, back-half, path, slashtag), shortUrl (or short link, link, bitlink: supplies domain and slug when those are absent), domain, title, description, tags (`|` or `,` separated), groupId, createdAt (or created_at, created, date created: ISO 8601, `2024-03-01 09:30:00`, `01.03.2024`; UTC when no offset; kept as the link's creation date), expiresAt, expiredUrl, ios, android, startsAt, maxClicks (digits); others are ignored. " +
      "A row whose domain is not one of the account's (the service it came from, like bit.ly or dub.sh), or that names none, goes to `domain` (default: the account's default domain) with its short link's back-half as the slug. " +
      "A leading `'` protecting a formula is removed. Each row is checked and created as POST /v1/links would (a row without a slug gets a generated one, on any domain); a slug reserved on the primary domain fails with a `suggestion`; rows past the total limit fail with TOTAL_LINK_LIMIT_REACHED, rows past the active limit are created inactive; a row whose address is taken, or repeats an earlier row, fails. " +
      "A link whose slug is `import` is addressed by its id or URL-encoded short URL on the other link paths.",
    query: ImportQuery,
    rawBody: { mediaType: "text/csv", description: "The CSV, UTF-8 (a byte-order mark is ignored).", maxBytes: IMPORT_LIMITS.maxBytes },
    success: { status: 200, description: "What was (or, with dryRun, would be) created, and every row that failed.", schema: ImportResultSchema },
    errors: [{ code: "invalid_request", status: 413 }, "DOMAIN_NOT_FOUND", "DOMAIN_NOT_VERIFIED"],
  },
  createLinksBulk: {
    method: "post", path: "/v1/links/bulk", tag: "Links", resource: "links", scope: "links:write", summary: "Create up to 100 links", addition: true,
    description: "Each entry follows every rule of POST /v1/links, in order; failures are listed, not fatal.",
    body: BulkCreateBody,
    success: { status: 200, description: "Per-entry results.", schema: BulkCreateResult },
    errors: [],
  },
  deleteLinksBulk: {
    method: "delete", path: "/v1/links/bulk", tag: "Links", resource: "links", scope: "links:write", summary: "Delete up to 100 links",
    body: BulkDeleteBody,
    bodyError: asBulkDeleteBadRequest,
    success: { status: 200, description: "Per-identifier results.", schema: BulkDeleteResult },
    errors: [{ titled: "Bad Request", status: 400, description: "`links` not an array of 1 to 100 entries." }, "TOO_MANY_CUSTOM_DOMAINS"],
  },
  setLinksStatusBulk: {
    method: "patch", path: "/v1/links/bulk/status", tag: "Links", resource: "links", scope: "links:write", summary: "Activate or deactivate up to 100 links", addition: true,
    description: "Applied in order; an activation past the active limit lands in `failed` with ACTIVE_LINK_LIMIT_REACHED.",
    body: BulkStatusBody,
    success: { status: 200, description: "Per-identifier results.", schema: BulkStatusResult },
    errors: [],
  },
  updateLinksBulk: {
    method: "post", path: "/v1/links/bulk-update", tag: "Links", resource: "links", scope: "links:write", summary: "Change every link a filter matches", addition: true,
    description:
      "`filter` (at least one member) means what GET /v1/links' filters mean, plus `ids` (at most " + MAX_BULK_UPDATE_IDS.toLocaleString("en") + ") and `tags` (every one). " +
      "Applied newest first, 500 links a transaction, each changed link a `link.updated` event, one `links.bulk_updated` audit entry. A link the change would break is left unchanged and listed in `failed`. `dryRun: true` changes nothing.",
    body: BulkUpdateBody,
    success: { status: 200, description: "What changed (with dryRun: would change).", schema: BulkUpdateResult },
    errors: ["group_not_found", "outside_key_restrictions", "INVALID_EXPIRATION"],
  },
  createWebsite: {
    method: "post", path: "/v1/websites", tag: "Websites", resource: "websites", scope: "websites:write", summary: "Create and publish a website",
    body: CreateWebsiteBody,
    success: { status: 201, description: "Published (inactive on the primary or a system domain at the active limit).", schema: WebsiteCreateResult },
    errors: WEBSITE_ERRORS,
  },
  createDraft: {
    method: "post", path: "/v1/websites/drafts", tag: "Websites", resource: "drafts", scope: "websites:write", summary: "Save a draft page for a person to finish in the editor",
    description: "The draft never counts toward limits and is listed nowhere; an unopened draft is deleted after 30 days. See docs/editor.md.",
    body: CreateDraftBody,
    bodyError: asDraftBadRequest,
    success: { status: 201, description: "Saved; open `editorUrl` to finish and publish.", schema: DraftCreateResult },
    errors: [{ titled: "Bad Request", status: 400, description: "templateId not on the draft list, semantic missing, not an object, over 64 KB, or a member invalid (field names it)." }],
  },
  importDraft: {
    method: "post", path: "/v1/websites/drafts/import", tag: "Websites", resource: "drafts", scope: "websites:write", summary: "Import a LinkStack or Linktree page as a draft", addition: true,
    description:
      "The body is the file as it is (at most 2 MB): LinkStack's export (JSON), or a LinkStack or Linktree public page saved as HTML; nothing is fetched. " +
      "Profile, buttons in order, headers, text, embeds Hop plays and social icons become a draft as POST /v1/websites/drafts makes one; `skipped` lists what was not carried over. " +
      "A javascript:, vbscript: or data: address refuses the file. See docs/websites.md.",
    query: ImportDraftQuery,
    rawBody: { mediaType: "text/html", description: "The file as it is: HTML, or JSON (any Content-Type).", maxBytes: PAGE_IMPORT_MAX_BYTES },
    success: { status: 201, description: "Saved; open `editorUrl` to finish and publish. `imported` is what the draft holds, `skipped` what it does not.", schema: DraftImportResult },
    errors: [
      { titled: "Bad Request", status: 400, description: "Not HTML or JSON, no page of the tool in it, a script or data address, or nothing to import (`field`: `body`)." },
      { titled: "Payload Too Large", status: 413, description: "The file is over 2 MB." },
    ],
  },
  publishDraft: {
    method: "post", path: "/v1/websites/drafts/{id}/publish", tag: "Websites", resource: "websites", scope: "websites:write", summary: "Publish a draft as a website", addition: true,
    description:
      "The draft's design and content published as POST /v1/websites publishes a page (its address rules, limits, free-plan stripping and errors), within the limits of the draft's owner, as the editor's Publish does. " +
      "A draft is published once (again: 409 `draft_already_published`); the website is then edited in the editor. Another account's draft, an unknown id and an expired draft are 404 `draft_not_found`. See docs/editor.md.",
    pathParams: { id: "The draft's id (`drf_…`), as POST /v1/websites/drafts answered it." },
    body: PublishDraftBody,
    success: { status: 201, description: "Published (inactive on the primary or a system domain at the active limit).", schema: DraftPublishResult },
    errors: [
      "draft_not_found", "draft_already_published", "draft_changed", ...WEBSITE_ERRORS,
      { titled: "Bad Request", status: 400, description: "The draft's page breaks a rule of POST /v1/websites' `data` (`field` names it, under `publish.data`)." },
    ],
  },
  getWebsite: {
    method: "get", path: "/v1/websites/{id}", tag: "Websites", resource: "websites", scope: "websites:read", summary: "Get a website",
    pathParams: { id: "Slug, custom domain (`domain/path` or `domain__path`) or document id." },
    success: { status: 200, description: "The page with its editor data.", schema: WebsiteGetResult },
    errors: ["link_not_found"],
  },
  duplicateWebsite: {
    method: "post", path: "/v1/websites/{id}/duplicate", tag: "Websites", resource: "websites", scope: "websites:write", summary: "Duplicate a website",
    pathParams: { id: "Slug, custom domain or document id of the source." },
    body: DuplicateWebsiteBody,
    success: { status: 201, description: "The copy.", schema: WebsiteDuplicateResult },
    errors: [
      "INVALID_SLUG", "UNKNOWN_SYSTEM_DOMAIN", "DOMAIN_NOT_VERIFIED", "DOMAIN_NOT_FOUND", "TOTAL_LINK_LIMIT_REACHED", "ACTIVE_LINK_LIMIT_REACHED", "outside_key_restrictions",
      { plain: "Send slug, domain or both.", status: 400 }, { plain: "Missing custom slug", status: 400 }, { plain: "Custom slug already taken", status: 400 },
      { plain: "Source website not found", status: 404 },
    ],
  },
  listWebsiteContacts: {
    method: "get", path: "/v1/websites/{id}/contacts", tag: "Websites", resource: "websites", scope: "websites:read", summary: "List the contacts a website collected", addition: true,
    pathParams: { id: "Slug, custom domain or document id." },
    query: PaginationQuery,
    success: { status: 200, description: "A page of contacts, newest first.", schema: ContactList },
    errors: ["link_not_found"],
  },
  listWebsiteSubscribers: {
    method: "get", path: "/v1/websites/{id}/subscribers", tag: "Websites", resource: "websites", scope: "websites:read", summary: "List the e-mail sign-ups a website collected", addition: true,
    description:
      "The addresses the page's sign-up blocks collected, newest first: confirmed ones and those whose confirmation link is still out (`status: pending`, deleted unless confirmed within 48 hours). " +
      "See docs/websites.md, \"Sign-up blocks\".",
    pathParams: { id: "Slug, custom domain or document id." },
    query: SubscriberQuery,
    success: { status: 200, description: "A page of subscribers, newest first.", schema: SubscriberList },
    errors: ["link_not_found"],
  },
  deleteWebsiteSubscriber: {
    method: "delete", path: "/v1/websites/{id}/subscribers/{subscriberId}", tag: "Websites", resource: "websites", scope: "websites:write", summary: "Delete a subscriber", addition: true,
    description: "Deletes the address from the page's list for good (a request to erase it, or an unwanted sign-up). Signing up again on the page adds it anew.",
    pathParams: { id: "Slug, custom domain or document id.", subscriberId: "The subscriber's id (`sub_…`)." },
    success: { status: 200, description: "Deleted.", schema: SubscriberDeleteResult },
    errors: ["link_not_found", "subscriber_not_found"],
  },
  listDomains: {
    method: "get", path: "/v1/domains", tag: "Domains", resource: "domains", scope: "domains:read", summary: "List custom domains",
    success: { status: 200, description: "The account's domains.", schema: DomainList },
    errors: [],
  },
  connectDomain: {
    method: "post", path: "/v1/domains", tag: "Domains", resource: "domains", scope: "domains:write", summary: "Connect a custom domain",
    body: ConnectDomainBody,
    success: { status: 201, description: "Connected, unverified, with the DNS record to configure.", schema: DomainObject },
    errors: ["invalid_domain", "quota_exceeded", "domain_already_connected"],
  },
  setDefaultDomain: {
    method: "patch", path: "/v1/domains/{domain}", tag: "Domains", resource: "domains", scope: "domains:write", summary: "Make a domain the account default", addition: true,
    pathParams: { domain: "The domain, without protocol." },
    body: SetDefaultBody,
    success: { status: 200, description: "The domain.", schema: DomainObject },
    errors: ["domain_not_found"],
  },
  deleteDomain: {
    method: "delete", path: "/v1/domains/{domain}", tag: "Domains", resource: "domains", scope: "domains:write", summary: "Remove a custom domain",
    description: "Its links move to the primary domain (a taken slug gets `-1`, `-2` …).",
    pathParams: { domain: "The domain, without protocol." },
    success: { status: 200, description: "Removed.", schema: DomainDeleteResult },
    errors: ["domain_not_found", "cannot_delete_default_domain"],
  },
  verifyDomain: {
    method: "post", path: "/v1/domains/{domain}/verify", tag: "Domains", resource: "domains", scope: "domains:write", summary: "Check DNS and verify a domain",
    pathParams: { domain: "The domain, without protocol." },
    success: { status: 200, description: "200 either way; `verified` says the outcome.", schema: DomainVerifyResult },
    errors: ["domain_not_found"],
  },
  getDomainDns: {
    method: "get", path: "/v1/domains/{domain}/dns", tag: "Domains", resource: "domains", scope: "domains:read", summary: "Expected and current DNS of a domain",
    pathParams: { domain: "The domain, without protocol." },
    success: { status: 200, description: "The DNS report.", schema: DomainDnsResult },
    errors: ["domain_not_found"],
  },
  listGroups: {
    method: "get", path: "/v1/groups", tag: "Groups", resource: "groups", scope: "groups:read", summary: "List groups", addition: true,
    success: { status: 200, description: "The account's groups, newest first.", schema: GroupList },
    errors: [],
  },
  createGroup: {
    method: "post", path: "/v1/groups", tag: "Groups", resource: "groups", scope: "groups:write", summary: "Create a group", addition: true,
    body: CreateGroupBody,
    success: { status: 201, description: "The group.", schema: GroupObject },
    errors: [],
  },
  setGroupLinks: {
    method: "patch", path: "/v1/groups/{groupId}/links", tag: "Groups", resource: "groups", scope: "groups:write", summary: "Add links to or remove links from a group",
    pathParams: { groupId: "The group id." },
    body: GroupLinksBody,
    success: { status: 200, description: "Partial success is a 200 with entries in `failed`.", schema: GroupLinksResult },
    errors: ["group_not_found"],
  },
  deleteGroup: {
    method: "delete", path: "/v1/groups/{groupId}", tag: "Groups", resource: "groups", scope: "groups:write", summary: "Delete a group (its links are kept)",
    pathParams: { groupId: "The group id." },
    success: { status: 200, description: "Deleted.", schema: GroupDeleteResult },
    errors: ["group_not_found"],
  },
  listGeoPresets: {
    method: "get", path: "/v1/geo-presets", tag: "Geo presets", resource: "geo-presets", scope: "groups:read", summary: "List geo presets", addition: true,
    success: { status: 200, description: "The presets.", schema: GeoPresetList },
    errors: [],
  },
  createGeoPreset: {
    method: "post", path: "/v1/geo-presets", tag: "Geo presets", resource: "geo-presets", scope: "groups:write", summary: "Create a geo preset", addition: true,
    body: CreatePresetBody,
    success: { status: 201, description: "The preset (countries as ISO alpha-2 codes).", schema: GeoPresetObject },
    errors: [],
  },
  updateGeoPreset: {
    method: "put", path: "/v1/geo-presets/{id}", tag: "Geo presets", resource: "geo-presets", scope: "groups:write", summary: "Update a geo preset", addition: true,
    description: "Links that used the preset keep the countries they copied.",
    pathParams: { id: "The preset id." },
    body: UpdatePresetBody,
    success: { status: 200, description: "The preset.", schema: GeoPresetObject },
    errors: ["geo_preset_not_found"],
  },
  deleteGeoPreset: {
    method: "delete", path: "/v1/geo-presets/{id}", tag: "Geo presets", resource: "geo-presets", scope: "groups:write", summary: "Delete a geo preset", addition: true,
    pathParams: { id: "The preset id." },
    success: { status: 200, description: "Deleted.", schema: GeoPresetDeleteResult },
    errors: ["geo_preset_not_found"],
  },
  getLinkAnalytics: {
    method: "get", path: "/v1/analytics/links/{identifier}", tag: "Analytics", resource: "analytics", scope: "analytics:read", summary: "Views and clicks of a link or website",
    description:
      "`timeframe` (default last_30_days), or `from` and `to` together (inclusive dates, at most five years). " +
      "People's views by default; `audience=bots` or `audience=all` counts bots' or everyone's instead (`botViews` counts bots' whatever the audience).",
    pathParams: { identifier: "Link id, slug or URL-encoded short URL; for websites also the document id, custom slug or custom domain (may contain `/`)." },
    query: LinkAnalyticsQuery,
    success: { status: 200, description: "The analytics.", schema: AnalyticsResult },
    errors: [{ plain: "Link or website not found", status: 404 }, "AMBIGUOUS_IDENTIFIER"],
  },
  exportLinkAnalytics: {
    method: "get", path: "/v1/analytics/export/{identifier}", tag: "Analytics", resource: "analytics", scope: "analytics:read", summary: "Export a link's analytics as CSV", addition: true,
    description:
      "The time buckets of GET /v1/analytics/links/{identifier} for the same query, oldest first, as RFC 4180 CSV (formula cells protected). " +
      `Columns: ${ANALYTICS_CSV_COLUMNS.join(", ")}. \`views\` and \`clicks\` are the audience's; \`uniqueVisitors\` is empty where it is null.`,
    pathParams: { identifier: "As for GET /v1/analytics/links/{identifier}." },
    query: LinkAnalyticsQuery,
    success: { status: 200, description: "`text/csv; charset=utf-8`, `Content-Disposition: attachment`.", schema: z.string(), mediaTypes: { "text/csv": z.string().meta({ description: "The header row, then one row per bucket." }) } },
    errors: [{ plain: "Link or website not found", status: 404 }, "AMBIGUOUS_IDENTIFIER"],
  },
  getAnalyticsOverview: {
    method: "get", path: "/v1/analytics/overview", tag: "Analytics", resource: "analytics", scope: "analytics:read", summary: "Views and clicks of the whole account", addition: true,
    description: "Every link and page together: the series, the totals, the five most viewed and the eight top countries. `timeframe` (default last_30_days), or `from` and `to` together.",
    query: AnalyticsQuery,
    success: { status: 200, description: "The overview.", schema: AnalyticsOverviewResult },
    errors: [],
  },
  getUsage: {
    method: "get", path: "/v1/account/usage", tag: "Account", resource: "account", scope: null, summary: "This key's usage and rate limits",
    success: { status: 200, description: "Counters after counting this request.", schema: UsageResult },
    errors: [],
  },
  getLimits: {
    method: "get", path: "/v1/account/limits", tag: "Account", resource: "account", scope: null, summary: "The plan's limits and what the account uses",
    success: { status: 200, description: "Limits; null means unlimited.", schema: LimitsResult },
    errors: [],
  },
  getProfile: {
    method: "get", path: "/v1/account/profile", tag: "Account", resource: "account", scope: "account:read", fullKeyOnly: true, summary: "The account, this key and its teams",
    success: { status: 200, description: "The profile.", schema: ProfileResult },
    errors: [],
  },
  createWebhook: {
    method: "post", path: "/v1/webhooks", tag: "Webhooks", resource: "webhooks", scope: "webhooks:write", fullKeyOnly: true, summary: "Create a webhook", addition: true,
    description:
      "Events are POSTed to `url` as Standard Webhooks: JSON `{ type, timestamp, data }` with `webhook-id`, `webhook-timestamp` and `webhook-signature` (v1, HMAC-SHA256 keyed with the secret's bytes after `whsec_`). " +
      `At most ${MAX_WEBHOOKS} per account (403 quota_exceeded). A URL that resolves to a loopback, private, link-local or metadata address is 400 invalid_url. See docs/webhooks.md.`,
    body: CreateWebhookBody,
    success: { status: 201, description: "Created; `secret` appears only in this answer.", schema: WebhookCreateResult },
    errors: ["invalid_url", "quota_exceeded"],
  },
  listWebhooks: {
    method: "get", path: "/v1/webhooks", tag: "Webhooks", resource: "webhooks", scope: "webhooks:read", fullKeyOnly: true, summary: "List webhooks", addition: true,
    description: "The account's webhooks, oldest first, without their secrets.",
    success: { status: 200, description: "Every webhook of the account.", schema: WebhookList },
    errors: [],
  },
  deleteWebhook: {
    method: "delete", path: "/v1/webhooks/{id}", tag: "Webhooks", resource: "webhooks", scope: "webhooks:write", fullKeyOnly: true, summary: "Delete a webhook", addition: true,
    description: "Its pending deliveries go with it. Another account's webhook is 404.",
    pathParams: { id: "The webhook's id (`whk_…`)." },
    success: { status: 200, description: "Deleted.", schema: WebhookDeleteResult },
    errors: ["not_found"],
  },
  listWebhookDeliveries: {
    method: "get", path: "/v1/webhooks/{id}/deliveries", tag: "Webhooks", resource: "webhooks", scope: "webhooks:read", fullKeyOnly: true, summary: "The last 100 deliveries of a webhook", addition: true,
    description: "Newest first: each event's status (pending, delivered, failed), attempts, the receiver's last status code, and when it is tried next.",
    pathParams: { id: "The webhook's id (`whk_…`)." },
    success: { status: 200, description: "The deliveries.", schema: DeliveryList },
    errors: ["not_found"],
  },
  getAuditLog: {
    method: "get", path: "/v1/audit-log", tag: "Account", resource: "account", scope: "account:read", fullKeyOnly: true, summary: "The workspace's audit log", addition: true,
    description:
      "Every change to the workspace's data, newest first: through the API (which key), the dashboard and editor (which user), the operator CLI. " +
      "Filters combine; pages follow `nextCursor`. Kept AUDIT_RETENTION_DAYS (default 365). A team's log is for its owner and active admins (`workspace`); others get 403 `forbidden`.",
    query: AuditLogQuery,
    success: { status: 200, description: "A page of entries.", schema: AuditLogPage },
    errors: [],
  },
  exportAuditLog: {
    method: "get", path: "/v1/audit-log/export", tag: "Account", resource: "account", scope: "account:read", fullKeyOnly: true, summary: "Export the audit log as CSV", addition: true,
    description: `Every entry the filters of GET /v1/audit-log match, newest first, as RFC 4180 CSV (formula cells protected). Columns: ${AUDIT_COLUMNS.join(", ")}; \`fields\` lists the changed fields separated by \`|\`.`,
    query: AuditFilters,
    success: { status: 200, description: "`text/csv; charset=utf-8`, `Content-Disposition: attachment`.", schema: z.string(), mediaTypes: { "text/csv": z.string().meta({ description: "The header row, then one row per entry." }) } },
    errors: [],
  },
  getOpenApiDocument: {
    method: "get", path: "/v1/openapi.json", tag: "Meta", resource: null, scope: null, addition: true, summary: "This document",
    description: "OpenAPI 3.1, generated from the schemas that validate requests. No key needed.",
    success: { status: 200, description: "The OpenAPI document.", schema: OpenApiDocumentResult },
    errors: [],
  },
} satisfies Record<string, Operation>;

export function allOperations(): Operation[] {
  return Object.values(operations);
}
