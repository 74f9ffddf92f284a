import type { Metadata } from "next";
import Link from "next/link";
import "@/components/dashboard/sites.css";
import { LinkAnalyticsView } from "@/components/dashboard/analytics/link-analytics-view";
import { TimeframePicker } from "@/components/dashboard/analytics/timeframe-picker";
import { PageHeader } from "@/components/dashboard/shell";
import { Alert } from "@/components/ui/alert";
import { analyticsForIdentifier } from "@/lib/analytics/analytics-for-identifier";
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
  // The same function as GET /v1/analytics/links/{identifier}, so the page and the API agree.
  const query = AnalyticsQuery.parse({ timeframe, ...(from || to ? { from, to } : {}) });
  const result = id
    ? await analyticsForIdentifier(await db(), workspace.ownerId, id, query).then(
        (analytics) => ({ analytics }),
        (error: unknown) => {
          if (isHopError(error)) return { error: error.status === 404 ? `No link or page “${id}” in this workspace.` : error.message };
          throw error;
        },
      )
    : { error: "Choose a link or page on the Analytics page." };
  return (
    <div className="page-stack">
      <PageHeader
        title={`Analytics${id ? `: ${"analytics" in result ? result.analytics.id : id}` : ""}`}
        description={
          <>
            {"analytics" in result ? `${result.analytics.type} ${result.analytics.id}. ` : ""}
            <Link href="/analytics">Account overview</Link>
          </>
        }
      />
      <TimeframePicker id={id} timeframe={timeframe} from={from} to={to} />
      {"error" in result ? <Alert tone="danger">{result.error}</Alert> : <LinkAnalyticsView analytics={result.analytics} />}
    </div>
  );
}
