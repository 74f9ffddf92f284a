// `node scripts/pglite-init.mjs DIR`: creates the embedded database in DIR (Postgres's initdb,
// inside PGlite) and exits. The server runs it in a process of its own on the first start, so
// the ~350 MB that initdb's WebAssembly touches once is returned with that process rather than
// kept by the server for its life (docs/decisions/016-pglite-initdb-in-its-own-process.md).
import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
if (!dir) {
  process.stderr.write("usage: node scripts/pglite-init.mjs DIR\n");
  process.exit(2);
}
const db = await PGlite.create(dir);
await db.close();
