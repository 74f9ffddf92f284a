import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { BarTable } from "@/components/dashboard/analytics/bar-table";
import { TimeSeriesChart } from "@/components/dashboard/analytics/time-series-chart";
import { formatNumber } from "@/components/dashboard/format";
import { Pager, pageParam } from "@/components/dashboard/pager";
import { PageHeader } from "@/components/dashboard/shell";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { accountOverview } from "@/lib/analytics/account-overview";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { listLinks } from "@/lib/links/list-links";
import { queryParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Analytics" };

const analyticsHref = (id: string) => `/analytics/link?id=${encodeURIComponent(id)}`;

export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const params = await searchParams;
  const search = queryParam(params.q)?.slice(0, 200) ?? "";
  const page = pageParam(params.page);
  const database = await db();
  const [overview, links] = await Promise.all([
    accountOverview(database, workspace.ownerId),
    listLinks(database, workspace.ownerId, { page, limit: 10, ...(search ? { search } : {}) }),
  ]);
  return (
    <div className="page-stack">
      <PageHeader title="Analytics" description="Views and clicks of every link and page in the last 30 days (UTC). Pick one below for its details." />
      <div className="stats">
        <div className="card stat">
          <span className="stat-label">Views, 30 days</span>
          <span className="stat-value" data-testid="account-views">{formatNumber(overview.totalViews)}</span>
        </div>
        <div className="card stat">
          <span className="stat-label">Clicks, 30 days</span>
          <span className="stat-value" data-testid="account-clicks">{formatNumber(overview.totalClicks)}</span>
        </div>
      </div>
      <Card labelledBy="account-over-time">
        <CardHeader id="account-over-time" title="Views and clicks per day" />
        <CardBody>
          <TimeSeriesChart label="Views and clicks of the account per day" series={overview.series} />
        </CardBody>
      </Card>
      <div className="grid-2">
        <Card labelledBy="top-links">
          <CardHeader id="top-links" title="Top links" />
          {overview.topLinks.length === 0 ? (
            <CardBody>
              <p className="muted-note">No views in the last 30 days.</p>
            </CardBody>
          ) : (
            <Table
              caption="Top links by views"
              head={
                <tr>
                  <th scope="col">Link</th>
                  <th scope="col" className="num">Views</th>
                  <th scope="col" className="num">Clicks</th>
                </tr>
              }
            >
              {overview.topLinks.map((link) => (
                <tr key={link.id}>
                  <td>
                    <Link href={analyticsHref(link.id)}>{link.title || link.url.replace(/^https?:\/\//, "")}</Link>
                  </td>
                  <td className="num">{formatNumber(link.views)}</td>
                  <td className="num">{formatNumber(link.clicks)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
        <Card labelledBy="top-countries">
          <CardHeader id="top-countries" title="Top countries" />
          <BarTable caption="Top countries by views" labelHeader="Country" rows={overview.topCountries.map((c) => ({ label: c.name, value: c.views }))} empty="No views in the last 30 days." />
        </Card>
      </div>
      <Card labelledBy="pick-link">
        <CardHeader id="pick-link" title="Links and pages" description="Search by slug, title or destination." />
        <CardBody>
          <form method="get" action="/analytics" className="search-form" role="search">
            <label className="visually-hidden" htmlFor="q">
              Search links and pages
            </label>
            <input id="q" name="q" type="search" className="input" defaultValue={search} placeholder="Slug, title or destination" />
            <button type="submit" className="btn btn-secondary">
              Search
            </button>
          </form>
        </CardBody>
        {links.data.length === 0 ? (
          <CardBody>
            <p className="muted-note">{search ? `Nothing matches “${search}”.` : "No links or pages yet."}</p>
          </CardBody>
        ) : (
          <Table
            caption="Links and pages"
            head={
              <tr>
                <th scope="col">Short URL</th>
                <th scope="col" className="hide-sm">Title</th>
                <th scope="col">Type</th>
              </tr>
            }
          >
            {links.data.map((link) => (
              <tr key={link.id}>
                <td>
                  <Link href={analyticsHref(link.id)}>{link.url.replace(/^https?:\/\//, "")}</Link>
                </td>
                <td className="hide-sm">{link.title || "—"}</td>
                <td>{link.type === "website" ? "Page" : "Link"}</td>
              </tr>
            ))}
          </Table>
        )}
        <CardFooter>
          <Pager basePath="/analytics" params={{ q: search || undefined }} page={links.pagination.page} totalPages={links.pagination.totalPages} totalCount={links.pagination.totalCount} noun="item" />
        </CardFooter>
      </Card>
    </div>
  );
}
