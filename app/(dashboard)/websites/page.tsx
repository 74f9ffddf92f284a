import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { formatNumber } from "@/components/dashboard/format";
import { Pager, pageParam } from "@/components/dashboard/pager";
import { PageHeader } from "@/components/dashboard/shell";
import { WebsiteActions } from "@/components/dashboard/websites/website-actions";
import { Badge } from "@/components/ui/badge";
import { Card, CardFooter } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LayoutIcon } from "@/components/ui/icons";
import { Table } from "@/components/ui/table";
import { viewsByLink } from "@/lib/analytics/views-by-link";
import { config } from "@/lib/config";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { listWebsites } from "@/lib/websites/list-websites";

export const metadata: Metadata = { title: "Websites" };

const PAGE_SIZE = 25;
const DAY = 86_400_000;

export default async function WebsitesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const page = pageParam((await searchParams).page);
  const database = await db();
  const since = new Date(Date.now() - 30 * DAY);
  const [{ data: websites, pagination }, verifiedDomains] = await Promise.all([
    listWebsites(database, workspace.ownerId, { page, limit: PAGE_SIZE }),
    database.domain.findMany({ where: { accountId: workspace.ownerId, verified: true }, select: { domain: true }, orderBy: { domain: "asc" } }),
  ]);
  const views = await viewsByLink(database, workspace.ownerId, websites.map((w) => w.id), since);
  const { primaryDomain, systemDomains } = config();
  const domains = { primary: primaryDomain, others: [...systemDomains.filter((d) => d !== primaryDomain), ...verifiedDomains.map((d) => d.domain)] };
  return (
    <div className="page-stack">
      <PageHeader title="Websites" description="Your link-in-bio pages: where they live, their design and how often they were seen." />
      <Card>
        {pagination.totalCount === 0 ? (
          <EmptyState icon={<LayoutIcon />} title="No pages yet">
            Pages published from the editor or with <code>POST /v1/websites</code> show up here.
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
                        <Link href={`/analytics/link?id=${encodeURIComponent(site.publicId)}`}>Analytics</Link>
                      </div>
                    </td>
                    <td className="hide-sm">
                      <code>{site.templateId ?? "—"}</code>
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
              <Pager basePath="/websites" params={{}} page={pagination.page} totalPages={pagination.totalPages} totalCount={pagination.totalCount} noun="page" />
            </CardFooter>
          </div>
        )}
      </Card>
    </div>
  );
}
