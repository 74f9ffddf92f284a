import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// No code inside a transaction may reach the pool (issue 56, docs/architecture.md "Database
// connections"): from a transaction's callback, the app's client, db(), the visitor reads and the
// event writer's transactions throw at once — on the embedded database and on PostgreSQL alike — and the
// transaction rolls back. Outside, and through the callback's own `tx`, everything works.

let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(async () => {
  await env.close();
});

const reachedThePool = (access: string) => (error: Error & { code?: string }) => {
  assert.equal(error.code, "HOP_POOL_IN_TRANSACTION", String(error));
  assert.ok(error.message.startsWith(`${access} was reached inside`), error.message);
  return true;
};

test("inside a transaction's callback the pool's accesses throw, and the transaction rolls back", async () => {
  const { db, readSql, eventSql } = await import("../../lib/db/open");
  const { createAccount } = await import("../../lib/accounts/create-account");
  const outer = await db();
  const account = await createAccount(outer, { email: "scope@example.test", plan: "growth" });
  const rename = (tx: typeof outer, name: string) => tx.account.update({ where: { id: account.id }, data: { name } });
  const cases: Array<[string, (tx: typeof outer) => Promise<unknown>]> = [
    ["db.account", () => outer.account.findUnique({ where: { id: account.id } })],
    ["db.$queryRaw", () => outer.$queryRaw`SELECT 1`],
    ["db.$transaction", () => outer.$transaction(async () => undefined)],
    ["db()", () => db()],
    ["readSql()", () => readSql()],
    ["eventSql()", () => eventSql()],
  ];
  for (const [access, reach] of cases) {
    await assert.rejects(
      outer.$transaction(async (tx) => {
        await rename(tx as typeof outer, `changed by ${access}`);
        await reach(tx as typeof outer);
      }),
      reachedThePool(access),
    );
    assert.equal((await outer.account.findUniqueOrThrow({ where: { id: account.id } })).name, null, `${access}: rolled back`);
  }
  // An access fetched before the transaction is refused inside it too.
  const reads = await readSql();
  await assert.rejects(outer.$transaction(async () => reads("SELECT 1", [])), reachedThePool("readSql"));
  const events = await eventSql();
  await assert.rejects(outer.$transaction(async () => events.transaction(async () => undefined)), reachedThePool("eventSql's transaction"));
  // The event writer's transaction is a scope of its own.
  await assert.rejects(events.transaction(async () => void (await db())), reachedThePool("db()"));
});

test("the transaction's own client works inside, and the pool after the callback", async () => {
  const { db } = await import("../../lib/db/open");
  const { createAccount } = await import("../../lib/accounts/create-account");
  const outer = await db();
  const account = await createAccount(outer, { email: "scope-ok@example.test", plan: "growth" });
  const named = await outer.$transaction(async (tx) => {
    await tx.account.update({ where: { id: account.id }, data: { name: "Ada" } });
    return tx.account.findUniqueOrThrow({ where: { id: account.id } });
  });
  assert.equal(named.name, "Ada");
  const [count] = await outer.$transaction([outer.account.count({ where: { id: account.id } })]);
  assert.equal(count, 1, "the array form runs as before");
  assert.equal((await outer.account.findUniqueOrThrow({ where: { id: account.id } })).name, "Ada");
});
