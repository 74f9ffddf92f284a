// How server.ts is started — by `npm start`, and by the tests and the bench the same way.
//
// The V8 flags follow MEMORY_BUDGET_MB (default 512: Hop fits a 1 GB server with room for the
// system; docs/architecture.md, "Memory"):
// - `--max-semi-space-size`: budget / 128 MB (4 at 512). On a machine with much memory V8 lets the
//   young generation grow to 64 MB a half — 128 MB resident that only cost memory: the cached
//   redirect measured the same (docs/benchmarks.md, 2026-11-28).
// - `--max-old-space-size`: 60 % of the budget; the caches' defaults are scaled to fit under it
//   (lib/config.ts), so V8 collects before the heap grows past what the budget allows.
// - `--liftoff-only` on the embedded database under a budget of 1,536 MB: V8's optimizing compile
//   of one PGlite function (the SQL parser, 105 KB of WebAssembly) takes ~640 MB for a second at
//   start. Without it PGlite's SQL runs ~1.7–2× slower (writes of 1,000 events: 6 → 10 ms).
// A flag already in NODE_OPTIONS is the operator's and wins.

const DEFAULT_BUDGET_MB = 512;
export const OPTIMIZED_PGLITE_BUDGET_MB = 1536;

/** MEMORY_BUDGET_MB as the server's configuration reads it (a wrong value stops the server there). */
export function memoryBudgetMb(env = process.env) {
  const value = Number(env.MEMORY_BUDGET_MB || DEFAULT_BUDGET_MB);
  return Number.isInteger(value) && value >= 128 ? value : DEFAULT_BUDGET_MB;
}

/** The Node flags the memory budget asks for, less those NODE_OPTIONS sets. */
export function memoryFlags(env = process.env) {
  const budget = memoryBudgetMb(env);
  const flags = [`--max-semi-space-size=${Math.min(16, Math.max(1, Math.round(budget / 128)))}`, `--max-old-space-size=${Math.round(budget * 0.6)}`];
  if (!env.DATABASE_URL && budget < OPTIMIZED_PGLITE_BUDGET_MB) flags.push("--liftoff-only");
  const given = env.NODE_OPTIONS ?? "";
  return flags.filter((flag) => !given.includes(flag.split("=")[0]));
}

/**
 * The arguments after `node` that start server.ts with `env` (the child's environment; its
 * memory budget and database mode choose the flags) and `extra`, its own (e.g. --dev): the bundle
 * that `npm run build` made (scripts/bundle-server.mjs), or, in dev mode, the sources through tsx.
 */
export function serverArgsFor(env, ...extra) {
  // HOP_SERVER_FROM_SOURCES=1: the sources through tsx even in production mode (to compare them).
  const fromSources = extra.includes("--dev") || env.HOP_SERVER_FROM_SOURCES === "1";
  return [...memoryFlags(env), ...(fromSources ? ["--import", "tsx", "server.ts", ...extra] : [".next/hop/server.mjs", ...extra])];
}

/** serverArgsFor with this process's environment. */
export function serverArgs(...extra) {
  return serverArgsFor(process.env, ...extra);
}
