import { otherMethods } from "@/lib/api/methods";
import { json } from "@/lib/api/respond";
import { eventQueueStats } from "@/lib/events/event-queue";
import { databaseDown } from "@/lib/db/outage";
import { log } from "@/lib/log";
import { readiness } from "@/lib/server/readiness";

// Liveness for load balancers and the bench's bare-route baseline: no auth, no database. The event
// queue's counters show an outage's backlog and any events dropped past the bound.
// `?ready=1` is readiness instead: 200 when the database (and Redis, when set) answer, else 503
// (docs/operations.md). The probes' errors go to the log and /metrics, not to the public answer.
export async function GET(request: Request): Promise<Response> {
  if (!new URL(request.url).searchParams.has("ready")) return json({ ok: true, events: eventQueueStats() });
  const { ready, database, redis } = await readiness();
  const shown = (probe: { ok: boolean; ms: number } | null) => probe && { ok: probe.ok, ms: probe.ms, state: probe.ok ? "ok" : "unreachable" };
  // A known outage has its own lines (lib/db/outage, lib/redis/client): a balancer polling this must not add one each.
  if (!ready && !databaseDown() && redis?.ok !== false) log.warn("not ready", { database: database.error });
  return json({ ok: true, ready, database: shown(database), redis: shown(redis), events: eventQueueStats() }, ready ? 200 : 503, { "cache-control": "no-store" });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
