// `npm run bench -- outage` (only when named): the redirect load of the redirect section against a
// PostgreSQL of its own that is stopped for OUTAGE_SECONDS (default 30) mid-run. Prints the visits
// answered, the events written once the database is back, the most queued in memory and in the
// spool at once, the events dropped — the goal is 0 dropped and written = answered.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { apiRequest, createAccount } from "../harness/http";
import { missingPostgres, startOwnPostgres } from "../harness/own-services";
import { startServer } from "../harness/hop-server";

const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 30);
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
    await apiRequest(hop, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/destination", slug: "bench", behavior: "basic" } });
    const duration = BEFORE_SECONDS + OUTAGE_SECONDS + AFTER_SECONDS;
    const load = autocannon({ url: `${hop.url}/bench`, connections: 50, duration, headers: { host: PRIMARY, "user-agent": BROWSER } });
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
    console.log(`visits answered (302): ${answered} at ${Math.round(result.requests.average)} req/s; errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log(`events written: ${written}; most queued in memory at once: ${maxQueued}; most in the spool: ${maxSpooled}; dropped: ${health.dropped}; lost: ${answered - written}`);
    console.log(`server's resident memory: ${before} MB under load before the outage, ${resident(hop.process.pid!, "VmHWM")} MB at its peak`);
  } finally {
    await hop.stop();
    await db.remove();
  }
}
