import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { formatNumber } from "@/components/dashboard/format";
import { Pager, pageParam } from "@/components/dashboard/pager";
import { PageHeader } from "@/components/dashboard/shell";
import { DesignThumbnail } from "@/components/dashboard/websites/design-thumbnail";
import { DraftsCard } from "@/components/dashboard/websites/drafts-card";
import { WebsiteActions } from "@/components/dashboard/websites/website-actions";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardFooter } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LayoutIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { viewsByLink } from "@/lib/analytics/views-by-link";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { listDraftsInProgress } from "@/lib/drafts/list-drafts";
import { publishTargets } from "@/lib/drafts/publish-targets";
import { designName } from "@/lib/websites/designs";
import { listWebsites } from "@/lib/websites/list-websites";

export const metadata: Metadata = { title: "Websites" };

const PAGE_SIZE = 25;
const DAY = 86_400_000;

export default async function WebsitesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const page = pageParam((await searchParams).page);
  const database = await db();
  const now = new Date();
  const since = new Date(now.getTime() - 30 * DAY);
  const [{ data: websites, pagination }, targets, inProgress] = await Promise.all([
    listWebsites(database, workspace.ownerId, { page, limit: PAGE_SIZE }),
    publishTargets(database, workspace.ownerId),
    listDraftsInProgress(database, workspace.ownerId, now),
  ]);
  const views = await viewsByLink(database, workspace.ownerId, websites.map((w) => w.id), since);
  const domains = { primary: targets.primaryDomain, others: [...targets.systemDomains.map((d) => d.domain).filter((d) => d !== targets.primaryDomain), ...targets.customDomains] };
  const newPage = workspace.readOnly ? undefined : (
    <ButtonLink href="/websites/new">New website</ButtonLink>
  );
  const actions = newPage ? (
    <div className="inline-actions">
      <ButtonLink href="/websites/import" variant="secondary">
        Move in from LinkStack or Linktree
      </ButtonLink>
      {newPage}
    </div>
  ) : undefined;
  return (
    <div className="page-stack">
      <PageHeader title="Websites" description="Your link-in-bio websites: where they live, their design and how often they were seen." action={actions} />
      {inProgress.drafts.length ? <DraftsCard drafts={inProgress.drafts} more={inProgress.more} now={now.getTime()} /> : null}
      <Card>
        {pagination.totalCount === 0 ? (
          <EmptyState icon={<LayoutIcon />} title={inProgress.drafts.length ? "Nothing published yet" : "No pages yet"} actions={actions}>
            {inProgress.drafts.length
              ? "Publish a draft from the editor and it lives here, with its address and views."
              : "A link-in-bio website gathers your links under one address. Pick a design, add your links, publish."}
          </EmptyState>
        ) : (
          <div className="websites-list">
            <Table
              caption="Websites"
              head={
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col" className="hide-sm">Design</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">Views, 30 days</th>
                  <th scope="col" className="actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              }
            >
              {websites.map((site) => {
                const label = site.title || site.url.replace(/^https?:\/\//, "");
                return (
                  <tr key={site.id} data-website-id={site.publicId}>
                    <td>
                      <div className="cell-title">{label}</div>
                      <div className="cell-sub">
                        <a href={site.url} target="_blank" rel="noopener noreferrer">
                          {site.url.replace(/^https?:\/\//, "")}
                        </a>
                      </div>
                      <div className="cell-links">
                        {/* A plain link: the editor is its own app, not a prefetched dashboard route. */}
                        <a href={`/editor/site/${encodeURIComponent(site.publicId)}`}>Open in editor</a>
                        <a href={site.url} target="_blank" rel="noopener noreferrer">
                          View live<span className="visually-hidden"> {label}</span>
                        </a>
                        <Link href={`/websites/contacts?id=${encodeURIComponent(site.publicId)}`}>Contacts</Link>
                        <Link href={`/websites/signups?id=${encodeURIComponent(site.publicId)}`}>Sign-ups</Link>
                        <Link href={`/analytics/link?id=${encodeURIComponent(site.publicId)}`}>Analytics</Link>
                      </div>
                    </td>
                    <td className="hide-sm">
                      <span className="design-cell">
                        {site.templateId ? <DesignThumbnail id={site.templateId} size="sm" /> : null}
                        {designName(site.templateId)}
                      </span>
                    </td>
                    <td>
                      {site.isActive ? <Badge tone="success">Active</Badge> : <Badge>{site.inactiveReason === "active_limit_reached" ? "Inactive (limit)" : "Inactive"}</Badge>}
                    </td>
                    <td className="num">
                      <span className="phone-label">Views, 30 days: </span>
                      {formatNumber(views.get(site.id) ?? 0)}
                    </td>
                    <td className="actions">
                      <WebsiteActions id={site.publicId} label={label} isActive={site.isActive} domains={domains} readOnly={workspace.readOnly} />
                    </td>
                  </tr>
                );
              })}
            </Table>
            <CardFooter>
              <Pager basePath="/websites" params={{}} page={pagination.page} totalPages={pagination.totalPages} totalCount={pagination.totalCount} noun="website" />
            </CardFooter>
          </div>
        )}
      </Card>
    </div>
  );
}
