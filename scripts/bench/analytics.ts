// Analytics at scale: one link with 1,000,000 visit events spread over 90 days, loaded into a
// scratch PostgreSQL database, rolled up, then the median of 5 answers per timeframe.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { linkAnalytics } from "../../lib/analytics/link-analytics";
import { resolveRange, type TIMEFRAMES } from "../../lib/analytics/timeframe";
import { applyMigrations } from "../../lib/db/migrate";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { fmt, median } from "./stats";

export const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);

function baseUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: baseUrl() });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `hop_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Raw events, then the same hourly rollups the flusher writes, built in SQL for speed (also used by analytics-page.ts). */
export async function load(client: pg.Client, linkId: string): Promise<void> {
  await client.query(`
    INSERT INTO "VisitEvent" ("linkId", "accountId", "occurredAt", country, city, device, platform, browser, referrer, redirected)
    SELECT $1, 'acc_bench', now() - (random() * interval '90 days'),
           (ARRAY['us','de','fr','gb','br','in','jp','unknown'])[1 + (i % 8)], NULL,
           (ARRAY['desktop','mobile','tablet'])[1 + (i % 3)],
           (ARRAY['ios','android','windows','macos','linux','other'])[1 + (i % 6)], 'chrome',
           (ARRAY['direct','instagram.com','t.co','google.com'])[1 + (i % 4)], true
    FROM generate_series(1, $2) AS i`, [linkId, EVENTS]);
  const dims: Array<[string, string]> = [["''", "''"], ["'country'", "country"], ["'device'", "device"], ["'platform'", "platform"], ["'referrer'", "referrer"]];
  for (const [dimension, value] of dims) {
    await client.query(`
      INSERT INTO "EventRollup" ("linkId", hour, dimension, value, views, clicks, "adultClicks")
      SELECT "linkId", date_trunc('hour', "occurredAt"), ${dimension}, ${value}, count(*),
             ${dimension === "''" ? "count(*) FILTER (WHERE redirected)" : "0"}, 0
      FROM "VisitEvent" WHERE "linkId" = $1 GROUP BY 1, 2, 3, 4`, [linkId]);
  }
  await client.query(`ANALYZE`);
}

export async function benchAnalytics(): Promise<void> {
  const scratch = await scratchDatabase();
  if (!scratch) {
    console.log("analytics: skipped (no PostgreSQL at BENCH_DATABASE_URL, DATABASE_URL or 127.0.0.1:5432)");
    return;
  }
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: scratch.url }) });
  try {
    await applyMigrations(
      { query: async (sql, params) => (await client.query(sql, params as unknown[])).rows, exec: async (sql) => void (await client.query(sql)) },
      { lock: true },
    );
    const started = performance.now();
    await load(client, "lnk_bench");
    const rollups = (await client.query(`SELECT count(*)::int AS n FROM "EventRollup"`)).rows[0].n;
    console.log(`analytics: loaded ${EVENTS.toLocaleString("en")} events over 90 days (${rollups} rollup rows) in ${fmt((performance.now() - started) / 1000, 1)} s`);
    const subject = { linkId: "lnk_bench", publicId: "bench", type: "deeplink", title: "bench", destination: "https://example.com" };
    const now = Date.now();
    const timeframes: Array<(typeof TIMEFRAMES)[number]> = ["last_7_days", "last_30_days", "last_90_days", "all_time"];
    for (const timeframe of timeframes) {
      const range = resolveRange({ timeframe }, now, now - 90 * 86_400_000);
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < 6; i += 1) {
        const t = performance.now();
        total = (await linkAnalytics(prisma, subject, range)).totalViews;
        if (i > 0) samples.push(performance.now() - t);
      }
      console.log(`analytics ${timeframe}: median ${fmt(median(samples), 1)} ms of 5 answers (totalViews ${total}; goal ≤ 200 ms)`);
    }
  } finally {
    await prisma.$disconnect();
    await client.end();
    await scratch.drop();
  }
}
