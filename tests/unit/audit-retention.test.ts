import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Audit retention (docs/decisions/032-audit-log.md) on a real database: the sweep deletes exactly
// the entries older than AUDIT_RETENTION_DAYS at its clock, of every account, and keeps the rest.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const DAY = 86_400_000;

test("the sweep deletes entries past the retention and keeps the others", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { recordAudit } = await import("../../lib/audit/record-audit");
  const { sweepAuditLog } = await import("../../lib/audit/retention");
  const owner = await createAccount(env.db, { email: "retention@example.test", plan: "growth" });
  const now = new Date("2026-06-01T00:00:00.000Z");
  for (const [action, age] of [["old.one", 366 * DAY], ["edge.kept", 365 * DAY - 1000], ["new.one", DAY]] as const) {
    await recordAudit(env.db, owner.id, { action, changes: { password: "never-kept", title: "kept" } });
    await env.db.auditEntry.updateMany({ where: { action }, data: { createdAt: new Date(now.getTime() - age) } });
  }
  assert.equal(await sweepAuditLog(env.db, now, 365), 1);
  const left = await env.db.auditEntry.findMany({ where: { accountId: owner.id, action: { not: "account.created" } }, orderBy: { createdAt: "asc" } });
  assert.deepEqual(left.map((e) => e.action), ["edge.kept", "new.one"]);
  assert.deepEqual(left[0].changes, { fields: ["password", "title"], values: { title: "kept" } }, "a secret field is named, its value never kept");
  assert.equal(left[0].actorType, "system", "no surface set an actor: the system");
});
