import { ANALYTICS_FILTERS, type AnalyticsFilters } from "@/lib/analytics/filters";
import { TIMEFRAMES } from "@/lib/analytics/timeframe";

export const TIMEFRAME_LABELS: Record<(typeof TIMEFRAMES)[number], string> = {
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  last_90_days: "Last 90 days",
  this_month: "This month",
  last_month: "Last month",
  all_time: "All time",
};

/**
 * A plain GET form (works without JavaScript): a named range, or a from–to range that wins when
 * both dates are given, as in the API.
 */
export function TimeframePicker({ action = "/analytics/link", id, timeframe, from, to, filters = {}, audience }: { action?: string; id?: string; timeframe: string; from?: string; to?: string; filters?: AnalyticsFilters; audience?: string }) {
  return (
    <form className="timeframe" method="get" action={action} aria-label="Timeframe">
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      {audience && audience !== "people" ? <input type="hidden" name="audience" value={audience} /> : null}
      {ANALYTICS_FILTERS.map((name) => (filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null))}
      <div className="field">
        <label className="field-label" htmlFor="timeframe">
          Range
        </label>
        <select id="timeframe" name="timeframe" className="select" defaultValue={timeframe}>
          {TIMEFRAMES.map((value) => (
            <option key={value} value={value}>
              {TIMEFRAME_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="from">
          From
        </label>
        <input id="from" name="from" type="date" className="input" defaultValue={from} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="to">
          To
        </label>
        <input id="to" name="to" type="date" className="input" defaultValue={to} />
      </div>
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
    </form>
  );
}
