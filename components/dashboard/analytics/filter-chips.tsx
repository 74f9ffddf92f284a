import Link from "next/link";
import { ANALYTICS_FILTERS, type AnalyticsFilterName, type AnalyticsFilters } from "@/lib/analytics/filters";
import { countryName, deviceLabel, platformLabel, referrerLabel } from "@/lib/analytics/labels";
import { Flag } from "./flag";

const NAMES: Record<AnalyticsFilterName, string> = { country: "Country", device: "Device", platform: "Platform", referrer: "Referrer" };

function valueLabel(name: AnalyticsFilterName, value: string): string {
  if (name === "country") return countryName(value);
  if (name === "device") return deviceLabel(value);
  if (name === "platform") return platformLabel(value);
  return referrerLabel(value);
}

/** The filters in force, each removable; every figure on the page is of the matching visitors only. */
export function FilterChips({ filters, removeHref, clearHref }: { filters: AnalyticsFilters; removeHref: (name: AnalyticsFilterName) => string; clearHref: string }) {
  const active = ANALYTICS_FILTERS.filter((name) => filters[name] !== undefined);
  if (!active.length) return <p className="muted-note filter-hint">Click a country, device, platform or referrer below to see only its visitors.</p>;
  return (
    <div className="filter-chips" role="group" aria-label="Filters in force">
      <span className="filter-chips-label">Only visitors with</span>
      {active.map((name) => (
        <span className="chip" key={name}>
          {NAMES[name]}: {name === "country" ? <Flag code={filters[name]!} /> : null}
          <strong>{valueLabel(name, filters[name]!)}</strong>
          <Link href={removeHref(name)} className="chip-remove" aria-label={`Remove the ${NAMES[name].toLowerCase()} filter`}>
            ×
          </Link>
        </span>
      ))}
      {active.length > 1 ? (
        <Link href={clearHref} className="btn btn-ghost btn-sm">
          Clear filters
        </Link>
      ) : null}
    </div>
  );
}
