// The dashboard's analytics pages rendered by the real server: one link with 1,000,000 events on
// PostgreSQL (loaded as scripts/bench/analytics.ts does), a signed-in session, then p50/p99 of
// GET /analytics/link?id=… per timeframe and of the account overview GET /analytics.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { admin, startServer } from "../harness/hop-server";
import { EVENTS, load } from "./analytics";
import { fmt, percentile } from "./stats";

const SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 40);

async function timePage(url: string, cookie: string, expect: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const html = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !html.includes(expect)) throw new Error(`${url} answered ${response.status} without ${expect}`);
    if (i >= 3) samples.push(elapsed);
  }
  return samples;
}

export async function benchAnalyticsPage(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log("analytics page: skipped (set DATABASE_URL to a PostgreSQL server: the 1,000,000 events are loaded there)");
    return;
  }
  const secret = randomBytes(32).toString("hex");
  const hop = await startServer({ env: { HOP_LOG: "silent", AUTH_SECRET: secret } });
  const client = new pg.Client({ connectionString: hop.env.DATABASE_URL });
  try {
    await client.connect();
    const email = "bench-analytics@example.test";
    await admin(hop, "account", "create", "--email", email, "--password", "bench password 1", "--plan", "unlimited");
    const { key } = await admin(hop, "key", "create", "--email", email, "--role", "full");
    const created = await fetch(`${hop.url}/v1/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${String(key)}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/bench", slug: "bench" }),
    });
    if (created.status !== 201) throw new Error(`link create answered ${created.status}`);
    const [link] = (await client.query(`SELECT l.id, a.id AS "accountId", a."sessionVersion" FROM "Link" l JOIN "Account" a ON a.id = l."accountId" WHERE l."publicId" = 'bench'`)).rows;
    const started = performance.now();
    await load(client, link.id);
    console.log(`analytics page: loaded ${EVENTS.toLocaleString("en")} events over 90 days in ${fmt((performance.now() - started) / 1000, 1)} s`);
    const token = await encode({ token: { sub: link.accountId, email, sv: link.sessionVersion }, secret, maxAge: 3600 });
    const cookie = `next-auth.session-token=${token}`;
    const pages: Array<[string, string, string]> = [
      ["link, last_7_days", "/analytics/link?id=bench&timeframe=last_7_days", "total-views"],
      ["link, last_30_days", "/analytics/link?id=bench", "total-views"],
      ["link, last_90_days", "/analytics/link?id=bench&timeframe=last_90_days", "total-views"],
      ["link, all_time", "/analytics/link?id=bench&timeframe=all_time", "total-views"],
      ["account overview", "/analytics", "account-views"],
    ];
    for (const [label, pathname, marker] of pages) {
      const samples = await timePage(`${hop.url}${pathname}`, cookie, marker);
      console.log(`analytics page ${label}: p50 ${fmt(percentile(samples, 50), 1)} ms, p99 ${fmt(percentile(samples, 99), 1)} ms (${samples.length} server renders over HTTP)`);
    }
  } finally {
    await client.end().catch(() => undefined);
    await hop.stop();
  }
}
