// `npm run bench -- outage` (only when named): a redirect load over 20 links, all visited before,
// against a PostgreSQL of its own that is stopped for OUTAGE_SECONDS (default 300: five minutes,
// five times the caches' TTL) mid-run. Prints the share of visits answered with their 302 (the
// goal: 100 %: every link cached before the outage keeps answering), the events written once the
// database is back, the most queued in memory and in the spool at once, the events dropped — the
// goal is 0 dropped and written = answered.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { apiRequest, createAccount } from "../harness/http";
import { missingPostgres, startOwnPostgres } from "../harness/own-services";
import { startServer } from "../harness/hop-server";

const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 300);
const LINKS = 20;
const BEFORE_SECONDS = 5;
const AFTER_SECONDS = 5;
const PRIMARY = "localhost:3000";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function count(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT coalesce(sum(visits), 0) AS n FROM "VisitEvent"`)).rows[0].n);
  } finally {
    await client.end();
  }
}

function resident(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

export async function benchOutage(): Promise<void> {
  const missing = missingPostgres();
  if (missing) return void console.log(`skipped: ${missing}`);
  const db = await startOwnPostgres();
  const hop = await startServer({ env: { HOP_LOG: "silent", DATABASE_URL: db.url, REDIS_URL: "" } });
  try {
    const account = await createAccount(hop, { plan: "unlimited" });
    const slugs = Array.from({ length: LINKS }, (_, i) => `bench-${i}`);
    for (const slug of slugs) await apiRequest(hop, "POST", "/v1/links", { key: account.key, body: { url: `https://example.com/${slug}`, slug, behavior: "basic" } });
    const duration = BEFORE_SECONDS + OUTAGE_SECONDS + AFTER_SECONDS;
    const load = autocannon({
      url: hop.url,
      connections: 50,
      duration,
      headers: { host: PRIMARY, "user-agent": BROWSER },
      requests: slugs.map((slug) => ({ method: "GET", path: `/${slug}` })),
    });
    let maxQueued = 0;
    let maxSpooled = 0;
    const sampling = setInterval(() => {
      void apiRequest(hop, "GET", "/api/health").then((res) => {
        maxQueued = Math.max(maxQueued, res.body?.events?.queued ?? 0);
        maxSpooled = Math.max(maxSpooled, res.body?.events?.spooled ?? 0);
      });
    }, 500);
    await pause(BEFORE_SECONDS * 1000);
    const before = resident(hop.process.pid!, "VmRSS");
    await db.stop();
    console.log(`database stopped for ${OUTAGE_SECONDS} s`);
    await pause(OUTAGE_SECONDS * 1000);
    await db.start();
    console.log("database started");
    const result = await load;
    clearInterval(sampling);
    const answered = result.statusCodeStats?.["302"]?.count ?? 0;
    const deadline = Date.now() + 120_000;
    let written = await count(db.url);
    while (written < answered && Date.now() < deadline) {
      await pause(500);
      written = await count(db.url);
    }
    const health = (await apiRequest(hop, "GET", "/api/health")).body.events;
    const other = Object.entries(result.statusCodeStats ?? {}).filter(([status]) => status !== "302");
    const total = answered + other.reduce((sum, [, stat]) => sum + (stat.count ?? 0), 0);
    console.log(`visits answered with their 302 through a ${OUTAGE_SECONDS} s outage: ${answered} of ${total} (${((answered / Math.max(1, total)) * 100).toFixed(3)} %; goal 100 %), ${Math.round(result.requests.average)} req/s; other answers ${other.map(([status, stat]) => `${status}×${stat.count}`).join(", ") || "none"}; errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log(`events written: ${written}; most queued in memory at once: ${maxQueued}; most in the spool: ${maxSpooled}; dropped: ${health.dropped}; lost: ${Math.max(0, answered - written)} (written past answered: requests in flight when the load stopped)`);
    console.log(`server's resident memory: ${before} MB under load before the outage, ${resident(hop.process.pid!, "VmHWM")} MB at its peak`);
  } finally {
    await hop.stop();
    await db.remove();
  }
}
