import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Websites are published by issue 6's endpoints; here the service layer shows that a bulk delete
// takes a website's collected contacts with it and leaves everything else alone.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

test("deleting a website in bulk deletes its contacts, and only its", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { deleteLinksBulk } = await import("../../lib/links/delete-links-bulk");
  const { config } = await import("../../lib/config");
  const db = env.db;
  const account = await createAccount(db, { email: "site@example.test", plan: "growth" });
  const primary = config().primaryDomain;
  const website = (id: string) =>
    db.link.create({ data: { id: `lnk_${id}`, publicId: id, accountId: account.id, type: "website", domain: primary, slug: `site/${id}`, templateId: "simple-stack-v2", data: {} } });
  await website("page-one");
  await website("page-two");
  for (const [id, link] of [["c1", "lnk_page-one"], ["c2", "lnk_page-one"], ["c3", "lnk_page-two"]]) {
    await db.contact.create({ data: { id, linkId: link, accountId: account.id, email: `${id}@example.test` } });
  }
  const result = await deleteLinksBulk(db, account.id, { links: ["page-one"] });
  assert.equal(result.deletedCount, 1);
  assert.deepEqual((await db.contact.findMany({ orderBy: { id: "asc" } })).map((c) => c.id), ["c3"]);
  assert.equal(await db.link.count(), 1);
});
