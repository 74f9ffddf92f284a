// The two deployments every speed section runs on: embedded (PGlite, no Redis) and, when
// BENCH_DATABASE_URL / BENCH_REDIS_URL (or DATABASE_URL / REDIS_URL) are set, PostgreSQL + Redis —
// each Hop in a process of its own, on a fresh database and a fresh Redis key prefix.
import { randomBytes } from "node:crypto";
import { freshDatabase, startServer, type HopServer } from "../harness/hop-server";

export interface Mode {
  name: "PGlite" | "PostgreSQL+Redis";
  databaseUrl?: string;
  redisUrl?: string;
}

export function benchModes(): Mode[] {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
  const modes: Mode[] = [{ name: "PGlite" }];
  if (databaseUrl) modes.push({ name: "PostgreSQL+Redis", databaseUrl, redisUrl });
  return modes;
}

/** Hop in its own process on `mode`'s database (fresh), with `env` added. */
export async function startHop(mode: Mode, env: Record<string, string> = {}): Promise<HopServer> {
  const own: Record<string, string> = { HOP_LOG: "silent", DATABASE_URL: "", REDIS_URL: "", ...env };
  let drop: (() => Promise<void>) | undefined;
  if (mode.databaseUrl) {
    const database = await freshDatabase(new URL(mode.databaseUrl), "hop_bench");
    own.DATABASE_URL = database.url;
    own.REDIS_URL = mode.redisUrl ?? "";
    own.HOP_REDIS_PREFIX = `hopbench:${randomBytes(5).toString("hex")}`;
    drop = database.drop;
  }
  const hop = await startServer({ env: own });
  if (drop) hop.cleanups.push(drop);
  return hop;
}
