import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { AudienceBar } from "@/components/dashboard/analytics/audience-bar";
import { FilterChips } from "@/components/dashboard/analytics/filter-chips";
import { LinkAnalyticsView } from "@/components/dashboard/analytics/link-analytics-view";
import { TimeframePicker } from "@/components/dashboard/analytics/timeframe-picker";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { analyticsPage } from "@/lib/analytics/analytics-for-identifier";
import { audienceOf, type Audience } from "@/lib/analytics/audience";
import { ANALYTICS_FILTERS, AnalyticsFiltersQuery, type AnalyticsFilterName, type AnalyticsFilters } from "@/lib/analytics/filters";
import { typeLabel } from "@/lib/analytics/labels";
import { AnalyticsQuery, DEFAULT_TIMEFRAME, TIMEFRAMES } from "@/lib/analytics/timeframe";
import { requireWorkspace } from "@/lib/dashboard/workspace";
import { db } from "@/lib/db/open";
import { isHopError } from "@/lib/errors";
import { queryParam } from "@/lib/validation/url-params";

export const metadata: Metadata = { title: "Analytics" };

const one = queryParam;

export default async function LinkAnalyticsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const workspace = await requireWorkspace();
  const params = await searchParams;
  const id = one(params.id) ?? "";
  const timeframeParam = one(params.timeframe);
  const timeframe = TIMEFRAMES.find((t) => t === timeframeParam) ?? DEFAULT_TIMEFRAME;
  const from = one(params.from);
  const to = one(params.to);
  const filters: AnalyticsFilters = AnalyticsFiltersQuery.parse(Object.fromEntries(ANALYTICS_FILTERS.map((name) => [name, one(params[name])])));
  // The same function as GET /v1/analytics/links/{identifier}, so the page and the API agree.
  const audience = audienceOf(one(params.audience));
  const query = { ...AnalyticsQuery.parse({ timeframe, ...(from || to ? { from, to } : {}) }), audience };
  const result = id
    ? await analyticsPage(await db(), workspace.ownerId, id, query, filters).then(
        (page) => page,
        (error: unknown) => {
          if (isHopError(error)) return { error: error.status === 404 ? `No link or page “${id}” in this workspace.` : error.message };
          throw error;
        },
      )
    : { error: "Choose a link or page on the Analytics page." };

  // Every filter and the range stay in the address: a breakdown row adds its filter, a chip drops one.
  const hrefWith = (change: Partial<Record<AnalyticsFilterName, string | null>>, whose: Audience = audience) => {
    const next = new URLSearchParams({ id, ...(params.timeframe ? { timeframe } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(whose !== "people" ? { audience: whose } : {}) });
    for (const name of ANALYTICS_FILTERS) {
      const value = name in change ? change[name] : filters[name];
      if (value) next.set(name, value);
    }
    return `/analytics/link?${next.toString()}`;
  };
  // The CSV of the range and audience shown (its rows are the chart's buckets; filters do not apply).
  const csvHref = `/api/dashboard/analytics/export?${new URLSearchParams({ id, timeframe, ...(from && to ? { from, to } : {}), audience }).toString()}`;
  const subject = "subject" in result ? result.subject : null;
  const title = subject ? subject.title || subject.shortUrl.replace(/^https?:\/\//, "") : id;
  return (
    <div className="page-stack">
      <PageHeader
        title={`Analytics${id ? `: ${title}` : ""}`}
        description={
          subject ? (
            <span className="analytics-subject">
              {typeLabel(subject.type)} <a href={subject.shortUrl}>{subject.shortUrl.replace(/^https?:\/\//, "")}</a>
              <CopyButton value={subject.shortUrl} label="Copy short link" />
              <span aria-hidden="true">·</span> <Link href="/analytics">Account overview</Link>
            </span>
          ) : (
            <Link href="/analytics">Account overview</Link>
          )
        }
      />
      <TimeframePicker id={id} timeframe={timeframe} from={from} to={to} filters={filters} audience={audience} />
      {"subject" in result ? <AudienceBar audience={audience} hrefFor={(whose) => hrefWith({}, whose)} csvHref={csvHref} /> : null}
      <FilterChips filters={filters} removeHref={(name) => hrefWith({ [name]: null })} clearHref={hrefWith(Object.fromEntries(ANALYTICS_FILTERS.map((name) => [name, null])))} />
      {"subject" in result && result.subject.lowContrast.length ? (
        <Alert tone="warning">
          This page keeps colours that are hard to read: {result.subject.lowContrast.map((p) => `${p.label.toLowerCase()} ${p.ratio}:1`).join(", ")} (WCAG AA asks 4.5:1). Visitors with
          low vision, or on a phone in the sun, may not read them. In the editor (Theme), use the suggested colours or untick “Keep my colours anyway”.
        </Alert>
      ) : null}
      {"error" in result ? (
        <Alert tone="danger">{result.error}</Alert>
      ) : (
        <LinkAnalyticsView analytics={result.analytics} ageGated={result.subject.ageGated} filterHref={(name, value) => hrefWith({ [name]: value })} />
      )}
    </div>
  );
}
