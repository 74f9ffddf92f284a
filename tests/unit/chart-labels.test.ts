import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chartMarkup, LAYOUTS, type ChartLayout } from "../../components/dashboard/analytics/time-series-chart";

// The x labels of the server-drawn chart keep apart at both layouts (wide for desktop cards,
// narrow for phone cards), whatever the bucket count: each label's extent, estimated from its
// length, its anchor and a character wider than the system fonts', overlaps no neighbour.

const CHAR = 6.6;

function series(dates: string[]) {
  return dates.map((date, i) => ({ date, views: i % 7, clicks: i % 3 }));
}
const days = (count: number) => Array.from({ length: count }, (_, i) => new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10));
const hours = (count: number) => Array.from({ length: count }, (_, i) => new Date(Date.UTC(2026, 10, 24, i)).toISOString().slice(0, 13));
const months = (count: number) => Array.from({ length: count }, (_, i) => new Date(Date.UTC(2025, i, 1)).toISOString().slice(0, 7));

function labelExtents(svg: string): Array<[number, number, string]> {
  return [...svg.matchAll(/<text class="chart-axis" x="([\d.]+)" y="[\d.]+" text-anchor="(start|middle|end)">([^<]*)<\/text>/g)].map(([, x, anchor, text]) => {
    const width = text.length * CHAR;
    const at = Number(x);
    const from = anchor === "start" ? at : anchor === "end" ? at - width : at - width / 2;
    return [from, from + width, text];
  });
}

describe("time-series chart x labels", () => {
  for (const layout of Object.keys(LAYOUTS) as ChartLayout[]) {
    for (const [name, dates] of [
      ["24 hours", hours(24)],
      ["7 days", days(7)],
      ["31 days", days(31)],
      ["90 days", days(90)],
      ["12 months", months(12)],
    ] as const) {
      test(`${layout}, ${name}: at least two labels, none overlapping, all inside the chart`, () => {
        const extents = labelExtents(chartMarkup(series([...dates]), "Views and clicks", layout));
        assert.ok(extents.length >= 2, `${extents.length} labels`);
        for (let i = 1; i < extents.length; i += 1) {
          assert.ok(extents[i][0] >= extents[i - 1][1] + 8, `${extents[i - 1][2]} and ${extents[i][2]} overlap at ${layout}`);
        }
        assert.ok(extents[0][0] >= 0 && extents[extents.length - 1][1] <= LAYOUTS[layout].width);
      });
    }
  }

  test("the narrow layout shows fewer labels than the wide one for a month of days", () => {
    const wide = labelExtents(chartMarkup(series(days(31)), "x", "wide")).length;
    const narrow = labelExtents(chartMarkup(series(days(31)), "x", "narrow")).length;
    assert.ok(narrow < wide, `${narrow} vs ${wide}`);
  });
});
