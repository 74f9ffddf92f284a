import { tunable } from "../config";
import { readSql, type EventQuery } from "../db/open";
import type { VisitRow } from "../events/rollups";

// link.clicked rides the event queue: when a batch of views is written, the same transaction
// writes one delivery per counted view for each active webhook of the view's account that asked
// for it — nothing on the visitor's path. At most WEBHOOK_CLICKS_PER_MINUTE deliveries per
// webhook in any minute (counted in the database, so across instances); views past the cap are
// not sent but added to the webhook's `clicksOverCap`, shown beside its deliveries.

const ROWS = `json_to_recordset($1::json) AS x("linkId" text, "accountId" text, "occurredAt" float8, "visits" int, "country" text, "device" text, "referrer" text, "url" text)`;

// Per row of the batch and webhook: how many of its views may still be sent this minute (the
// webhook's budget, less what earlier rows of the batch took), so the statement expands at most
// the budget into deliveries however many views a row counts. Only webhooks with budget left run it.
const SIZED = `
  WITH hooks AS (
    SELECT w.id AS "webhookId", w."accountId" FROM "Webhook" w WHERE w.id = ANY($2::text[]) AND w."isActive"
  ), recent AS (
    SELECT d."webhookId", count(*) AS c FROM "WebhookDelivery" d
    WHERE d.event = 'link.clicked' AND d."createdAt" > now() - interval '1 minute' AND d."webhookId" = ANY($2::text[])
    GROUP BY 1
  ), views AS (
    SELECT x.*, h."webhookId", GREATEST(0, $3 - COALESCE(r.c, 0)) AS budget,
      SUM(x."visits") OVER (PARTITION BY h."webhookId" ORDER BY x."occurredAt", x."linkId" ROWS UNBOUNDED PRECEDING) AS cum
    FROM ${ROWS} JOIN hooks h ON h."accountId" = x."accountId" LEFT JOIN recent r ON r."webhookId" = h."webhookId"
  ), sized AS (
    SELECT v.*, GREATEST(0, LEAST(v."visits", v.budget - (v.cum - v."visits")))::int AS sent FROM views v
  )`;

const COUNT_OVER_CAP = `${SIZED}
  UPDATE "Webhook" w SET "clicksOverCap" = w."clicksOverCap" + o.over
  FROM (SELECT "webhookId", SUM("visits" - sent) AS over FROM sized GROUP BY 1) o WHERE w.id = o."webhookId" AND o.over > 0`;

const INSERT_DELIVERIES = `${SIZED}
  INSERT INTO "WebhookDelivery" (id, "webhookId", event, payload)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s."webhookId", 'link.clicked',
    jsonb_build_object('type', 'link.clicked', 'timestamp', to_char(to_timestamp(s."occurredAt" / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object('linkId', l."publicId", 'url', s.url, 'country', UPPER(NULLIF(s.country, '')), 'device', s.device, 'referrer', NULLIF(s.referrer, '')))
  FROM sized s CROSS JOIN LATERAL generate_series(1, s.sent) AS g(n) JOIN "Link" l ON l.id = s."linkId"`;

// A webhook whose minute is used up costs one small update per batch: its views are only counted.
const ADD_OVER_CAP = `UPDATE "Webhook" w SET "clicksOverCap" = w."clicksOverCap" + x.n FROM json_to_recordset($1::json) AS x(id text, n int) WHERE w.id = x.id`;

export interface ClickHook {
  webhookId: string;
  accountId: string;
  /** link.clicked deliveries it may still get this minute (read before the batch's transaction). */
  budget: number;
}

/** The webhooks for link.clicked of the batch's accounts, with what is left of their minute (one small read per batch). */
export async function clickHooksOf(visits: VisitRow[]): Promise<ClickHook[]> {
  if (!visits.length) return [];
  const accounts = [...new Set(visits.map((v) => v.accountId))];
  return (await readSql())<ClickHook>(
    `SELECT w.id AS "webhookId", w."accountId",
       GREATEST(0, $2 - (SELECT count(*) FROM "WebhookDelivery" d WHERE d."webhookId" = w.id AND d.event = 'link.clicked' AND d."createdAt" > now() - interval '1 minute'))::int AS budget
     FROM "Webhook" w WHERE w."isActive" AND 'link.clicked' = ANY(w.events) AND w."accountId" = ANY($1::text[])`,
    [accounts, tunable("WEBHOOK_CLICKS_PER_MINUTE")],
  );
}

/** Within the batch's transaction: the deliveries of its views, and the views past each webhook's cap counted. */
export async function enqueueClickEvents(query: EventQuery, visits: VisitRow[], hooks: ClickHook[]): Promise<void> {
  const spent = hooks.filter((hook) => hook.budget <= 0);
  if (spent.length) {
    const over = spent.map((hook) => ({ id: hook.webhookId, n: visits.reduce((sum, v) => (v.accountId === hook.accountId ? sum + v.visits : sum), 0) })).filter((o) => o.n > 0);
    if (over.length) await query(ADD_OVER_CAP, [JSON.stringify(over)]);
  }
  const open = hooks.filter((hook) => hook.budget > 0);
  if (!open.length) return;
  const accounts = new Set(open.map((hook) => hook.accountId));
  const mine = visits.filter((v) => accounts.has(v.accountId));
  if (!mine.length) return;
  const rows = JSON.stringify(mine.map((v) => ({ linkId: v.linkId, accountId: v.accountId, occurredAt: typeof v.occurredAt === "number" ? v.occurredAt : v.occurredAt.getTime(), visits: v.visits, country: v.country, device: v.device, referrer: v.referrer, url: v.url ?? null })));
  const ids = open.map((hook) => hook.webhookId);
  const cap = tunable("WEBHOOK_CLICKS_PER_MINUTE");
  await query(COUNT_OVER_CAP, [rows, ids, cap]);
  await query(INSERT_DELIVERIES, [rows, ids, cap]);
}
