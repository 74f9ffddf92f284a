import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";

const SYSTEM = "sys.hop.test";
const PREMIUM = "vip.hop.test";

const page = (extra: Record<string, unknown> = {}) => ({
  websiteId: "anything",
  templateId: "simple-stack-v2",
  data: {
    profile: { name: "Ada <Lovelace>", bio: "Engines & poems", verified: true },
    links: [
      { type: "simple", title: "Blog", url: "https://ada.example/blog" },
      { type: "contact", title: "Write me" },
      { type: "simple", title: "Bad", url: "javascript:alert(1)" },
    ],
    socialsAppearance: { showFollowers: true },
    settings: { adultMode: true },
    hideBranding: true,
  },
  ...extra,
});

describe("websites: publish and read, and how visitors reach them", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { SYSTEM_DOMAINS: `${SYSTEM},${PREMIUM}`, PREMIUM_SYSTEM_DOMAINS: PREMIUM } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const publish = (body: unknown, key = account.key) => api(server, "POST", "/v1/websites", { key, body });

  test("without slug or domain the page lives at {primary}/site/<id> and is served there", async () => {
    const res = await publish(page());
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ["id", "isActive", "message", "url"]);
    assert.match(res.body.id, /^[a-z0-9]{10}$/);
    assert.equal(res.body.url, `http://${PRIMARY}/site/${res.body.id}`);
    assert.equal(res.body.isActive, true);
    const got = await api(server, "GET", `/v1/websites/${res.body.id}`, { key: account.key });
    assert.equal(got.status, 200);
    assert.equal(got.body.data.templateId, "simple-stack-v2");
    assert.equal(got.body.data.domain, PRIMARY);
    const seen = await visit(server, PRIMARY, `/site/${res.body.id}`);
    assert.equal(seen.status, 200);
    assert.ok(seen.body.includes("Ada &lt;Lovelace&gt;"), "escaped name");
    assert.ok(seen.body.includes('href="https://ada.example/blog"'));
    assert.ok(!seen.body.includes("javascript:"), "only http(s)/mailto/tel links");
    // A kept page: its own style and script allowed by hash, nothing else runs.
    assert.match(String(seen.headers["content-security-policy"]), /style-src 'sha256-[^']+'; script-src 'sha256-[^']+'; /);
    assert.ok(!seen.body.includes("nonce"));
  });

  test("customSlug on the primary domain, on a system domain; taken and missing slugs", async () => {
    const primary = await publish(page({ customSlug: "Ada-Page" }));
    assert.equal(primary.body.id, "ada-page");
    assert.equal((await visit(server, PRIMARY, "/ada-page")).status, 200);
    assert.deepEqual((await publish(page({ customSlug: "ada-page" }))).body, { error: "Custom slug already taken" });
    const sys = await publish(page({ useSystemDomain: true, systemDomain: SYSTEM, customSlug: "ada" }));
    assert.equal(sys.body.id, `${SYSTEM}__ada`);
    assert.equal((await visit(server, SYSTEM, "/ada")).status, 200);
    assert.deepEqual((await publish(page({ useSystemDomain: true, systemDomain: SYSTEM }))).body, { error: "Missing custom slug" });
    const unknown = await publish(page({ useSystemDomain: true, systemDomain: "nope.example", customSlug: "x-y-z" }));
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, "UNKNOWN_SYSTEM_DOMAIN");
    assert.equal((await publish(page({ customSlug: "ab" }))).body.code, "INVALID_SLUG");
    assert.equal((await publish(page({ customSlug: "links" }))).body.code, "INVALID_SLUG");
  });

  test("custom domains: refusals, root page and paths keep their case", async () => {
    const domain = `bio${Date.now().toString(36)}.example`;
    const notMine = await publish(page({ customDomain: domain }));
    assert.equal(notMine.status, 403);
    assert.equal(notMine.body.code, "DOMAIN_NOT_FOUND");
    assert.equal(notMine.body.error, "Forbidden");
    assert.match(notMine.body.message, /not connected/, "the contract's flat shape has a message");
    assert.equal(notMine.body.field, "customDomain");
    await api(server, "POST", "/v1/domains", { key: account.key, body: { domain } });
    const unverified = await publish(page({ customDomain: domain }));
    assert.equal(unverified.status, 400);
    assert.equal(unverified.body.code, "DOMAIN_NOT_VERIFIED");
    await admin(server, "domain", "force-verify", "--domain", domain);
    const root = await publish(page({ customDomain: domain, deployToHosting: true }));
    assert.equal(root.status, 201, root.text);
    assert.equal(root.body.id, domain);
    assert.equal(root.body.url, `http://${domain}`);
    assert.deepEqual(root.body.deployment, { status: "ready" });
    const rootVisit = await visit(server, domain, "/");
    assert.equal(rootVisit.status, 200);
    assert.ok(rootVisit.body.includes("Engines &amp; poems"));
    const deep = await publish(page({ customDomain: domain, customPath: "//Shop/Summer//" }));
    assert.equal(deep.body.id, `${domain}__Shop/Summer`);
    assert.equal((await visit(server, domain, "/Shop/Summer")).status, 200);
    assert.equal((await visit(server, domain, "/shop/summer")).status, 404, "custom paths keep their case");
    for (const customPath of ["a.b", "x#y", "50%", "has space", "api/x", "p".repeat(201)]) {
      const bad = await publish(page({ customDomain: domain, customPath }));
      assert.equal(bad.status, 400, customPath);
      assert.equal(bad.body.field, "customPath", customPath);
    }
  });

  test("a paid plan publishes the data as sent (free accounts: tests/unit/service-website-free-plan.test.ts)", async () => {
    const paid = await publish(page({ customSlug: `kept-${Date.now().toString(36)}` }));
    const kept = (await api(server, "GET", `/v1/websites/${paid.body.id}`, { key: account.key })).body.data.data;
    assert.equal(kept.profile.verified, true, "a paid plan keeps everything");
    assert.equal(kept.links.length, 3);
  });

  test("limits: inactive at the active limit on the primary domain, 403 on a custom domain; 403 at the total limit", async () => {
    const limited = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", limited.email, "--total", "3", "--active", "1");
    assert.equal((await publish(page(), limited.key)).body.isActive, true);
    const second = await publish(page(), limited.key);
    assert.equal(second.status, 201);
    assert.equal(second.body.isActive, false);
    assert.equal((await visit(server, PRIMARY, `/site/${second.body.id}`)).status, 404, "inactive pages are not served");
    const domain = `limited${Date.now().toString(36)}.example`;
    await api(server, "POST", "/v1/domains", { key: limited.key, body: { domain } });
    await admin(server, "domain", "force-verify", "--domain", domain);
    const custom = await publish(page({ customDomain: domain }), limited.key);
    assert.equal(custom.status, 403, "a custom-domain page must be active");
    assert.equal(custom.body.code, "ACTIVE_LINK_LIMIT_REACHED");
    assert.deepEqual([custom.body.currentActive, custom.body.activeLimit], [1, 1]);
    assert.equal((await visit(server, domain, "/")).status, 404, "nothing was created on the domain");
    assert.equal((await publish(page(), limited.key)).body.isActive, false, "the refused page did not count toward the total");
    const fourth = await publish(page(), limited.key);
    assert.equal(fourth.status, 403);
    assert.equal(fourth.body.code, "TOTAL_LINK_LIMIT_REACHED");
    assert.deepEqual([fourth.body.currentUsed, fourth.body.totalLimit], [3, 3]);
  });

  test("bad bodies and unknown designs; another account's page is 404", async () => {
    assert.equal((await publish({ templateId: "simple-stack-v2", data: {} })).body.error.field, "websiteId");
    assert.equal((await publish(page({ templateId: "no-such-design" }))).body.error.field, "templateId");
    assert.equal((await publish(page({ templateId: "minimal-card" }))).status, 201, "legacy designs keep working");
    const other = await createAccount(server);
    const mine = await publish(page());
    const res = await api(server, "GET", `/v1/websites/${mine.body.id}`, { key: other.key });
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, "link_not_found");
  });

  test("the 18+ gate: shown when set; confirming without JavaScript reloads with ?adult=1 and is counted", async () => {
    const { key } = await createAccount(server);
    const res = await publish(page({ customSlug: `gated-${Date.now().toString(36)}`, templateId: "music-onyx" }), key);
    const gated = await visit(server, PRIMARY, `/${res.body.id}`);
    assert.match(gated.body, /id="adult-18plus-btn" href="\?adult=1"/);
    const confirmed = await visit(server, PRIMARY, `/${res.body.id}?adult=1`);
    assert.ok(!confirmed.body.includes('id="hop-gate"'));
    const deadline = Date.now() + 10_000;
    let body;
    do body = (await api(server, "GET", `/v1/analytics/links/${res.body.id}`, { key })).body;
    while (!body.adultConfirmation && Date.now() < deadline);
    assert.deepEqual(body.adultConfirmation, { clicks: 1, rate: 50 });
    assert.deepEqual(body.clicksByLink.map((c: { id: string; type: string }) => [c.id, c.type]), [["adult-18plus-btn", "adult-confirmation"]]);
  });
});
