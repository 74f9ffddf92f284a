/** "used of limit" with a bar; an unlimited limit shows the count and no bar. */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const ratio = limit ? Math.min(1, used / limit) : 0;
  return (
    <div className="usage" data-level={limit !== null && ratio >= 0.9 ? "high" : undefined}>
      <div className="usage-head">
        <span className="usage-label">{label}</span>
        <span className="usage-value">
          {used.toLocaleString("en-US")} / {limit === null ? "Unlimited" : limit.toLocaleString("en-US")}
        </span>
      </div>
      {limit !== null ? <progress max={Math.max(limit, 1)} value={Math.min(used, limit)} aria-label={`${label}: ${used} of ${limit}`} /> : null}
    </div>
  );
}
