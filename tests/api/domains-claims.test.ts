import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { person, send } from "../helpers/dashboard-routes";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Who may hold a custom domain (docs/domains.md "Claims"): an unverified claim lapses, a domain
// held unverified by another account is taken over by proving control with a TXT record, and a
// verified domain stays with its owner. An account holds at most 20 unverified claims at once.

const CNAME_TARGET = "cname.hop.test";
const DAY_MS = 24 * 3600 * 1000;

describe("custom domain claims: expiry and takeover by proof", () => {
  let server: HopServer;
  let shortClaims: HopServer;
  let dns: TestDnsServer;
  before(async () => {
    dns = await startDnsServer();
    const env = { DNS_SERVERS: dns.address, CNAME_TARGET, APEX_A_RECORD: "203.0.113.7" };
    server = await startServer({ env });
    // Claims lapse after 5.4 s here, so expiry is seen without waiting seven days; the domain tasks
    // (sweep, re-check) run every second.
    shortClaims = await startServer({ env: { ...env, DOMAIN_CLAIM_TTL_HOURS: "0.0015", DOMAIN_RECHECK_INTERVAL_HOURS: "0.0002" } });
  });
  after(async () => {
    // Optional: a server that failed to start must not stop the others (and the DNS server) closing.
    await Promise.all([server?.stop(), shortClaims?.stop()]);
    await dns?.close();
  });

  let counter = 0;
  const fresh = () => `links.claim${(counter += 1)}-${Date.now().toString(36)}.example`;
  const connect = (on: HopServer, account: TestAccount, domain: string) => api(on, "POST", "/v1/domains", { key: account.key, body: { domain } });
  const verify = (on: HopServer, account: TestAccount, domain: string) => api(on, "POST", `/v1/domains/${domain}/verify`, { key: account.key });
  const domainsOf = async (on: HopServer, account: TestAccount) =>
    (await api(on, "GET", "/v1/domains", { key: account.key })).body.data.map((d: { domain: string }) => d.domain);

  test("a new claim is unverified and lapses 7 days after connect", async () => {
    const a = await createAccount(server);
    const res = await connect(server, a, fresh());
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.verified, false);
    assert.equal(Date.parse(res.body.claimExpiresAt) - Date.parse(res.body.createdAt), 7 * DAY_MS);
    assert.equal(res.body.unverifiedReason, null);
    assert.equal(res.body.warning, null);
  });

  test("another account's unverified claim: 409 that tells how to prove control; the TXT record moves it", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const c = await createAccount(server);
    const domain = fresh();
    assert.equal((await connect(server, a, domain)).status, 201);

    const refused = await connect(server, b, domain);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.code, "domain_already_connected");
    const challenge = refused.body.error.challenge;
    assert.equal(challenge.type, "TXT");
    assert.equal(challenge.host, `_hop-challenge.${domain}`);
    assert.match(challenge.value, /^hop-verify=[a-f0-9]{32}$/);
    assert.ok(refused.body.error.message.includes(challenge.host) && refused.body.error.message.includes(challenge.value), refused.text);
    assert.deepEqual((await connect(server, b, domain)).body.error.challenge, challenge, "the same token every time for one account and domain");
    const forC = (await connect(server, c, domain)).body.error.challenge;
    assert.notEqual(forC.value, challenge.value, "the token belongs to the account");

    assert.equal((await verify(server, b, domain)).status, 404, "no proof yet: still not B's");
    dns.setTxt(challenge.host, [forC.value]);
    assert.equal((await verify(server, b, domain)).status, 404, "another account's token proves nothing for B");
    assert.deepEqual(await domainsOf(server, a), [domain]);

    dns.setTxt(challenge.host, ["v=spf1 -all", challenge.value]);
    dns.setCname(domain, CNAME_TARGET);
    const proved = await verify(server, b, domain);
    assert.equal(proved.status, 200, proved.text);
    assert.equal(proved.body.domain, domain);
    assert.equal(proved.body.takenOver, true);
    assert.equal(proved.body.verified, true, "the CNAME already points here");
    assert.deepEqual(await domainsOf(server, b), [domain]);
    assert.deepEqual(await domainsOf(server, a), [], "the old claim is gone");
    assert.equal((await api(server, "GET", `/v1/domains/${domain}/dns`, { key: a.key })).status, 404);

    // Verified now: nobody takes it over, even with a TXT record of their own.
    const late = await connect(server, a, domain);
    assert.equal(late.status, 409);
    assert.equal(late.body.error.code, "domain_already_connected");
    assert.equal(late.body.error.challenge, undefined, "no takeover of a verified domain");
    dns.setTxt(challenge.host, [forC.value]);
    assert.equal((await verify(server, c, domain)).status, 404, "C's proof does not move a verified domain");
    assert.deepEqual(await domainsOf(server, b), [domain]);
    dns.remove(domain);
    dns.remove(challenge.host);
  });

  test("a takeover proof without the serving record gives an unverified claim of the prover's own", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const domain = fresh();
    await connect(server, a, domain);
    const { challenge } = (await connect(server, b, domain)).body.error;
    dns.setTxt(challenge.host, [challenge.value]);
    const proved = await verify(server, b, domain);
    assert.equal(proved.status, 200, proved.text);
    assert.equal(proved.body.takenOver, true);
    assert.equal(proved.body.verified, false);
    const [held] = (await api(server, "GET", "/v1/domains", { key: b.key })).body.data;
    assert.equal(held.domain, domain);
    assert.equal(held.verified, false);
    assert.equal(Date.parse(held.claimExpiresAt) - Date.parse(held.createdAt), 7 * DAY_MS, "a fresh claim");
    dns.remove(challenge.host);
  });

  test("an expired claim no longer blocks anyone: a plain connect takes it", async () => {
    const a = await createAccount(shortClaims);
    const b = await createAccount(shortClaims);
    const domain = fresh();
    const first = await connect(shortClaims, a, domain);
    assert.equal(first.status, 201);
    assert.equal((await connect(shortClaims, b, domain)).status, 409, "not expired yet");
    await sleep(Math.max(0, Date.parse(first.body.claimExpiresAt) - Date.now()) + 150);
    const taken = await connect(shortClaims, b, domain);
    assert.equal(taken.status, 201, taken.text);
    assert.equal(taken.body.domain, domain);
    assert.deepEqual(await domainsOf(shortClaims, b), [domain]);
    assert.deepEqual(await domainsOf(shortClaims, a), [], "the expired row was removed with the takeover");
  });

  test("the server's periodic sweep removes a lapsed claim by itself", async () => {
    const a = await createAccount(shortClaims);
    const claimed = await connect(shortClaims, a, fresh());
    assert.equal(claimed.status, 201);
    await sleep(Math.max(0, Date.parse(claimed.body.claimExpiresAt) - Date.now()) + 150);
    let left = await domainsOf(shortClaims, a);
    for (let tries = 0; left.length && tries < 50; tries += 1) {
      await sleep(100);
      left = await domainsOf(shortClaims, a);
    }
    assert.deepEqual(left, [], "swept without any connect");
  });

  describe("at most 20 unverified claims per account", () => {
    const assertCapped = (status: number, body: any) => {
      assert.equal(status, 403, JSON.stringify(body));
      assert.equal(body.error.code, "quota_exceeded");
      assert.equal(body.error.field, "domain");
      assert.equal(body.error.pendingDomains, 20);
      assert.equal(body.error.maxPendingDomains, 20);
      assert.match(body.error.message, /20 domains waiting for verification \(at most 20\)\. Verify or remove one/);
    };

    test("the 21st claim is refused on the API and the dashboard; a verified or removed domain frees a place", async () => {
      const owner = await person(server);
      const account = { id: owner.id, email: owner.email, key: owner.key, keyId: owner.keyId };
      const claimed: string[] = [];
      for (let i = 0; i < 20; i += 1) {
        const res = await connect(server, account, fresh());
        assert.equal(res.status, 201, res.text);
        claimed.push(res.body.domain);
      }
      const refused = await connect(server, account, fresh());
      assertCapped(refused.status, refused.body);
      const fromDashboard = await send(server, "POST", "/api/dashboard/domains", { cookie: owner.cookie, body: { domain: fresh() } });
      assertCapped(fromDashboard.status, fromDashboard.body);
      assert.equal((await domainsOf(server, account)).length, 20, "nothing was added");

      await admin(server, "domain", "force-verify", "--domain", claimed[0]);
      const afterVerify = await connect(server, account, fresh());
      assert.equal(afterVerify.status, 201, afterVerify.text);
      const fullAgain = await connect(server, account, fresh());
      assertCapped(fullAgain.status, fullAgain.body);
      assert.equal((await api(server, "DELETE", `/v1/domains/${claimed[1]}`, { key: account.key })).status, 200);
      const viaDashboard = await send(server, "POST", "/api/dashboard/domains", { cookie: owner.cookie, body: { domain: fresh() } });
      assert.equal(viaDashboard.status, 201, viaDashboard.text);
      assert.equal((await connect(server, await createAccount(server), fresh())).status, 201, "another account has its own 20");
    });

    test("parallel claims cannot pass the cap", async () => {
      const account = await createAccount(server);
      const statuses = await Promise.all(Array.from({ length: 30 }, () => connect(server, account, fresh()).then((res) => res.status)));
      assert.deepEqual([statuses.filter((s) => s === 201).length, statuses.filter((s) => s === 403).length], [20, 10]);
      assert.equal((await domainsOf(server, account)).length, 20);
    });
  });
});
