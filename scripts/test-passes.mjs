// Which test files `npm test` runs on PostgreSQL + Redis. CI runs every file on the embedded
// database first; the second pass repeats only what can behave differently there: every HTTP test
// except the ones below, and the unit tests that open a database or Redis themselves. The files
// below exercise parsing, rendering and in-process rules above the storage layer (the same code
// and the same SQL on both), so a second run would prove nothing new. tests/unit/test-passes.test.ts
// keeps the list honest: no file here may show a sign of depending on storage.
import { readFileSync } from "node:fs";
import path from "node:path";

/** tests/api files run on the embedded database only, each with why. */
export const EMBEDDED_ONLY = new Map([
  ["tests/api/auth-bodies.test.ts", "body limits of /api/auth, answered before any lookup"],
  ["tests/api/auth-surface.test.ts", "methods and unknown actions of /api/auth"],
  ["tests/api/client-ip-proxy.test.ts", "how X-Forwarded-For is read; the limiters' stores are tested by the throttle files"],
  ["tests/api/dashboard-pages-garbage.test.ts", "garbage parameters on every page: validation before any query"],
  ["tests/api/dashboard-routes.test.ts", "the walk of app/api/dashboard: methods, bodies, statuses"],
  ["tests/api/dashboard-routes-isolation.test.ts", "account scoping in the use cases' where clauses (the same SQL on both)"],
  ["tests/api/fuzz-surfaces.test.ts", "malformed requests to every surface"],
  ["tests/api/geo-presets.test.ts", "preset validation and expansion"],
  ["tests/api/isolation.test.ts", "account scoping in the use cases' where clauses (the same SQL on both)"],
  ["tests/api/links-qr.test.ts", "QR rendering"],
  ["tests/api/links-qr-logo-limits.test.ts", "per-process image work limits"],
  ["tests/api/login-callback.test.ts", "the callback URL rule"],
  ["tests/api/malformed-requests.test.ts", "validation of every /v1 endpoint"],
  ["tests/api/openapi.test.ts", "the served OpenAPI document"],
  ["tests/api/visit-behaviors.test.ts", "the redirect behaviours' pages"],
  ["tests/api/visit-bots.test.ts", "bot and HEAD handling on the visitor path"],
  ["tests/api/visit-cache-bounds.test.ts", "the in-process visitor caches' byte bounds"],
  ["tests/api/visit-compression.test.ts", "content coding of bio pages"],
  ["tests/api/visit-keep-alive.test.ts", "keep-alive connections on the visitor path"],
  ["tests/api/visit-query.test.ts", "query forwarding on redirect"],
  ["tests/api/visit-rules.test.ts", "geo and language rule decisions"],
]);

/**
 * A test that names one of these depends on the database or Redis (two instances, a restart, its
 * own database or Redis, counters and limits that live in Redis when it is there).
 */
export const STORAGE_SIGNS = /shareWith|redisPrefix|usingPostgres|usingRedis|DATABASE_URL|REDIS_URL|reuse:|test-db|startOfHour|throttle/i;

/** The files of `files` (paths relative to the root) that the PostgreSQL + Redis pass runs. */
export function storagePassFiles(root, files) {
  return files.filter((file) => {
    if (file.startsWith(`tests${path.sep}api${path.sep}`) || file.startsWith("tests/api/")) return !EMBEDDED_ONLY.has(file.split(path.sep).join("/"));
    const source = readFileSync(path.join(root, file), "utf8");
    return STORAGE_SIGNS.test(source) || source.includes("startServer");
  });
}

/**
 * The suites `npm test -- --next-start` runs under `next start` (proxy.ts, no server.ts) on
 * PostgreSQL + Redis: the visitor, links and webhook files, the parity proxy.ts promises.
 * links-parallel-load starts both ways itself.
 */
export function nextStartPassFiles(files) {
  return files.filter((file) => /^tests[\\/]api[\\/](visit-|links-|webhooks)/.test(file) && !NOT_UNDER_NEXT_START.has(file.split(path.sep).join("/")));
}

/** Of those suites, the files the next start pass leaves out, each with why. */
export const NOT_UNDER_NEXT_START = new Map([
  ["tests/api/links-parallel-load.test.ts", "starts next start and server.ts itself"],
  ["tests/api/visit-cache-bounds.test.ts", "reads server.ts's caches through its admin endpoint (cache stats)"],
  ["tests/api/links-export.test.ts", "the API's export and import, the same handlers under both; its 10,000-link round trip would take the pass's time budget"],
]);
