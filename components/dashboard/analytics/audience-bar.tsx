import Link from "next/link";
import type { Audience } from "@/lib/analytics/audience";

const AUDIENCE_LABELS: Record<Audience, string> = { people: "People", bots: "Bots", all: "Everyone" };

/**
 * Whose views the page counts (people by default, the API's `audience`), as links so it works
 * without JavaScript, and the CSV of what the page shows.
 */
export function AudienceBar({ audience, hrefFor, csvHref }: { audience: Audience; hrefFor: (audience: Audience) => string; csvHref: string | null }) {
  return (
    <div className="audience-bar">
      <nav className="segmented" aria-label="Whose views">
        {(Object.keys(AUDIENCE_LABELS) as Audience[]).map((value) => (
          <Link key={value} href={hrefFor(value)} className="segmented-item" aria-current={value === audience ? "page" : undefined} data-testid={`audience-${value}`}>
            {AUDIENCE_LABELS[value]}
          </Link>
        ))}
      </nav>
      {csvHref ? (
        <a className="btn btn-secondary btn-sm" href={csvHref} download data-testid="download-csv">
          Download CSV
        </a>
      ) : null}
    </div>
  );
}
