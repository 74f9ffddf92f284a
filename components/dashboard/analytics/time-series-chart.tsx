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

/**
 * The chart scales with its viewBox, so labels keep their spacing only near the width they were
 * laid out for. Two layouts are drawn and CSS shows one by the chart's own width (a container
 * query): the wide one from 560 px (scale ≥ 0.78), the narrow one below (a phone's card is about
 * 300 px: scale ≈ 0.9). Each picks how many x labels fit its width.
 */
export const LAYOUTS = {
  wide: { width: 720, height: 220, pad: { top: 12, right: 12, bottom: 28, left: 44 } },
  narrow: { width: 340, height: 210, pad: { top: 12, right: 10, bottom: 28, left: 34 } },
} as const;
export type ChartLayout = keyof typeof LAYOUTS;

/** Axis text is 11 units; 6.6 units a character is wider than the system fonts' average. */
const CHAR_WIDTH = 6.6;
const LABEL_GAP = 14;

/**
 * Every how many buckets an x label goes, so labels never overlap: the first is anchored at its
 * start and the others at their middle, so neighbours need 1.5 label widths and a gap between
 * their anchors.
 */
export function labelStep(labels: string[], step: number): number {
  if (labels.length < 2 || step <= 0) return 1;
  const widest = Math.max(...labels.map((text) => text.length * CHAR_WIDTH));
  return Math.max(1, Math.ceil((1.5 * widest + LABEL_GAP) / step));
}

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

export function chartMarkup(series: SeriesPoint[], label: string, layout: ChartLayout = "wide"): string {
  const { width: WIDTH, height: HEIGHT, pad: PAD } = LAYOUTS[layout];
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const max = niceMax(Math.max(0, ...series.map((p) => Math.max(p.views, p.clicks))));
  const step = series.length > 1 ? innerW / (series.length - 1) : 0;
  const x = (i: number) => PAD.left + (series.length > 1 ? i * step : innerW / 2);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const line = (key: "views" | "clicks") => series.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const area = series.length ? `${line("views")} L${x(series.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : "";
  const totals = series.reduce((t, p) => ({ views: t.views + p.views, clicks: t.clicks + p.clicks }), { views: 0, clicks: 0 });
  const labels = series.map((p) => bucketLabel(p.date));
  const labelEvery = labelStep(labels, step);
  const slot = series.length > 1 ? step : innerW;
  const parts: string[] = [];
  for (const tick of [0, max / 2, max]) {
    parts.push(`<g class="chart-grid"><line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(tick)}" y2="${y(tick)}"/><text x="${PAD.left - 6}" y="${y(tick) + 4}" text-anchor="end">${escapeHtml(tick.toLocaleString("en-US", { maximumFractionDigits: 1 }))}</text></g>`);
  }
  series.forEach((_, i) => {
    if (i % labelEvery) return;
    // The last bucket's label ends at the chart's edge; the first one starts at it.
    const anchor = i === 0 && series.length > 1 ? "start" : i === series.length - 1 && series.length > 1 ? "end" : "middle";
    parts.push(`<text class="chart-axis" x="${x(i).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="${anchor}">${escapeHtml(labels[i])}</text>`);
  });
  parts.push(`<path class="chart-area" d="${area}"/>`, `<path class="chart-line chart-views" d="${line("views")}"/>`, `<path class="chart-line chart-clicks" d="${line("clicks")}"/>`);
  series.forEach((p, i) => {
    parts.push(`<rect class="chart-hit" x="${(x(i) - slot / 2).toFixed(1)}" y="${PAD.top}" width="${slot.toFixed(1)}" height="${innerH}"><title>${escapeHtml(`${labels[i]}: ${n(p.views)} views, ${n(p.clicks)} clicks`)}</title></rect>`);
  });
  const summary = `${label}: ${n(totals.views)} views and ${n(totals.clicks)} clicks over ${series.length} periods`;
  return `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" class="chart-svg" role="img" aria-label="${escapeHtml(summary)}">${parts.join("")}</svg>`;
}

export function TimeSeriesChart({ series, label }: { series: SeriesPoint[]; label: string }) {
  const totals = series.reduce((t, p) => ({ views: t.views + p.views, clicks: t.clicks + p.clicks }), { views: 0, clicks: 0 });
  return (
    <figure className="chart">
      {/* One of the two is display:none at any width, so assistive technology meets one chart. */}
      <div className="chart-wide" dangerouslySetInnerHTML={{ __html: chartMarkup(series, label, "wide") }} />
      <div className="chart-narrow" dangerouslySetInnerHTML={{ __html: chartMarkup(series, label, "narrow") }} />
      <figcaption className="chart-legend">
        <span className="legend-views">Views ({n(totals.views)})</span>
        <span className="legend-clicks">Clicks ({n(totals.clicks)})</span>
      </figcaption>
    </figure>
  );
}
