import pg from "pg";
import { libpqUrl } from "../backup/postgres-tools";
import { config } from "../config";
import { errorFields, log } from "../log";
import { noteDatabaseFailure } from "./outage";

// Every server on PostgreSQL holds a shared session advisory lock on its database, on a connection
// of its own, for as long as it runs: `restore` (which drops the public schema) looks for it in
// pg_locks and refuses while any instance, on any host, is connected (a restore under a running
// instance on another host once had that instance write into the restored data).

/** The lock's two keys (pg_advisory_lock_shared(int, int): classid, objid in pg_locks). */
export const INSTANCE_LOCK = [72707370, 1] as const;
const RETRY_MS = 5_000;

/**
 * Takes the lock (the start waits for the first try, so a restore right after "listening" sees
 * it) and holds it until the returned function is called; a dropped connection is reconnected and
 * the lock taken again.
 */
export async function holdInstanceLock(): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RETRY_MS);
  };
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: libpqUrl(config().databaseUrl!), application_name: "hop instance lock", connectionTimeoutMillis: 5_000 });
    next.on("error", () => undefined); // a dropped connection is noticed by "end" below
    try {
      await next.connect();
      await next.query("SELECT pg_advisory_lock_shared($1, $2)", [...INSTANCE_LOCK]);
    } catch (error) {
      // An unreachable database is the outage's to report (lib/db/outage), not a line each try.
      if (!noteDatabaseFailure(error)) log.warn("instance lock not taken; trying again", { error: errorFields(error).error });
      await next.end().catch(() => undefined);
      return retry();
    }
    client = next;
    next.once("end", () => {
      if (client !== next) return;
      client = null;
      retry();
    });
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const held = client;
    client = null;
    await held?.end().catch(() => undefined);
  };
}

/** How many sessions (other Hop instances) hold the lock on the database at `url`. */
export async function instancesConnected(url: string): Promise<number> {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const { rows } = await check.query(
      `SELECT count(DISTINCT pid)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [...INSTANCE_LOCK],
    );
    return rows[0].n as number;
  } finally {
    await check.end();
  }
}
