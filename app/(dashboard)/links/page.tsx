import type { Metadata } from "next";
import "@/components/links/links.css";
import "@/components/links/bulk-edit.css";
import { PageHeader } from "@/components/dashboard/shell";
import { LinkFilters } from "@/components/links/link-filters";
import { LinksTable } from "@/components/links/links-table";
import { Pagination } from "@/components/links/pagination";
import { ButtonLink, buttonClass } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkIcon, PlusIcon } from "@/components/ui/icons";
import { db } from "@/lib/db/open";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { DashboardLinksQuery, linkFilterChoices, listLinksPage } from "@/lib/links/list-links-page";
import { queryParams } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Links" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page's filters as the export's query (its sort and page do not apply to a file). */
function exportQuery(raw: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(raw).filter(([name]) => ["search", "tag", "domain", "groupId", "type", "health", "status"].includes(name)));
  return params.size ? `?${params}` : "";
}

export default async function LinksPage({ searchParams }: { searchParams: SearchParams }) {
  const workspace = await requireWorkspace();
  const raw = queryParams(await searchParams);
  const parsed = DashboardLinksQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : DashboardLinksQuery.parse({});
  const client = await db();
  const [{ data, pagination }, choices] = await Promise.all([listLinksPage(client, workspace.ownerId, query), linkFilterChoices(client, workspace.ownerId)]);
  const filtered = Boolean(query.search || query.tag || query.domain || query.groupId || query.type || query.health || query.status);
  const groupNames = Object.fromEntries(choices.groups.map((g) => [g.id, g.name]));
  // "Edit in bulk" on every match needs a filter that narrows (a search of spaces does not).
  const listFilter = { search: query.search?.trim() || undefined, tag: query.tag, domain: query.domain, groupId: query.groupId, type: query.type, health: query.health, status: query.status };
  const filter = Object.values(listFilter).some(Boolean) ? listFilter : null;
  return (
    <div className="page-stack">
      <PageHeader
        title="Links"
        description="Short links, their rules and their clicks."
        action={
          <div className="inline-actions">
            <ButtonLink href="/links/groups" variant="secondary">
              Groups and geo presets
            </ButtonLink>
            <a className={buttonClass("secondary")} href={`/api/dashboard/links/export${exportQuery(raw)}`} download>
              Export CSV
            </a>
            {workspace.readOnly ? null : (
              <ButtonLink href="/links/import" variant="secondary">
                Import CSV
              </ButtonLink>
            )}
            {workspace.readOnly ? (
              <button type="button" className={buttonClass("primary")} disabled title="Viewers cannot create links">
                <PlusIcon />
                New link
              </button>
            ) : (
              <ButtonLink href="/links/new">
                <PlusIcon />
                New link
              </ButtonLink>
            )}
          </div>
        }
      />
      <LinkFilters query={query} choices={choices} />
      <Card>
        <CardBody flush>
          {pagination.totalCount === 0 ? (
            <EmptyState icon={<LinkIcon />} title={filtered ? "No link matches" : "No links yet"} headingLevel={2}>
              {filtered ? "Change the search or clear the filters." : "Create your first short link with the New link button."}
            </EmptyState>
          ) : (
            <LinksTable links={data} groups={choices.groups} groupNames={groupNames} readOnly={workspace.readOnly} filter={filter} matching={pagination.totalCount} />
          )}
        </CardBody>
      </Card>
      <Pagination pagination={pagination} params={raw} />
    </div>
  );
}
