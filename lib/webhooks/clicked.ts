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
// the budget into deliveries however many views a row counts.
const SIZED = `
  WITH hooks AS (
    SELECT w.id AS "webhookId", w."accountId" FROM "Webhook" w
    WHERE w."isActive" AND 'link.clicked' = ANY(w.events) AND w."accountId" = ANY($2::text[])
  ), recent AS (
    SELECT d."webhookId", count(*) AS c FROM "WebhookDelivery" d
    WHERE d.event = 'link.clicked' AND d."createdAt" > now() - interval '1 minute' AND d."webhookId" IN (SELECT "webhookId" FROM hooks)
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

/** The batch's accounts that have a webhook for link.clicked (one small read per batch, outside its transaction). */
export async function accountsWithClickHooks(visits: VisitRow[]): Promise<string[]> {
  if (!visits.length) return [];
  const accounts = [...new Set(visits.map((v) => v.accountId))];
  const rows = await (await readSql())<{ accountId: string }>(`SELECT DISTINCT "accountId" FROM "Webhook" WHERE "isActive" AND 'link.clicked' = ANY(events) AND "accountId" = ANY($1::text[])`, [accounts]);
  return rows.map((row) => row.accountId);
}

/** Within the batch's transaction: the deliveries of its views for `accounts`' webhooks. */
export async function enqueueClickEvents(query: EventQuery, visits: VisitRow[], accounts: string[]): Promise<void> {
  const mine = visits.filter((v) => accounts.includes(v.accountId));
  if (!mine.length) return;
  const rows = JSON.stringify(mine.map((v) => ({ linkId: v.linkId, accountId: v.accountId, occurredAt: typeof v.occurredAt === "number" ? v.occurredAt : v.occurredAt.getTime(), visits: v.visits, country: v.country, device: v.device, referrer: v.referrer, url: v.url ?? null })));
  const cap = tunable("WEBHOOK_CLICKS_PER_MINUTE");
  await query(COUNT_OVER_CAP, [rows, accounts, cap]);
  await query(INSERT_DELIVERIES, [rows, accounts, cap]);
}
