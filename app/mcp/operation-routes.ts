// Every /v1 route module, so a tool call reaches the operation's own route handler (lib/api/mcp/call-tool.ts).
// tests/unit/mcp-tools.test.ts fails when an operation the MCP server offers is missing here.
import type { RouteHandler } from "@/lib/api/handler";
import type { Operation } from "@/lib/api/openapi/operations";
import * as accountLimits from "@/app/v1/account/limits/route";
import * as accountProfile from "@/app/v1/account/profile/route";
import * as accountUsage from "@/app/v1/account/usage/route";
import * as analyticsExportIdentifier from "@/app/v1/analytics/export/[...identifier]/route";
import * as analyticsLinksIdentifier from "@/app/v1/analytics/links/[...identifier]/route";
import * as analyticsOverview from "@/app/v1/analytics/overview/route";
import * as auditLogExport from "@/app/v1/audit-log/export/route";
import * as auditLog from "@/app/v1/audit-log/route";
import * as domainsDomainDns from "@/app/v1/domains/[domain]/dns/route";
import * as domainsDomain from "@/app/v1/domains/[domain]/route";
import * as domainsDomainVerify from "@/app/v1/domains/[domain]/verify/route";
import * as domains from "@/app/v1/domains/route";
import * as geoPresetsId from "@/app/v1/geo-presets/[id]/route";
import * as geoPresets from "@/app/v1/geo-presets/route";
import * as groupsGroupIdLinks from "@/app/v1/groups/[groupId]/links/route";
import * as groupsGroupId from "@/app/v1/groups/[groupId]/route";
import * as groups from "@/app/v1/groups/route";
import * as linksIdentifierQr from "@/app/v1/links/[identifier]/qr/route";
import * as linksIdentifier from "@/app/v1/links/[identifier]/route";
import * as linksIdentifierStatus from "@/app/v1/links/[identifier]/status/route";
import * as linksIdentifierVariantsIndexPromote from "@/app/v1/links/[identifier]/variants/[index]/promote/route";
import * as linksBulk from "@/app/v1/links/bulk/route";
import * as linksBulkStatus from "@/app/v1/links/bulk/status/route";
import * as linksBulkUpdate from "@/app/v1/links/bulk-update/route";
import * as linksExport from "@/app/v1/links/export/route";
import * as linksImport from "@/app/v1/links/import/route";
import * as links from "@/app/v1/links/route";
import * as webhooksIdDeliveries from "@/app/v1/webhooks/[id]/deliveries/route";
import * as webhooksId from "@/app/v1/webhooks/[id]/route";
import * as webhooks from "@/app/v1/webhooks/route";
import * as websitesIdContacts from "@/app/v1/websites/[id]/contacts/route";
import * as websitesIdSubscribers from "@/app/v1/websites/[id]/subscribers/route";
import * as websitesIdSubscribersSubscriberId from "@/app/v1/websites/[id]/subscribers/[subscriberId]/route";
import * as websitesIdDuplicate from "@/app/v1/websites/[id]/duplicate/route";
import * as websitesId from "@/app/v1/websites/[id]/route";
import * as websitesDraftsIdPublish from "@/app/v1/websites/drafts/[id]/publish/route";
import * as websitesDraftsImport from "@/app/v1/websites/drafts/import/route";
import * as websitesDrafts from "@/app/v1/websites/drafts/route";
import * as websites from "@/app/v1/websites/route";

const MODULES: Array<Record<string, unknown>> = [
  accountLimits, accountProfile, accountUsage, analyticsExportIdentifier, analyticsLinksIdentifier, analyticsOverview, auditLogExport, auditLog, domainsDomainDns,
  domainsDomain, domainsDomainVerify, domains, geoPresetsId, geoPresets, groupsGroupIdLinks, groupsGroupId,
  groups, linksIdentifierQr, linksIdentifier, linksIdentifierStatus, linksIdentifierVariantsIndexPromote, linksBulk, linksBulkStatus, linksBulkUpdate, linksExport,
  linksImport, links, webhooksIdDeliveries, webhooksId, webhooks, websitesIdContacts, websitesIdSubscribers, websitesIdSubscribersSubscriberId, websitesIdDuplicate,
  websitesId, websitesDraftsIdPublish, websitesDraftsImport, websitesDrafts, websites,
];

/** Each operation's route handler, from the handlers the route files export. */
export function operationRoutes(): Map<Operation, RouteHandler> {
  const table = new Map<Operation, RouteHandler>();
  for (const routeModule of MODULES) {
    for (const handler of Object.values(routeModule)) {
      const operation = (handler as { operation?: Operation } | null)?.operation;
      if (typeof handler === "function" && operation) table.set(operation, handler as RouteHandler);
    }
  }
  return table;
}
