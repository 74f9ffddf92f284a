import { escapeHtml } from "@/lib/html/escape";

// Views and clicks per bucket as an SVG drawn on the server: readable without JavaScript, each
// bucket's numbers in a <title> the browser shows on hover, and a summary for screen readers.
// The SVG is one markup string: React streams a late part of an <svg> tree in a wrapper with an
// inline style, which the page's CSP (no inline styles) blocks, so the chart is never a tree.

export interface SeriesPoint {
  date: string;
  views: number;
  clicks: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

/** 1, 2, 2.5, 5 × 10ⁿ at or above the value, so the axis reads in round numbers. */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function bucketLabel(date: string): string {
  if (date.length === 7) return new Date(`${date}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  if (date.length === 10) return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return new Date(`${date}:00Z`).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", timeZone: "UTC" });
}

const n = (value: number) => value.toLocaleString("en-US");

export function chartMarkup(series: SeriesPoint[], label: string): string {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...series.map((p) => Math.max(p.views, p.clicks))));
  const step = series.length > 1 ? innerW / (series.length - 1) : 0;
  const x = (i: number) => PAD.left + (series.length > 1 ? i * step : innerW / 2);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (key: "views" | "clicks") => series.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const area = series.length ? `${line("views")} L${x(series.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : "";
  const totals = series.reduce((t, p) => ({ views: t.views + p.views, clicks: t.clicks + p.clicks }), { views: 0, clicks: 0 });
  const labelEvery = Math.max(1, Math.ceil(series.length / 6));
  const slot = series.length > 1 ? step : innerW;
  const parts: string[] = [];
  for (const tick of [0, max / 2, max]) {
    parts.push(`<g class="chart-grid"><line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(tick)}" y2="${y(tick)}"/><text x="${PAD.left - 6}" y="${y(tick) + 4}" text-anchor="end">${escapeHtml(tick.toLocaleString("en-US", { maximumFractionDigits: 1 }))}</text></g>`);
  }
  series.forEach((p, i) => {
    if (i % labelEvery) return;
    const anchor = i === 0 ? "start" : i === series.length - 1 ? "end" : "middle";
    parts.push(`<text class="chart-axis" x="${x(i)}" y="${HEIGHT - 8}" text-anchor="${anchor}">${escapeHtml(bucketLabel(p.date))}</text>`);
  });
  parts.push(`<path class="chart-area" d="${area}"/>`, `<path class="chart-line chart-views" d="${line("views")}"/>`, `<path class="chart-line chart-clicks" d="${line("clicks")}"/>`);
  series.forEach((p, i) => {
    parts.push(`<rect class="chart-hit" x="${x(i) - slot / 2}" y="${PAD.top}" width="${slot}" height="${innerH}"><title>${escapeHtml(`${bucketLabel(p.date)}: ${n(p.views)} views, ${n(p.clicks)} clicks`)}</title></rect>`);
  });
  const summary = `${label}: ${n(totals.views)} views and ${n(totals.clicks)} clicks over ${series.length} periods`;
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" class="chart-svg" role="img" aria-label="${escapeHtml(summary)}">${parts.join("")}</svg>`;
}

export function TimeSeriesChart({ series, label }: { series: SeriesPoint[]; label: string }) {
  const totals = series.reduce((t, p) => ({ views: t.views + p.views, clicks: t.clicks + p.clicks }), { views: 0, clicks: 0 });
  return (
    <figure className="chart">
      <div dangerouslySetInnerHTML={{ __html: chartMarkup(series, label) }} />
      <figcaption className="chart-legend">
        <span className="legend-views">Views ({n(totals.views)})</span>
        <span className="legend-clicks">Clicks ({n(totals.clicks)})</span>
      </figcaption>
    </figure>
  );
}
