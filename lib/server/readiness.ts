import { readSql } from "../db/open";
import { noteDatabaseFailure } from "../db/outage";
import { counterRedis } from "../redis/client";
import { observeProbe } from "../metrics/counters";

// Readiness, as opposed to liveness (`/api/health`): whether this instance can do its work now —
// its database answers and, when REDIS_URL is set, Redis does. A load balancer or an orchestrator
// takes an instance that is not ready out of rotation; the process itself stays up (visitors of
// cached links are still answered, queued events are written once the database is back).

/** How long a probe waits before the dependency counts as down. */
export const PROBE_TIMEOUT_MS = 2_000;

export interface ProbeResult {
  ok: boolean;
  /** Round trip in milliseconds (to the timeout when it did not answer). */
  ms: number;
  error?: string;
}

export interface Readiness {
  ready: boolean;
  database: ProbeResult;
  /** null when REDIS_URL is unset (nothing to ask). */
  redis: ProbeResult | null;
}

async function probe(name: "database" | "redis", ask: () => Promise<unknown>): Promise<ProbeResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([ask(), timeout]);
    const ms = performance.now() - started;
    observeProbe(name, ms / 1000, true);
    return { ok: true, ms: Math.round(ms * 10) / 10 };
  } catch (error) {
    const ms = performance.now() - started;
    observeProbe(name, ms / 1000, false);
    return { ok: false, ms: Math.round(ms), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Asks the database (`SELECT 1`) and Redis (`PING`) at once, each within PROBE_TIMEOUT_MS. */
export async function readiness(): Promise<Readiness> {
  const client = counterRedis();
  const [database, redis] = await Promise.all([
    probe("database", async () => {
      try {
        return await (await readSql())("SELECT 1", []);
      } catch (error) {
        noteDatabaseFailure(error);
        throw error;
      }
    }),
    client ? probe("redis", () => client.ping()) : Promise.resolve(null),
  ]);
  return { ready: database.ok && (redis?.ok ?? true), database, redis };
}
