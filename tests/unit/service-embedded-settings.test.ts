import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// The embedded database's own settings (lib/db/open.ts): shared buffers from the memory budget,
// and no zero-filled WAL segments — PGlite writes its files on the server's thread, and 16 MB of
// zeros held the visitors each time a segment filled (decision 028).

const embedded = !process.env.DATABASE_URL;
let opened: Awaited<ReturnType<typeof openTestDb>> | undefined;

before(async () => {
  if (embedded) opened = await openTestDb();
});
after(async () => opened?.close());

test("PGlite starts with a 32nd of the memory budget in shared buffers and no WAL zero-fill", { skip: !embedded && "PostgreSQL's settings are its operator's" }, async () => {
  const read = await (await import("../../lib/db/open")).readSql();
  const setting = async (name: string) => (await read<{ setting: string }>("SELECT current_setting($1) AS setting", [name]))[0].setting;
  assert.equal(await setting("wal_init_zero"), "off");
  assert.equal(await setting("shared_buffers"), "16MB");
});
