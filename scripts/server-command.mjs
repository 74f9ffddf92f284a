// How server.ts is started — by `npm start`, and by the tests and the bench the same way.
//
// --max-semi-space-size: V8's young generation, where a request's objects are born and die. Each
// collection of it ("scavenge") also walks every page of the old generation for pointers into it,
// and in a process holding Next's server, the database client and the link caches that walk is
// most of its cost (~0.9 ms per scavenge at 150 MB, ~1.8 ms at 210 MB on the bench's machine,
// with almost nothing surviving). Node's default (16 MB) scavenges every ~13 MB allocated, every
// ~25 ms under a bench's load; 64 MB makes it four times rarer: the cached redirect after 10,000
// first hits went from 0.66 to 0.75 of a raw server (docs/architecture.md, "Seventh pass"). V8
// grows the young generation to this size only under a high allocation rate, and gives it back
// when the load ends: up to ~100 MB more resident memory at full load.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/** The arguments after `node` that start server.ts (`extra`: its own, e.g. --dev). */
export function serverArgs(...extra) {
  return [...SERVER_NODE_FLAGS, "--import", "tsx", "server.ts", ...extra];
}
