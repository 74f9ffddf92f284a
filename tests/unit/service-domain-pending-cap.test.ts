import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// The cap on unverified domain claims at the service layer, with a controlled clock (`now`): an
// account holds at most 20 claims that have not lapsed (7 days after connect); a lapsed claim frees
// its place without waiting for the sweep. (The HTTP surfaces are in tests/api/domains-claims.test.ts.)

const DAY = 24 * 3600 * 1000;
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(async () => {
  await env.close();
});

test("lapsed claims do not count toward the 20 pending", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { connectDomain, MAX_PENDING_DOMAINS } = await import("../../lib/domains/connect-domain");
  assert.equal(MAX_PENDING_DOMAINS, 20);
  const account = await createAccount(env.db, { email: "claims@example.test", plan: "growth" });
  const t0 = new Date();
  for (let i = 0; i < 20; i += 1) await connectDomain(env.db, account.id, { domain: `links.d${i}.example`, isDefault: false }, new Date(t0.getTime() + i * 1000));
  await assert.rejects(connectDomain(env.db, account.id, { domain: "links.full.example", isDefault: false }, new Date(t0.getTime() + 7 * DAY - 60_000)), (error: { code: string; status: number }) => {
    assert.deepEqual([error.code, error.status], ["quota_exceeded", 403]);
    return true;
  });
  // The first claim lapsed at t0 + 7 days: one place is free, and only one.
  const later = new Date(t0.getTime() + 7 * DAY + 500);
  assert.equal((await connectDomain(env.db, account.id, { domain: "links.freed.example", isDefault: false }, later)).verified, false);
  await assert.rejects(connectDomain(env.db, account.id, { domain: "links.full2.example", isDefault: false }, later), { code: "quota_exceeded" });
});
