import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { admin, startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// Resolved links are cached in process; every change must be seen by the very next visit.

describe("visits see every change at once", () => {
  let server: HopServer;
  let dns: TestDnsServer;
  before(async () => {
    dns = await startDnsServer();
    server = await startServer({ env: { DNS_SERVERS: dns.address, CNAME_TARGET: "cname.hop.test", SYSTEM_DOMAINS: "sys.hop.test" } });
  });
  after(async () => {
    await server.stop();
    await dns.close();
  });

  test("update, deactivate, reactivate, delete and re-create, each seen by the next visit", async () => {
    const { key } = await createAccount(server);
    assert.equal((await visit(server, PRIMARY, "/cached-one")).status, 404, "an unknown slug is cached as missing");
    await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/a", slug: "cached-one" } });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).headers.location, "https://example.com/a", "a create drops the negative entry");
    await api(server, "PUT", "/v1/links/cached-one", { key, body: { destination: "https://example.com/b" } });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).headers.location, "https://example.com/b");
    await api(server, "PATCH", "/v1/links/cached-one/status", { key, body: { setActive: false } });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).status, 404);
    await api(server, "PATCH", "/v1/links/cached-one/status", { key, body: { setActive: true } });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).status, 302);
    await api(server, "DELETE", "/v1/links/cached-one", { key });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).status, 404);
    await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/c", slug: "cached-one" } });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).headers.location, "https://example.com/c");
    await api(server, "DELETE", "/v1/links/bulk", { key, body: { links: ["cached-one"] } });
    assert.equal((await visit(server, PRIMARY, "/cached-one")).status, 404, "bulk delete too");
  });

  test("a link on a verified custom domain is answered by Host; after the domain is deleted it answers on the primary domain", async () => {
    const { key } = await createAccount(server);
    const domain = `go.brand${Date.now().toString(36)}.example`;
    await api(server, "POST", "/v1/domains", { key, body: { domain } });
    dns.setCname(domain, "cname.hop.test");
    assert.equal((await api(server, "POST", `/v1/domains/${domain}/verify`, { key })).body.verified, true);
    const created = await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/custom", slug: "spring", domain } });
    assert.equal(created.status, 201, created.text);
    const onCustom = await visit(server, domain, "/spring");
    assert.equal(onCustom.status, 302);
    assert.equal(onCustom.headers.location, "https://example.com/custom");
    assert.equal((await visit(server, domain, "/other")).status, 404);
    assert.equal((await visit(server, PRIMARY, "/spring")).status, 404, "not on the primary domain while the custom domain has it");
    const removed = await api(server, "DELETE", `/v1/domains/${domain}`, { key });
    assert.equal(removed.body.linksReassigned, 1);
    assert.equal((await visit(server, PRIMARY, "/spring")).headers.location, "https://example.com/custom");
    assert.notEqual((await visit(server, domain, "/spring")).status, 302, "the removed domain no longer serves it");
  });

  test("system domains answer their links", async () => {
    const { key } = await createAccount(server);
    await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/sys", slug: "on-sys", domain: "sys.hop.test" } });
    assert.equal((await visit(server, "sys.hop.test", "/ON-SYS")).headers.location, "https://example.com/sys");
    assert.equal((await visit(server, "sys.hop.test", "/nope")).status, 404);
  });

  test("app routes stay on the app host; unknown hosts get the app", async () => {
    assert.equal((await visit(server, PRIMARY, "/api/health")).status, 200);
    assert.equal((await visit(server, PRIMARY, "/v1/account/usage")).status, 401);
    assert.equal((await visit(server, "unknown.example", "/")).status, 200);
  });

  test("a scanned path on a host that serves no links is the visitor 404 page from the host's first request on, never a render by Next", async () => {
    for (const host of ["scan-1.example.net", "scan-2.example.net"]) {
      const answers = await Promise.all([visit(server, host, "/x9f3k2"), visit(server, host, "/x9f3k2"), visit(server, host, "/other")]);
      for (const answer of answers) {
        assert.equal(answer.status, 404);
        assert.match(answer.body, /This link does not exist/, `${host}: the visitor 404 page, also while the host's lookup was under way`);
      }
    }
    assert.equal((await visit(server, "scan-1.example.net", "/api/health")).status, 200, "the app's own paths stay the app's");
  });
});

// Two instances of one deployment: a change made through one is seen by the next visit on the
// other, through the Redis relay.
if (usingRedis && usingPostgres) {
  describe("two instances (Redis)", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      first = await startServer();
      second = await startServer({ shareWith: first });
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    test("an update through one instance is followed by the next visit on the other", async () => {
      const account = await createAccount(first);
      await api(first, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/v1", slug: "shared-link" } });
      assert.equal((await visit(second, PRIMARY, "/shared-link")).headers.location, "https://example.com/v1", "now cached on the second");
      await api(first, "PUT", "/v1/links/shared-link", { key: account.key, body: { destination: "https://example.com/v2" } });
      assert.equal((await visit(second, PRIMARY, "/shared-link")).headers.location, "https://example.com/v2");
      await api(second, "PATCH", "/v1/links/shared-link/status", { key: account.key, body: { setActive: false } });
      assert.equal((await visit(first, PRIMARY, "/shared-link")).status, 404);
      await admin(first, "account", "set-plan", "--email", account.email, "--plan", "free");
      assert.equal((await api(second, "GET", "/v1/account/usage", { key: account.key })).status, 403, "plan changes reach the other instance's key cache");
    });
  });
}
