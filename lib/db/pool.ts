import pg from "pg";

// The Prisma pool on PostgreSQL (docs/architecture.md, "Database connections"). A burst waits
// its turn for a connection; one that waits longer than POOL_WAIT_MS gets PoolExhaustedError — a
// 503 with its own log line, never a hang — instead of pg's "timeout exceeded when trying to
// connect", which reads like a network failure. A new connection that is slow to connect while
// others of the pool are up is a busy machine, not an outage: the request goes on waiting (for a
// new try or a freed connection) instead of failing; it tries no more once POOL_WAIT_MS is spent.

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

type TimedConfig = pg.ClientConfig & { connectMs?: number };

/** A connection that gives up connecting after CONNECT_TIMEOUT_MS, whatever the pool waits. */
class TimedClient extends pg.Client {
  constructor(config: TimedConfig = {}) {
    super({ ...config, connectionTimeoutMillis: config.connectMs ?? CONNECT_TIMEOUT_MS });
  }
}

/** pg's words for a new connection that did not connect in time (the client's, or the pool's own). */
function isConnectTimeout(error: Error | undefined): boolean {
  return error?.message === "timeout expired" || error?.message === "Connection terminated due to connection timeout";
}

export class PoolExhaustedError extends Error {
  readonly code = "HOP_POOL_EXHAUSTED";
}

type Done = (release?: unknown) => void;
type Callback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Done) => void;

/** A pg pool whose wait for a connection, when every one stays busy, ends in PoolExhaustedError. */
export class AppPool extends pg.Pool {
  /** `waitMs` and `connectMs` are POOL_WAIT_MS and CONNECT_TIMEOUT_MS but in the tests of the waits themselves. */
  constructor(connectionString: string, max: number, private readonly waitMs = POOL_WAIT_MS, connectMs = CONNECT_TIMEOUT_MS) {
    super({ connectionString, max, connectionTimeoutMillis: waitMs, Client: TimedClient, connectMs } as pg.PoolConfig);
    this.on("connect", () => (this.connectedAt = Date.now()));
  }

  /** When a new connection last succeeded (0: never). */
  private connectedAt = 0;

  /**
   * A slow new connection is tried again while the database shows it is there — another connection
   * of the pool is up, or one connected within the last minute (a burst after the idle ones closed,
   * on a machine so busy that the connect's timer fires before its answer is read) — and the wait
   * allows one more try.
   */
  private retries(error: Error | undefined, deadline: number): boolean {
    const connectMs = (this.options as TimedConfig).connectMs ?? CONNECT_TIMEOUT_MS;
    const databaseThere = this.totalCount > 0 || Date.now() - this.connectedAt < 60_000;
    return isConnectTimeout(error) && databaseThere && Date.now() + connectMs <= deadline;
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
    const deadline = Date.now() + this.waitMs;
    if (callback) return this.connectBy(deadline, callback);
    return new Promise((resolve, reject) => this.connectBy(deadline, (error, client) => (error ? reject(error) : resolve(client!))));
  }

  private connectBy(deadline: number, callback: Callback): void {
    super.connect((error, client, done) => {
      if (this.retries(error, deadline)) return this.connectBy(deadline, callback);
      callback(this.explain(error), client, done);
    });
  }
}
