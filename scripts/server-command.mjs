// How server.ts is started — by `npm start`, and by the tests and the bench the same way.
//
// No V8 flags, on purpose. A larger young generation (--max-semi-space-size=64) makes scavenges
// four times rarer — each walks every page of the old generation, ~0.9 ms in a 150 MB heap — and
// raised the cached redirect after 10,000 first hits from 0.66 to 0.75 of a raw server, but each
// pause doubles, and in two bench runs the cached redirect's p99 went from 1.6–2.0 ms to 2.3–2.7
// ms (docs/architecture.md, "Seventh pass"). An operator who prefers throughput to the tail can set
// it in NODE_OPTIONS.

/**
 * The arguments after `node` that start server.ts (`extra`: its own, e.g. --dev): the bundle that
 * `npm run build` made (scripts/bundle-server.mjs), or, in dev mode, the sources through tsx.
 */
export function serverArgs(...extra) {
  // HOP_SERVER_FROM_SOURCES=1: the sources through tsx even in production mode (to compare them).
  const fromSources = extra.includes("--dev") || process.env.HOP_SERVER_FROM_SOURCES === "1";
  return fromSources ? ["--import", "tsx", "server.ts", ...extra] : [".next/hop/server.mjs", ...extra];
}
