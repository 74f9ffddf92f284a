import type { operations } from "../openapi/operations";

// What a model is told about each operation beyond the registry's summary and description: when
// to use the tool, and what to know before calling it. Every operation of the registry has an
// entry (tsc checks the names); `skip` says why an operation is not a tool.

export type ToolNote = { use: string } | { skip: string };

export const TOOL_NOTES: Record<keyof typeof operations, ToolNote> = {
  createLink: { use: "Use to make one short link that redirects to `url`. On the primary domain give a `slug` (3-50 letters, digits, - or _); on a custom domain a slug is generated when absent. Counts toward the plan's link limits; at the active limit the link is created inactive." },
  listLinks: { use: "Use to find links: newest first, 1 to 100 a page (`limit`, `page`), filtered by `search` (slug, URL, title), `tag`, `domain`, `groupId` or `type` (deeplink or website)." },
  getLink: { use: "Use to read one link with every stored field, by its id, bare slug or short URL." },
  updateLink: { use: "Use to change a link's destination, title, tags, rules, expiry or password. The slug and domain cannot change. Send only the fields to change." },
  deleteLink: { use: "Use to delete one link for good; its address stops answering at once. Prefer set_link_status to pause a link." },
  setLinkStatus: { use: "Use to switch a link on or off (`active`). Activating past the plan's active limit is refused." },
  getLinkQr: { use: "Use to get a QR code image (SVG by default, or PNG) that scans to the link's short URL." },
  exportLinks: { skip: "A CSV of every link at once, as large as the account: a model reads the same links, with the same filters, as JSON pages of list_links." },
  importLinks: { use: "Use to bring in links from a CSV file someone has, such as an export from Bitly, Dub, Short.io, Rebrandly, Hop or a spreadsheet: pass the file's text unchanged as `csv` (columns are recognised by name; short links of other services keep their back-half as the slug; creation dates are kept). Send `dryRun: true` first: every row is checked as the import would check it and nothing is created. For links you compose yourself, use create_links_bulk." },
  createLinksBulk: { use: "Use to create up to 100 links in one call; each entry follows create_link's rules and failures are listed, not fatal." },
  deleteLinksBulk: { use: "Use to delete up to 100 links by identifier in one call." },
  setLinksStatusBulk: { use: "Use to switch up to 100 links on or off in one call." },
  createWebsite: { use: "Use to publish a link-in-bio page at once from its design and data. To let a person review and finish a page first, use create_draft instead." },
  createDraft: { use: "Use to draft a link-in-bio page from a description (profile, links, socials, design): nothing is published; answer the person with `editorUrl`, where they finish and publish it. Drafts do not count toward limits." },
  publishDraft: { use: "Use to publish a draft (from create_draft, perhaps finished in the editor) as a live page when the person asks for it: on the primary domain at `customSlug`, on a system domain, or on a verified custom domain (`customDomain`, `customPath`); `{}` publishes at a generated address. Counts toward the plan's link limits; a draft is published once, then edited in the editor." },
  getWebsite: { use: "Use to read a published page with its editor data, by slug, custom domain or id." },
  duplicateWebsite: { use: "Use to publish a copy of a page at a new slug or on another domain." },
  listWebsiteContacts: { use: "Use to read what visitors sent through a page's contact form, newest first." },
  getAuditLog: { use: "Use to answer who changed what and when in the workspace: newest first, filtered by actor, action, target and time, a cursor for the next page. Needs a full key (owner or admin)." },
  exportAuditLog: { skip: "A CSV download; a model reads the log page by page with get_audit_log." },
  listDomains: { use: "Use to see the account's custom domains and whether each is verified and the default." },
  connectDomain: { use: "Use to add a custom domain; the answer names the DNS record the owner must create before verify_domain succeeds." },
  setDefaultDomain: { use: "Use to make a verified domain the account's default for new links." },
  deleteDomain: { use: "Use to remove a custom domain; its links move to the primary domain." },
  verifyDomain: { use: "Use after the DNS record exists to check it and verify the domain; `verified` says the outcome." },
  getDomainDns: { use: "Use to see the DNS record a domain needs and what DNS shows now." },
  listGroups: { use: "Use to list the account's link groups." },
  createGroup: { use: "Use to create a group to file links in." },
  setGroupLinks: { use: "Use to add links to a group or remove them (`action`)." },
  deleteGroup: { use: "Use to delete a group; its links are kept." },
  listGeoPresets: { use: "Use to list saved country lists for geo rules." },
  createGeoPreset: { use: "Use to save a named list of countries for links' geo rules." },
  updateGeoPreset: { use: "Use to rename a geo preset or change its countries; links keep the countries they copied." },
  deleteGeoPreset: { use: "Use to delete a geo preset." },
  getLinkAnalytics: { use: "Use to read views and clicks of a link or a page (countries, devices, referrers, clicks per button) over a `timeframe` or `from`/`to`." },
  getAnalyticsOverview: { use: "Use for how the whole account is doing: views and clicks over time, the most viewed links and pages, the top countries." },
  getUsage: { use: "Use to see how many API requests this key has left this hour and day (every tool call counts as one)." },
  getLimits: { use: "Use before creating many links: the plan's link limits and what the account uses." },
  getProfile: { use: "Use to identify the account, this key and its teams." },
  createWebhook: { use: "Use to have Hop POST events (link.created, link.clicked …) to a public URL; the answer holds the signing secret once." },
  listWebhooks: { use: "Use to list the account's webhooks." },
  deleteWebhook: { use: "Use to delete a webhook; its pending deliveries go with it." },
  listWebhookDeliveries: { use: "Use to check whether a webhook's last deliveries arrived." },
  getOpenApiDocument: { skip: "The API description itself (GET /v1/openapi.json, no key needed), not an action." },
};
