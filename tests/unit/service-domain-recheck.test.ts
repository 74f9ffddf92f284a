import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { openTestDb } from "../helpers/test-db";

// The periodic domain tasks at the service layer, with a controlled clock (`now`) and a real DNS
// server on loopback: verified domains are re-checked every 6 hours and lose verification after a
// 72-hour grace without their record; unverified claims lapse 7 days after connect.

const CNAME_TARGET = "cname.hop.test";
const HOUR = 3600 * 1000;
const at = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);

let dns: TestDnsServer;
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  process.env.CNAME_TARGET = CNAME_TARGET;
  env = await openTestDb();
});
after(async () => {
  await env.close();
  await dns.close();
});

const services = async () => ({
  ...(await import("../../lib/accounts/create-account")),
  ...(await import("../../lib/domains/connect-domain")),
  ...(await import("../../lib/domains/verify-domain")),
  ...(await import("../../lib/domains/recheck-domains")),
  ...(await import("../../lib/domains/tls-allowed")),
  ...(await import("../../lib/visit/answer-visit")),
});

/** Whether the visitor path answers the address (a redirect or page), rather than passing it to the app or a 404. */
async function serves(host: string, pathname: string): Promise<boolean> {
  const { answerVisit } = await services();
  const answer = await answerVisit({ method: "HEAD", host, pathname, search: "", headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" }, socketIp: "127.0.0.1" });
  return answer !== null && answer.status !== 404;
}

let accounts = 0;
async function verifiedDomainWithLink(domain: string, t0: Date) {
  const { createAccount, connectDomain, verifyDomain } = await services();
  const account = await createAccount(env.db, { email: `owner${(accounts += 1)}@example.test`, plan: "growth" });
  await connectDomain(env.db, account.id, { domain, isDefault: false }, t0);
  dns.setCname(domain, CNAME_TARGET);
  assert.equal((await verifyDomain(env.db, account.id, domain, t0)).verified, true);
  await env.db.link.create({ data: { id: `lnk_${accounts}`, publicId: `${domain}__promo`, accountId: account.id, domain, slug: "promo", destination: "https://example.com/" } });
  return account;
}

test("record removed: still verified with a warning within the grace, unverified with a reason after; its links stop answering", async () => {
  const { recheckDueDomains, listDomains, domainDnsReport, isHostAllowedForTlsAcrossAccounts } = await services();
  const domain = "links.recheck.example";
  const t0 = new Date();
  const owner = await verifiedDomainWithLink(domain, t0);
  assert.equal(await serves(domain, "/promo"), true);
  assert.equal((await recheckDueDomains(env.db, at(t0, 1))).checked, 0, "not due before the 6-hour interval");

  dns.remove(domain);
  assert.deepEqual(await recheckDueDomains(env.db, at(t0, 6)), { checked: 1, warned: 1, unverified: 0, restored: 0 });
  let [d] = (await listDomains(env.db, owner.id)).data;
  assert.equal(d.verified, true, "within the grace period");
  assert.equal(d.recordMissingSince, at(t0, 6).toISOString());
  assert.equal(d.graceEndsAt, at(t0, 78).toISOString());
  assert.equal(d.lastCheckedAt, at(t0, 6).toISOString());
  assert.match(d.warning!, /CNAME/);
  assert.equal(d.unverifiedReason, null);
  assert.equal(await serves(domain, "/promo"), true, "links keep answering during the grace");

  assert.equal((await recheckDueDomains(env.db, at(t0, 72))).unverified, 0, "66 hours missing: still in grace");
  assert.equal((await listDomains(env.db, owner.id)).data[0].verified, true);

  assert.deepEqual(await recheckDueDomains(env.db, at(t0, 78)), { checked: 1, warned: 0, unverified: 1, restored: 0 });
  [d] = (await listDomains(env.db, owner.id)).data;
  assert.equal(d.verified, false);
  assert.equal(d.verifiedAt, null);
  assert.equal(d.unverifiedAt, at(t0, 78).toISOString());
  assert.match(d.unverifiedReason!, /CNAME record for links\.recheck\.example/);
  assert.equal(d.warning, null);
  assert.equal(d.claimExpiresAt, null, "a domain that lost verification is not a lapsing claim");
  const report = await domainDnsReport(env.db, owner.id, domain);
  assert.equal(report.verified, false);
  assert.equal(report.unverifiedReason, d.unverifiedReason);
  assert.equal(await serves(domain, "/promo"), false, "the visitor path checks verified");
  assert.equal(await isHostAllowedForTlsAcrossAccounts(env.db, domain), false);
});

test("the record back within the grace clears the warning; the owner re-verifies after losing it", async () => {
  const { recheckDueDomains, listDomains, verifyDomain } = await services();
  const back = "links.back.example";
  const t0 = new Date();
  const owner = await verifiedDomainWithLink(back, t0);
  dns.remove(back);
  await recheckDueDomains(env.db, at(t0, 6));
  dns.setCname(back, CNAME_TARGET);
  const restored = await recheckDueDomains(env.db, at(t0, 12));
  assert.equal(restored.restored, 1);
  const d = (await listDomains(env.db, owner.id)).data.find((x) => x.domain === back)!;
  assert.equal(d.verified, true);
  assert.equal(d.warning, null);
  assert.equal(d.recordMissingSince, null);

  const lost = "links.lost.example";
  const other = await verifiedDomainWithLink(lost, t0);
  dns.remove(lost);
  await recheckDueDomains(env.db, at(t0, 6));
  await recheckDueDomains(env.db, at(t0, 78));
  assert.equal(await serves(lost, "/promo"), false);
  dns.setCname(lost, CNAME_TARGET);
  const again = await verifyDomain(env.db, other.id, lost, at(t0, 80));
  assert.equal(again.verified, true);
  const after = (await listDomains(env.db, other.id)).data[0];
  assert.equal(after.unverifiedReason, null);
  assert.equal(after.unverifiedAt, null);
  assert.equal(await serves(lost, "/promo"), true);
});

test("two instances re-checking at once check a due domain once", async () => {
  const { recheckDueDomains } = await services();
  const t0 = new Date();
  await verifiedDomainWithLink("links.twice.example", t0);
  const runs = await Promise.all([recheckDueDomains(env.db, at(t0, 1000)), recheckDueDomains(env.db, at(t0, 1000))]);
  const checked = runs.map((r) => r.checked);
  const all = (await env.db.domain.count({ where: { verified: true } }));
  assert.equal(checked[0] + checked[1], all, "each verified domain once, across both runs");
});

test("the sweep removes unverified claims 7 days after connect, and nothing else", async () => {
  const { createAccount, connectDomain, sweepExpiredClaims } = await services();
  const account = await createAccount(env.db, { email: "sweep@example.test", plan: "growth" });
  const t0 = new Date();
  await connectDomain(env.db, account.id, { domain: "old-claim.example", isDefault: false }, t0);
  await connectDomain(env.db, account.id, { domain: "newer-claim.example", isDefault: false }, at(t0, 24));
  const before = await env.db.domain.count();
  assert.equal(await sweepExpiredClaims(env.db, at(t0, 168 - 0.001)), 0);
  assert.equal(await sweepExpiredClaims(env.db, at(t0, 168)), 1);
  assert.deepEqual(
    (await env.db.domain.findMany({ where: { accountId: account.id } })).map((d) => d.domain),
    ["newer-claim.example"],
  );
  assert.equal(await env.db.domain.count(), before - 1, "verified and lost-verification domains are kept");
});

test("taking over a domain that lost verification moves the old owner's links to the primary domain, in one transaction", async () => {
  const { createAccount, connectDomain, verifyDomain, recheckDueDomains, listDomains } = await services();
  const { config } = await import("../../lib/config");
  const domain = "links.moved.example";
  const t0 = new Date();
  const oldOwner = await verifiedDomainWithLink(domain, t0);
  dns.remove(domain);
  await recheckDueDomains(env.db, at(t0, 6));
  await recheckDueDomains(env.db, at(t0, 78));
  const prover = await createAccount(env.db, { email: "prover@example.test", plan: "growth" });
  const refused = await connectDomain(env.db, prover.id, { domain, isDefault: false }, at(t0, 79)).catch((e: unknown) => e);
  const challenge = (refused as { extras: { challenge: { host: string; value: string } } }).extras.challenge;
  dns.setTxt(challenge.host, [challenge.value]);
  dns.setCname(domain, CNAME_TARGET);
  const proved = await verifyDomain(env.db, prover.id, domain, at(t0, 80));
  assert.equal(proved.takenOver, true);
  assert.equal(proved.verified, true);
  assert.deepEqual((await listDomains(env.db, oldOwner.id)).data, []);
  const links = await env.db.link.findMany({ where: { accountId: oldOwner.id } });
  assert.deepEqual(links.map((l) => [l.domain, l.slug]), [[config().primaryDomain, "promo"]]);
  assert.equal(await env.db.link.count({ where: { domain } }), 0, "nothing of the old owner answers on the prover's domain");
});
