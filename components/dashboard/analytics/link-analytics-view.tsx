import { formatRelative } from "../format";
import { Card, CardBody, CardHeader } from "../../ui/card";
import { Table } from "../../ui/table";
import { BarTable, Sparkline } from "./bar-table";
import { TimeSeriesChart } from "./time-series-chart";
import type { analyticsPage } from "@/lib/analytics/analytics-for-identifier";
import type { AnalyticsFilterName } from "@/lib/analytics/filters";
import { countryName, deviceLabel, platformLabel, referrerLabel } from "@/lib/analytics/labels";
import { Flag } from "./flag";
import { countOf } from "@/lib/text/plural";

type Analytics = Awaited<ReturnType<typeof analyticsPage>>["analytics"];

/** The page's address with one filter set (the breakdown rows link there). */
export type FilterHref = (name: AnalyticsFilterName, value: string) => string;

const rowsOf = (map: Record<string, number>, name: AnalyticsFilterName, label: (value: string) => string, href: FilterHref) =>
  Object.entries(map).map(([value, views]) => ({ label: label(value), value: views, href: href(name, value) }));

/**
 * Everything GET /v1/analytics/links/{identifier} answers, as cards: totals, the chart, the
 * breakdowns in words and flags, each row a filter of the whole page. The 18+ figures show only
 * where there is an age gate.
 */
export function LinkAnalyticsView({ analytics, ageGated, filterHref }: { analytics: Analytics; ageGated: boolean; filterHref: FilterHref }) {
  const adult = analytics.adultConfirmation;
  const showAdult = ageGated || adult !== null;
  const bots = analytics.audience === "bots";
  const stats = [
    { label: bots ? "Bot views" : analytics.audience === "all" ? "Views (people and bots)" : "Views", value: analytics.totalViews.toLocaleString("en-US"), testId: "total-views" },
    ...(analytics.uniqueVisitors === null ? [] : [{ label: "Unique visitors", value: analytics.uniqueVisitors.toLocaleString("en-US"), testId: "unique-visitors" }]),
    ...(bots ? [] : [{ label: "Clicks", value: analytics.totalClicks.toLocaleString("en-US"), testId: "total-clicks" }]),
    {
      label: "Top country",
      value: analytics.topCountry ? (
        <>
          <Flag code={analytics.topCountry} />
          {countryName(analytics.topCountry)}
        </>
      ) : (
        "—"
      ),
      testId: "top-country",
    },
    ...(showAdult ? [{ label: "18+ confirmed", value: adult ? `${adult.rate}%` : "—", testId: "adult-rate" }] : []),
  ];
  const buttons = analytics.type === "Website" ? analytics.clicksByLink : [];
  // dailyClicks lists only days with clicks; the sparkline spans every day of the range (months
  // of days for a monthly range would be too fine, so those keep the listed days).
  const days = analytics.dailyViews[0]?.date.length === 7 ? null : [...new Set(analytics.dailyViews.map((b) => b.date.slice(0, 10)))];
  const everyDay = (points: Array<{ date: string; clicks: number }>) => {
    if (!days) return points;
    const byDay = new Map(points.map((p) => [p.date, p.clicks]));
    return days.map((date) => ({ date, clicks: byDay.get(date) ?? 0 }));
  };
  return (
    <>
      <div className={stats.length === 5 ? "stats stats-5" : "stats"}>
        {stats.map((stat) => (
          <div key={stat.label} className="card stat">
            <span className="stat-label">{stat.label}</span>
            <span className="stat-value" data-testid={stat.testId}>
              {stat.value}
            </span>
          </div>
        ))}
      </div>
      <Card labelledBy="over-time">
        <CardHeader id="over-time" title="Views and clicks" description={`${AUDIENCE_NOTES[analytics.audience]} Per ${bucketName(analytics.dailyViews[0]?.date)}, in UTC. Last view: ${formatRelative(analytics.lastViewed)}.`} />
        <CardBody>
          <TimeSeriesChart label="Views and clicks" series={analytics.dailyViews.map((b) => ({ date: b.date, views: b.views, clicks: b.clicks }))} />
        </CardBody>
      </Card>
      <div className="grid-2">
        <Card labelledBy="countries">
          <CardHeader id="countries" title="Countries" />
          <BarTable caption="Views by country" labelHeader="Country" rows={analytics.countryStats.map((c) => ({ label: countryName(c.name), icon: <Flag code={c.name} />, value: c.views, href: filterHref("country", c.name.toLowerCase()) }))} empty="No views in this range." />
        </Card>
        <Card labelledBy="referrers">
          <CardHeader id="referrers" title="Referrers" />
          <BarTable caption="Views by referrer" labelHeader="Referrer" rows={analytics.referrerStats.map((r) => ({ label: referrerLabel(r.domain), value: r.views, href: filterHref("referrer", r.domain) }))} empty="No views in this range." />
        </Card>
        <Card labelledBy="devices">
          <CardHeader id="devices" title="Devices" />
          <BarTable caption="Views by device" labelHeader="Device" rows={rowsOf(analytics.deviceStats, "device", deviceLabel, filterHref)} empty="No views in this range." />
        </Card>
        <Card labelledBy="platforms">
          <CardHeader id="platforms" title="Platforms" />
          <BarTable caption="Views by platform" labelHeader="Platform" rows={rowsOf(analytics.platformStats, "platform", platformLabel, filterHref)} empty="No views in this range." />
        </Card>
      </div>
      <div className="grid-2">
        <BotsCard analytics={analytics} />
        <UtmCard analytics={analytics} />
      </div>
      {analytics.type === "Website" ? (
        <Card labelledBy="buttons">
          <CardHeader id="buttons" title="Clicks by button" description="Each button of the page, with its clicks per day." />
          {buttons.length === 0 ? (
            <CardBody>
              <p className="muted-note">No button was clicked in this range.</p>
            </CardBody>
          ) : (
            <Table
              caption="Clicks by button"
              head={
                <tr>
                  <th scope="col">Button</th>
                  <th scope="col" className="hide-sm">Daily clicks</th>
                  <th scope="col" className="num">Clicks</th>
                </tr>
              }
            >
              {buttons.map((button) => (
                <tr key={button.id}>
                  <td>
                    <div className="cell-title">{button.title ?? button.id}</div>
                    <div className="cell-sub">{button.type === "adult-confirmation" ? "18+ confirmation" : button.url ?? button.type}</div>
                  </td>
                  <td className="hide-sm">
                    <Sparkline points={everyDay(button.dailyClicks)} label={button.title ?? button.id} />
                  </td>
                  <td className="num">{button.totalClicks.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      ) : null}
      {showAdult ? (
        <Card labelledBy="adult">
          <CardHeader id="adult" title="18+ confirmation" />
          <CardBody>
            <p className="muted-note">
              {adult
                ? `${countOf(adult.clicks, "visitor")} confirmed they are 18 or older: ${adult.rate}% of ${countOf(analytics.totalViews, "view")}.`
                : "Nobody passed the age gate in this range."}
            </p>
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}

const AUDIENCE_NOTES = { people: "People's views.", bots: "Bots' views.", all: "People's and bots' views together." } as const;

const BOT_REASON_LABELS: Record<string, string> = {
  preview: "Link previews",
  crawler: "Crawlers",
  head: "HEAD requests",
  prefetch: "Prefetches",
  datacenter: "Scripts and servers",
};

/** Bots' views by reason, whatever the audience: what the people figures leave out. */
function BotsCard({ analytics }: { analytics: Analytics }) {
  const rows = Object.entries(analytics.botViews.byReason)
    .filter(([, views]) => views > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, views]) => ({ label: BOT_REASON_LABELS[reason] ?? reason, value: views }));
  return (
    <Card labelledBy="bots">
      <CardHeader
        id="bots"
        title="Bots"
        description={analytics.botViews.total ? `${countOf(analytics.botViews.total, "bot view")}, not counted as people's.` : "Link previews, crawlers and scripts are not counted as people's views."}
      />
      <BarTable caption="Bot views by reason" labelHeader="Reason" rows={rows} empty="No bot visited in this range." />
    </Card>
  );
}

/** The audience's views by UTM source, medium and campaign, one table under the other. */
function UtmCard({ analytics }: { analytics: Analytics }) {
  const { sources, mediums, campaigns } = analytics.utmStats;
  const lists = [
    { title: "Source", caption: "Views by UTM source", rows: sources },
    { title: "Medium", caption: "Views by UTM medium", rows: mediums },
    { title: "Campaign", caption: "Views by UTM campaign", rows: campaigns },
  ].filter((list) => list.rows.length > 0);
  return (
    <Card labelledBy="utm">
      <CardHeader id="utm" title="Campaigns (UTM)" description="utm_source, utm_medium and utm_campaign of the short link's address, or else of the destination." />
      {lists.length === 0 ? (
        <CardBody>
          <p className="muted-note">No visit carried UTM parameters in this range.</p>
        </CardBody>
      ) : (
        lists.map((list) => <BarTable key={list.title} caption={list.caption} labelHeader={list.title} rows={list.rows.map((row) => ({ label: row.name, value: row.views }))} empty="" />)
      )}
    </Card>
  );
}

function bucketName(date: string | undefined): string {
  if (!date) return "day";
  return date.length === 7 ? "month" : date.length === 10 ? "day" : "hour";
}
