// The two visitor entry points side by side: the same cached redirect answered by server.ts's fast path
// (before Next) and by proxy.ts under `next start` (no server.ts), alternating (autocannon, 50
// connections, BENCH_SECONDS each, 3 rounds), then what the proxy adds to one of the app's own
// pages (the host check), timed in process. Self-contained: it starts and stops both servers.
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { answerVisitRequest } from "../../lib/visit/web-handler";
import { apiRequest, createAccount, type TestAccount } from "../harness/http";
import { createAccountWithCli, startNextStart } from "../harness/next-start";
import { startServer } from "../harness/hop-server";
import { fmt, median } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROUNDS = 3;
const PRIMARY = "localhost:3000";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

interface Run {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, duration = SECONDS): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: { host: PRIMARY, "user-agent": BROWSER } });
  const failed = result["4xx"] + result["5xx"] + result.errors + result.timeouts;
  if (failed) throw new Error(`${url}: ${failed} requests failed (4xx, 5xx, errors, timeouts)`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function line(name: string, run: Run): string {
  return `${name.padEnd(30)} ${fmt(run.rps, 0).padStart(8)} req/s   p50 ${run.p50} ms   p99 ${run.p99} ms`;
}

function medianRun(runs: Run[]): Run {
  return { rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)) };
}

/** What proxy.ts's visitor check costs a dashboard page on the app host, per request. */
function appPageCheckMicros(): number {
  const url = new URL("http://localhost:3000/links?page=2");
  const request = new Request(url, { headers: { host: PRIMARY, "user-agent": BROWSER, accept: "text/html", cookie: "next-auth.session-token=x" } });
  const count = 200_000;
  for (let i = 0; i < 10_000; i += 1) answerVisitRequest(request, url);
  const start = performance.now();
  for (let i = 0; i < count; i += 1) if (answerVisitRequest(request, url) !== null) throw new Error("an app page was answered as a visit");
  return ((performance.now() - start) * 1000) / count;
}

export async function benchProxy(): Promise<void> {
  const body = { url: "https://example.com/destination", slug: "bench", behavior: "conservative" };
  const env = { HOP_LOG: "silent", EVENT_QUEUE_MAX: "5000000" };
  const fast = await startServer({ env });
  let proxyAccount: TestAccount | undefined;
  const proxied = await startNextStart({ env, before: async (e) => void (proxyAccount = await createAccountWithCli(e, { plan: "unlimited" })) });
  try {
    const fastAccount = await createAccount(fast, { plan: "unlimited" });
    await apiRequest(fast, "POST", "/v1/links", { key: fastAccount.key, body });
    await apiRequest(proxied, "POST", "/v1/links", { key: proxyAccount!.key, body });
    const fastUrl = `${fast.url}/bench`;
    const proxyUrl = `${proxied.url}/bench`;
    await load(fastUrl, 2);
    await load(proxyUrl, 2);
    const fasts: Run[] = [];
    const proxies: Run[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const f = await load(fastUrl);
      const p = await load(proxyUrl);
      fasts.push(f);
      proxies.push(p);
      ratios.push(p.rps / f.rps);
      console.log(`round ${round}: ${line("fast path (server.ts)", f).trim()} | ${line("proxy path (next start)", p).trim()}`);
    }
    console.log(line("fast path redirect (median)", medianRun(fasts)));
    console.log(line("proxy path redirect (median)", medianRun(proxies)));
    console.log(`proxy/fast ratio: ${fmt(median(ratios), 2)}`);
  } finally {
    await proxied.stop();
    await fast.stop();
  }
  console.log(`proxy's visitor check on an app page (in process): ${fmt(appPageCheckMicros(), 2)} µs per request`);
}
