import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Deleting a custom domain moves its links to the primary domain (service layer, real database:
// PGlite in a temp dir, or a fresh PostgreSQL database when DATABASE_URL is set).
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

async function setup() {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { config } = await import("../../lib/config");
  const db = env.db;
  const primary = config().primaryDomain;
  const tag = Math.random().toString(36).slice(2, 8);
  const account = await createAccount(db, { email: `dom-${tag}@example.test`, plan: "growth" });
  const other = await createAccount(db, { email: `other-${tag}@example.test`, plan: "growth" });
  const link = (accountId: string, domain: string, slug: string, publicId: string, type = "deeplink") =>
    db.link.create({ data: { id: `lnk_${tag}_${publicId.replace(/\W/g, "_")}`, publicId, accountId, type, domain, slug, destination: "https://example.com" } });
  return { db, primary, account, other, link, tag };
}

test("links move to the primary domain: taken slugs get -1, -2…, paths become lowercase slugs, a root page a random slug", async () => {
  const { deleteDomain } = await import("../../lib/domains/delete-domain");
  const { db, primary, account, other, link, tag } = await setup();
  const domain = `go-${tag}.example`;
  await db.domain.create({ data: { id: `dom_${tag}`, accountId: account.id, domain, recordType: "CNAME", recordHost: domain, recordValue: "cname.test" } });
  const long = `l${tag}`.padEnd(50, "x");
  await link(account.id, primary, `promo${tag}`, `promo${tag}`);
  await link(other.id, primary, `promo${tag}-1`, `promo${tag}-1`); // another account's slug is taken too
  await link(other.id, primary, `${long.slice(0, 48)}-1`, `${long.slice(0, 48)}-1`);
  await link(account.id, primary, long, long);
  await link(account.id, domain, `promo${tag}`, `${domain}__promo${tag}`);
  await link(account.id, domain, `Shop/Summer${tag}`, `${domain}__Shop/Summer${tag}`, "website");
  await link(account.id, domain, "", domain, "website");
  await link(account.id, domain, long, `${domain}__${long}`);

  const result = await deleteDomain(db, account.id, domain.toUpperCase());
  assert.equal(result.domain, domain);
  assert.equal(result.linksReassigned, 4);
  assert.equal(await db.domain.count({ where: { domain } }), 0);
  assert.equal(await db.link.count({ where: { domain } }), 0);

  const moved = await db.link.findMany({ where: { accountId: account.id, id: { in: [`lnk_${tag}_${domain.replace(/\W/g, "_")}__promo${tag}`, `lnk_${tag}_${domain.replace(/\W/g, "_")}`, `lnk_${tag}_${domain.replace(/\W/g, "_")}__Shop_Summer${tag}`, `lnk_${tag}_${domain.replace(/\W/g, "_")}__${long}`] } } });
  const byOld = new Map(moved.map((l) => [l.id.replace(`lnk_${tag}_${domain.replace(/\W/g, "_")}`, ""), l]));
  assert.equal(byOld.get(`__promo${tag}`)?.slug, `promo${tag}-2`);
  assert.equal(byOld.get(`__Shop_Summer${tag}`)?.slug, `shop-summer${tag}`);
  assert.match(byOld.get("")!.slug, /^[a-z0-9]{7}$/);
  assert.equal(byOld.get(`__${long}`)?.slug, `${long.slice(0, 48)}-2`);
  for (const l of moved) {
    assert.equal(l.domain, primary);
    assert.equal(l.publicId, l.slug, "a primary-domain id is its slug");
  }
});

test("refuses the default domain and another account's domain, changing nothing", async () => {
  const { deleteDomain } = await import("../../lib/domains/delete-domain");
  const { HopError } = await import("../../lib/errors");
  const { db, account, other, link, tag } = await setup();
  const mine = `mine-${tag}.example`;
  const def = `default-${tag}.example`;
  for (const [id, domain, isDefault] of [["a", mine, false], ["b", def, true]] as const) {
    await db.domain.create({ data: { id: `dom_${tag}${id}`, accountId: account.id, domain, isDefault, recordType: "CNAME", recordHost: domain, recordValue: "cname.test" } });
  }
  await link(account.id, mine, "kept", `${mine}__kept`);
  await assert.rejects(deleteDomain(db, other.id, mine), (e: unknown) => e instanceof HopError && e.code === "domain_not_found");
  await assert.rejects(deleteDomain(db, account.id, def), (e: unknown) => e instanceof HopError && e.code === "cannot_delete_default_domain");
  assert.equal(await db.domain.count({ where: { accountId: account.id } }), 2);
  assert.equal((await db.link.findFirst({ where: { publicId: `${mine}__kept` } }))?.domain, mine);
});
