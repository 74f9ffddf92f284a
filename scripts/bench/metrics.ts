import { performance } from "node:perf_hooks";
import { countResponse, REDIRECT } from "../../lib/metrics/counters";
import { metricsText } from "../../lib/server/metrics";

// What /metrics costs (docs/operations.md, "Metrics"): the counting every visitor answer does
// (a map increment and a histogram bucket), timed over millions of calls against the same loop
// without it, and one scrape's text. The redirect section's hop/raw ratio is the end-to-end check.

function perCallNs(iterations: number, fn: (i: number) => void): number {
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) fn(i);
  return ((performance.now() - started) * 1e6) / iterations;
}

export async function benchMetrics(): Promise<void> {
  const n = 5_000_000;
  const statuses = [302, 302, 302, 301, 307, 200, 404];
  let sink = 0;
  // Warm both loops first: the optimized code is what runs in a server.
  for (let round = 0; round < 2; round += 1) {
    const baseline = perCallNs(n, (i) => {
      sink += statuses[i % statuses.length] + (i & 7) * 1e-4;
    });
    // What a visitor answer adds: the arrival's clock reading, the answer's, and the count.
    const counted = perCallNs(n, (i) => {
      const arrived = performance.now();
      countResponse(REDIRECT, statuses[i % statuses.length], (performance.now() - arrived) / 1000);
    });
    if (round === 1) {
      console.log(`counting one response (2 clock reads, map, histogram)   ${(counted - baseline).toFixed(1)} ns   (loop alone ${baseline.toFixed(1)} ns)`);
      console.log(`at 40,000 redirects a second: ${(((counted - baseline) * 40_000) / 1e7).toFixed(3)} % of one core`);
    }
  }
  await metricsText(); // the first opens the database the probe asks
  const scrapes: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    await metricsText();
    scrapes.push(performance.now() - started);
  }
  scrapes.sort((a, b) => a - b);
  console.log(`one scrape (with the database probe)       ${scrapes[10].toFixed(2)} ms median, ${scrapes[19].toFixed(2)} ms max of 20`);
  if (sink === -1) console.log(sink);
}
