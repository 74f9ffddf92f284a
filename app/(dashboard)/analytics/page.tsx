import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { BarTable } from "@/components/dashboard/analytics/bar-table";
import { Flag } from "@/components/dashboard/analytics/flag";
import { TimeframePicker, TIMEFRAME_LABELS } from "@/components/dashboard/analytics/timeframe-picker";
import { TimeSeriesChart } from "@/components/dashboard/analytics/time-series-chart";
import { formatNumber } from "@/components/dashboard/format";
import { Pager, pageParam } from "@/components/dashboard/pager";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { accountOverview } from "@/lib/analytics/account-overview";
import { countryName } from "@/lib/analytics/labels";
import { AnalyticsQuery, DEFAULT_TIMEFRAME, TIMEFRAMES } from "@/lib/analytics/timeframe";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { isHopError } from "@/lib/errors";
import { listLinks } from "@/lib/links/list-links";
import { queryParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Analytics" };

const analyticsHref = (id: string) => `/analytics/link?id=${encodeURIComponent(id)}`;

export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const params = await searchParams;
  const search = queryParam(params.q)?.slice(0, 200) ?? "";
  const page = pageParam(params.page);
  const timeframeParam = queryParam(params.timeframe);
  const timeframe = TIMEFRAMES.find((t) => t === timeframeParam) ?? DEFAULT_TIMEFRAME;
  const from = queryParam(params.from);
  const to = queryParam(params.to);
  const query = AnalyticsQuery.parse({ timeframe, ...(from || to ? { from, to } : {}) });
  const database = await db();
  // A bad from–to range (the picker's dates typed by hand) is said, and the default range shown.
  const [overview, links] = await Promise.all([
    accountOverview(database, workspace.ownerId, query).then(
      (answer) => ({ answer, problem: null }),
      async (error: unknown) => {
        if (!isHopError(error)) throw error;
        return { answer: await accountOverview(database, workspace.ownerId), problem: error.message };
      },
    ),
    listLinks(database, workspace.ownerId, { page, limit: 10, ...(search ? { search } : {}) }),
  ]);
  const range = overview.problem ? "Last 30 days" : from || to ? `${from ?? "…"} to ${to ?? "…"}` : TIMEFRAME_LABELS[timeframe];
  const { answer } = overview;
  return (
    <div className="page-stack">
      <PageHeader title="Analytics" description="Views and clicks of every link and page (UTC). Pick one below for its details." />
      <TimeframePicker action="/analytics" timeframe={timeframe} from={from} to={to} />
      {overview.problem ? <Alert tone="danger">{overview.problem}</Alert> : null}
      <div className="stats">
        <div className="card stat">
          <span className="stat-label">Views, {range.toLowerCase()}</span>
          <span className="stat-value" data-testid="account-views">{formatNumber(answer.totalViews)}</span>
        </div>
        <div className="card stat">
          <span className="stat-label">Clicks, {range.toLowerCase()}</span>
          <span className="stat-value" data-testid="account-clicks">{formatNumber(answer.totalClicks)}</span>
        </div>
      </div>
      <Card labelledBy="account-over-time">
        <CardHeader id="account-over-time" title={`Views and clicks per ${answer.bucket}`} />
        <CardBody>
          <TimeSeriesChart label={`Views and clicks of the account per ${answer.bucket}`} series={answer.series} />
        </CardBody>
      </Card>
      <div className="grid-2">
        <Card labelledBy="top-links">
          <CardHeader id="top-links" title="Top links" />
          {answer.topLinks.length === 0 ? (
            <CardBody>
              <p className="muted-note">No views in this range.</p>
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
              {answer.topLinks.map((link) => (
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
          <BarTable caption="Top countries by views" labelHeader="Country" rows={answer.topCountries.map((c) => ({ label: countryName(c.name), icon: <Flag code={c.name} />, value: c.views }))} empty="No views in this range." />
        </Card>
      </div>
      <Card labelledBy="pick-link">
        <CardHeader id="pick-link" title="Links and websites" description="Search by slug, title or destination." />
        <CardBody>
          <form method="get" action="/analytics" className="search-form" role="search">
            <label className="visually-hidden" htmlFor="q">
              Search links and websites
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
            caption="Links and websites"
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
                <td>{link.type === "website" ? "Website" : "Short link"}</td>
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
