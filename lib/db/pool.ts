import pg from "pg";

// The Prisma pool on PostgreSQL (docs/architecture.md, "Database connections"). A burst waits
// its turn for a connection; one that waits longer than POOL_WAIT_MS gets PoolExhaustedError — a
// 503 with its own log line, never a hang — instead of pg's "timeout exceeded when trying to
// connect", which reads like a network failure.

/** How long a new connection may take to connect (a dead host, a full firewall): then it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** How long a query or a transaction waits for a free connection when every one is busy. */
export const POOL_WAIT_MS = 15_000;

/**
 * Connections one process opens (docs/architecture.md, "Database connections"): Prisma's pool of
 * HOP_DB_POOL_SIZE, the visitor path's reads, the event writer's one, and the one that holds the
 * instance lock (lib/db/instance-lock.ts).
 */
export function poolSizes(appPool: number): { app: number; reads: number; events: number; lock: number; total: number } {
  const reads = 4;
  const events = 1;
  const lock = 1;
  return { app: appPool, reads, events, lock, total: appPool + reads + events + lock };
}

/** A connection that gives up connecting after CONNECT_TIMEOUT_MS, whatever the pool waits. */
class TimedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export class PoolExhaustedError extends Error {
  readonly code = "HOP_POOL_EXHAUSTED";
}

type Done = (release?: unknown) => void;
type Callback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;

/** A pg pool whose wait for a connection, when every one stays busy, ends in PoolExhaustedError. */
export class AppPool extends pg.Pool {
  /** `waitMs` is POOL_WAIT_MS but in the test of the wait itself. */
  constructor(connectionString: string, max: number, private readonly waitMs = POOL_WAIT_MS) {
    super({ connectionString, max, connectionTimeoutMillis: waitMs, Client: TimedClient });
  }

  private explain(error: Error | undefined): Error | undefined {
    // pg-pool's own words when every connection stayed checked out for the whole timeout.
    if (error?.message !== "timeout exceeded when trying to connect") return error;
    const max = this.options.max;
    return new PoolExhaustedError(`database pool exhausted: all ${max} connections (HOP_DB_POOL_SIZE) stayed busy for ${this.waitMs / 1000} s, ${this.waitingCount} more waiting`);
  }

  // pool.query() calls connect with a callback, a transaction without one.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Callback): void;
  override connect(callback?: Callback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect((error, client, done) => callback(this.explain(error), client, done));
    return super.connect().catch((error: Error) => {
      throw this.explain(error);
    });
  }
}
