import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

const CNAME_TARGET = "cname.hop.test";
const APEX_IP = "203.0.113.7";

describe("custom domains", () => {
  let server: HopServer;
  let dns: TestDnsServer;
  before(async () => {
    dns = await startDnsServer();
    server = await startServer({ env: { DNS_SERVERS: dns.address, CNAME_TARGET, APEX_A_RECORD: APEX_IP, SYSTEM_DOMAINS: "sys.hop.test", HOP_LOG: "info" } });
  });
  after(async () => {
    await server?.stop();
    await dns?.close();
  });

  test("records that name this server: no start-up warning about custom domains", () => {
    assert.match(server.logs(), /"message":"listening"/, "the log is on");
    assert.doesNotMatch(server.logs(), /custom domains can't be verified/);
  });

  const connect = (account: TestAccount, body: unknown) => api(server, "POST", "/v1/domains", { key: account.key, body });
  let counter = 0;
  const fresh = (prefix = "links") => `${prefix}.site${(counter += 1)}-${Date.now().toString(36)}.example`;

  test("POST /v1/domains connects a subdomain (CNAME) and an apex (A), unverified", async () => {
    const account = await createAccount(server);
    const sub = fresh();
    const res = await connect(account, { domain: `  ${sub.toUpperCase()}.  ` });
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.id, /^dom_/);
    assert.equal(res.body.domain, sub);
    assert.equal(res.body.verified, false);
    assert.equal(res.body.isDefault, false);
    assert.deepEqual(res.body.dnsRecords, { type: "CNAME", host: sub, value: CNAME_TARGET });
    assert.ok(!Number.isNaN(Date.parse(res.body.createdAt)));
    const apex = await connect(account, { domain: "apex-example.co.uk" });
    assert.deepEqual(apex.body.dnsRecords, { type: "A", host: "apex-example.co.uk", value: APEX_IP });
    const idn = await connect(account, { domain: "bücher-shop.example" });
    assert.equal(idn.body.domain, "xn--bcher-shop-9db.example");
    const byUnicode = await api(server, "GET", `/v1/domains/${encodeURIComponent("BÜCHER-shop.example")}/dns`, { key: account.key });
    assert.equal(byUnicode.status, 200, "a path may name the domain in Unicode");
    assert.equal(byUnicode.body.domain, "xn--bcher-shop-9db.example");
    const list = await api(server, "GET", "/v1/domains", { key: account.key });
    assert.deepEqual(list.body.data.map((d: { domain: string }) => d.domain), [sub, "apex-example.co.uk", "xn--bcher-shop-9db.example"]);
  });

  test("invalid domains are 400 invalid_domain with field domain", async () => {
    const account = await createAccount(server);
    for (const domain of ["https://links.example.com", "links.example.com/path", "links.example.com:8080", "not a domain", "localhost", "-bad-.example.com", "a..b.com", "", 42, undefined, "x".repeat(64) + ".example.com", "links.example.123"]) {
      const res = await connect(account, { domain });
      assert.equal(res.status, 400, String(domain));
      assert.equal(res.body.error.code, "invalid_domain", String(domain));
      assert.equal(res.body.error.field, "domain", String(domain));
    }
    for (const domain of ["sys.hop.test", "SYS.hop.test.", "promo.sys.hop.test", "x.localhost", CNAME_TARGET, "a.cname.hop.test"]) {
      const own = await connect(account, { domain });
      assert.equal(own.status, 400, `${domain} belongs to the service`);
      assert.equal(own.body.error.code, "invalid_domain");
      assert.equal(own.body.error.field, "domain");
    }
    assert.equal((await connect(account, { domain: "notsys.hop.test.example" })).status, 201, "a look-alike is not the service's");
  });

  test("a domain already on this or another account → 409 domain_already_connected", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const domain = fresh();
    assert.equal((await connect(a, { domain })).status, 201);
    for (const account of [a, b]) {
      const res = await connect(account, { domain: domain.toUpperCase() });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, "domain_already_connected");
    }
    const parallel = fresh();
    const results = await Promise.all(Array.from({ length: 10 }, () => connect(b, { domain: parallel })));
    assert.equal(results.filter((r) => r.status === 201).length, 1);
    assert.equal(results.filter((r) => r.status === 409).length, 9);
  });

  test("verify: false with dnsStatus before the record exists, false with the wrong value, true when right", async () => {
    const account = await createAccount(server);
    const domain = fresh();
    await connect(account, { domain });
    const before = await api(server, "POST", `/v1/domains/${domain}/verify`, { key: account.key });
    assert.equal(before.status, 200);
    assert.deepEqual(
      { ...before.body, message: typeof before.body.message },
      { domain, verified: false, message: "string", verifiedAt: null, dnsStatus: { recordFound: false, recordValue: null, expectedValue: CNAME_TARGET } },
    );
    const dnsBefore = await api(server, "GET", `/v1/domains/${domain}/dns`, { key: account.key });
    assert.deepEqual(dnsBefore.body.currentDns, { recordFound: false, recordType: null, recordValue: null, matches: false });
    assert.deepEqual(dnsBefore.body.dnsRecords, { type: "CNAME", host: domain, value: CNAME_TARGET });
    assert.match(dnsBefore.body.instructions, new RegExp(`CNAME record for ${domain.replace(/\./g, "\\.")} pointing to ${CNAME_TARGET}`));

    dns.setA(domain, "198.51.100.9");
    const aInstead = await api(server, "POST", `/v1/domains/${domain}/verify`, { key: account.key });
    assert.equal(aInstead.body.verified, false);
    assert.deepEqual(aInstead.body.dnsStatus, { recordFound: true, recordValue: "198.51.100.9", expectedValue: CNAME_TARGET });
    assert.match(aInstead.body.message, /A record.*replace it with a CNAME/);
    const dnsA = await api(server, "GET", `/v1/domains/${domain}/dns`, { key: account.key });
    assert.deepEqual(dnsA.body.currentDns, { recordFound: true, recordType: "A", recordValue: "198.51.100.9", matches: false });
    dns.remove(domain);

    dns.setCname(domain, "somewhere-else.example");
    const wrong = await api(server, "POST", `/v1/domains/${domain}/verify`, { key: account.key });
    assert.equal(wrong.body.verified, false);
    assert.deepEqual(wrong.body.dnsStatus, { recordFound: true, recordValue: "somewhere-else.example", expectedValue: CNAME_TARGET });
    const dnsWrong = await api(server, "GET", `/v1/domains/${domain}/dns`, { key: account.key });
    assert.deepEqual(dnsWrong.body.currentDns, { recordFound: true, recordType: "CNAME", recordValue: "somewhere-else.example", matches: false });

    dns.setCname(domain, CNAME_TARGET);
    const right = await api(server, "POST", `/v1/domains/${domain}/verify`, { key: account.key });
    assert.equal(right.body.verified, true);
    assert.ok(Date.parse(right.body.verifiedAt) <= Date.now());
    assert.deepEqual(right.body.dnsStatus, { recordFound: true, recordValue: CNAME_TARGET, expectedValue: CNAME_TARGET });
    const dnsAfter = await api(server, "GET", `/v1/domains/${domain}/dns`, { key: account.key });
    assert.equal(dnsAfter.body.verified, true);
    assert.deepEqual(dnsAfter.body.currentDns, { recordFound: true, recordType: "CNAME", recordValue: CNAME_TARGET, matches: true });
    assert.equal((await api(server, "GET", "/v1/domains", { key: account.key })).body.data[0].verified, true);
  });

  test("an apex verifies with its A record", async () => {
    const account = await createAccount(server);
    const domain = `apex${Date.now().toString(36)}.example`;
    await connect(account, { domain });
    dns.setA(domain, "198.51.100.1");
    assert.equal((await api(server, "POST", `/v1/domains/${domain}/verify`, { key: account.key })).body.verified, false);
    dns.setA(domain, APEX_IP);
    const ok = await api(server, "POST", `/v1/domains/${domain}/verify`, { key: account.key });
    assert.equal(ok.body.verified, true);
    assert.equal(ok.body.dnsStatus.recordValue, APEX_IP);
  });

  test("PATCH isDefault moves the default; the default cannot be deleted", async () => {
    const account = await createAccount(server);
    const one = fresh();
    const two = fresh();
    assert.equal((await connect(account, { domain: one, isDefault: true })).body.isDefault, true);
    await connect(account, { domain: two });
    const refused = await api(server, "DELETE", `/v1/domains/${one}`, { key: account.key });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, "cannot_delete_default_domain");
    const moved = await api(server, "PATCH", `/v1/domains/${two}`, { key: account.key, body: { isDefault: true } });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.isDefault, true);
    const list = (await api(server, "GET", "/v1/domains", { key: account.key })).body.data;
    assert.deepEqual(list.map((d: { domain: string; isDefault: boolean }) => [d.domain, d.isDefault]), [[one, false], [two, true]]);
    assert.equal((await api(server, "DELETE", `/v1/domains/${one}`, { key: account.key })).status, 200);
    const bad = await api(server, "PATCH", `/v1/domains/${two}`, { key: account.key, body: { isDefault: "yes" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "isDefault");
  });

  test("delete moves the domain's links to the primary domain, suffixing taken slugs", async () => {
    const account = await createAccount(server);
    const domain = fresh("go");
    await connect(account, { domain });
    await admin(server, "domain", "force-verify", "--domain", domain);
    const link = async (body: Record<string, unknown>) =>
      (await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", ...body } })).body.data;
    await link({ slug: "promo" });
    await link({ slug: "promo-1" });
    const onDomain = await link({ slug: "promo", domain });
    assert.equal(onDomain.id, `${domain}__promo`);
    await link({ slug: "fresh-one", domain });
    const random = await link({ domain });
    assert.match(random.slug, /^[a-z0-9]{7}$/, "custom domains generate a slug when none is given");
    const res = await api(server, "DELETE", `/v1/domains/${domain}`, { key: account.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.domain, domain);
    assert.equal(res.body.linksReassigned, 3);
    assert.equal(typeof res.body.message, "string");
    const ids = (await api(server, "GET", "/v1/links", { key: account.key })).body.data.map((l: { id: string }) => l.id).sort();
    assert.deepEqual(ids, ["fresh-one", "promo", "promo-1", "promo-2", random.slug].sort());
    const movedPromo = await api(server, "GET", "/v1/links/promo-2", { key: account.key });
    assert.equal(movedPromo.body.data.domain, "localhost:3000");
    assert.equal(movedPromo.body.data.url, "http://localhost:3000/promo-2");
    assert.equal((await api(server, "GET", "/v1/domains", { key: account.key })).body.data.length, 0);
  });

  test("404 domain_not_found for delete, verify, dns and patch of a domain not on the account", async () => {
    const a = await createAccount(server);
    const b = await createAccount(server);
    const domain = fresh();
    await connect(a, { domain });
    for (const [method, path, body] of [["DELETE", `/v1/domains/${domain}`], ["POST", `/v1/domains/${domain}/verify`], ["GET", `/v1/domains/${domain}/dns`], ["PATCH", `/v1/domains/${domain}`, { isDefault: true }], ["DELETE", "/v1/domains/never-connected.example"]] as const) {
      const res = await api(server, method, path, { key: b.key, body });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.error.code, "domain_not_found");
    }
    assert.deepEqual((await api(server, "GET", "/v1/domains", { key: b.key })).body.data, []);
    assert.equal((await api(server, "GET", "/v1/domains", { key: a.key })).body.data.length, 1, "untouched");
  });

  test("roles: only full keys write domains; viewers and creators read", async () => {
    const account = await createAccount(server);
    const owned = fresh();
    await connect(account, { domain: owned });
    for (const role of ["creator", "viewer"] as const) {
      const { key } = await addKey(server, account.email, role);
      const writes = [["POST", "/v1/domains", { domain: fresh() }], ["PATCH", `/v1/domains/${owned}`, { isDefault: true }], ["POST", `/v1/domains/${owned}/verify`], ["DELETE", `/v1/domains/${owned}`]] as const;
      for (const [method, path, body] of writes) {
        const res = await api(server, method, path, { key, body });
        assert.equal(res.status, 403, `${role} ${method} ${path}`);
        assert.equal(res.body.error.code, "forbidden");
      }
      assert.equal((await api(server, "GET", "/v1/domains", { key })).status, 200, role);
      assert.equal((await api(server, "GET", `/v1/domains/${owned}/dns`, { key })).status, 200, role);
    }
    const list = (await api(server, "GET", "/v1/domains", { key: account.key })).body.data;
    assert.deepEqual(list.map((d: { domain: string; isDefault: boolean }) => [d.domain, d.isDefault]), [[owned, false]], "nothing changed");
    const legacy = await addKey(server, account.email, "legacy");
    assert.equal((await api(server, "POST", "/v1/domains", { key: legacy.key, body: { domain: fresh() } })).status, 201);
  });

  test("GET /api/domains/allowed answers Caddy's ask: 200 for verified and own domains, 404 otherwise", async () => {
    const account = await createAccount(server);
    const domain = fresh();
    await connect(account, { domain });
    const ask = (d: string) => fetch(`${server.url}/api/domains/allowed?domain=${encodeURIComponent(d)}`).then((r) => r.status);
    assert.equal(await ask(domain), 404);
    assert.equal(await ask("unknown.example"), 404);
    await admin(server, "domain", "force-verify", "--domain", domain);
    assert.equal(await ask(domain), 200);
    assert.equal(await ask("sys.hop.test"), 200);
  });

  test("GET /api/domains/allowed with a name no domain can have (NUL, lone surrogate, none) is a 404 in the error shape, never a 500", async () => {
    for (const query of ["?domain=%00", "?domain=a%00b.example", "?domain=%ED%A0%80", "?domain=%E3%80%82", "?domain=", ""]) {
      const res = await fetch(`${server.url}/api/domains/allowed${query}`);
      assert.equal(res.status, 404, query);
      const body = (await res.json()) as { error?: { code?: string }; allowed?: boolean };
      assert.equal(body.error?.code, "not_found", query);
      assert.equal(body.allowed, false, query);
    }
  });
});

describe("CNAME_TARGET and APEX_A_RECORD left unset", () => {
  let server: HopServer;
  after(async () => {
    await server?.stop();
  });

  test("the operator is told at start that custom domains can't be verified, and what to set", async () => {
    server = await startServer({ env: { HOP_LOG: "info" } });
    const line = server.logs().split("\n").find((text) => text.includes("custom domains can't be verified"));
    assert.ok(line, server.logs());
    const entry = JSON.parse(line);
    assert.equal(entry.level, "warn");
    assert.deepEqual(entry.set, ["CNAME_TARGET", "APEX_A_RECORD"]);
    assert.match(entry.message, /CNAME records point at cname\.\S+ \(CNAME_TARGET is not set\), and A records at 127\.0\.0\.1/);
  });
});
