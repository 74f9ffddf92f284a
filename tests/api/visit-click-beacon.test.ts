import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { BROWSER_UA, PRIMARY, postForm, visit } from "../helpers/visit";

// POST /__hop/click, a bio page's click beacon, as an attacker would use it: it counts only the
// published page's own buttons, with the page's titles, URLs and types; one press per visitor
// (address + user agent), button and minute; at most 60 presses per address and page a minute;
// one 18+ confirmation per visitor and page a day. Everything else is dropped uncounted, and
// every answer is the same 204. Behind a trusted proxy (TRUST_PROXY=true: one hop), the address is
// the last X-Forwarded-For entry (the one the proxy appended), so a visitor cannot escape a limit
// with its own header; an IPv6 address counts by its /64.

interface Sender {
  ip?: string;
  forwardedFor?: string;
  userAgent?: string;
}

function beacon(server: HopServer, body: unknown, from: Sender = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: PRIMARY, "user-agent": from.userAgent ?? BROWSER_UA, "content-type": "text/plain;charset=UTF-8" };
    const forwarded = from.forwardedFor ?? from.ip;
    if (forwarded) headers["x-forwarded-for"] = forwarded;
    const req = http.request({ host: "127.0.0.1", port: server.port, path: "/__hop/click", method: "POST", headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(typeof body === "string" ? body : JSON.stringify(body));
  });
}

/** A distinct, ordinary desktop Chrome user agent per n (a different visitor on the same address). */
const chromeUa = (n: number) => BROWSER_UA.replace("Chrome/130.0.0.0", `Chrome/130.0.${n}.0`);

const LINKS = [
  { id: "blog", type: "simple", title: "Blog", url: "https://ada.example/blog" },
  { type: "featured", title: "Shop", url: "https://ada.example/shop" },
  { type: "header", id: "head", title: "Section" },
  { type: "contact", id: "join", title: "Join" },
  { type: "simple", id: "bad-url", title: "Nope", url: "javascript:alert(1)" },
];

describe("the click beacon counts only real presses of real buttons", () => {
  let server: HopServer;
  let key: string;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true" } });
    key = (await createAccount(server)).key;
  });
  after(() => server.stop());

  const publish = async (slug: string, settings: Record<string, unknown> = {}) => {
    const res = await api(server, "POST", "/v1/websites", { key, body: { websiteId: slug, templateId: "bento-grid", customSlug: slug, data: { profile: { name: "Ada" }, links: LINKS, settings } } });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };

  /** The page's analytics once `done` holds (events are written in batches), checked again a moment later so late extras would show. */
  const analyticsWhen = async (id: string, done: (body: any) => boolean) => {
    const deadline = Date.now() + 10_000;
    let body;
    do body = (await api(server, "GET", `/v1/analytics/links/${id}?timeframe=last_7_days`, { key })).body;
    while (!done(body) && Date.now() < deadline);
    await new Promise((r) => setTimeout(r, 1_200));
    return (await api(server, "GET", `/v1/analytics/links/${id}?timeframe=last_7_days`, { key })).body;
  };
  const perButton = (body: any) => Object.fromEntries(body.clicksByLink.map((c: { id: string; totalClicks: number }) => [c.id, c.totalClicks]));

  test("invented ids and forged titles, URLs and types are not recorded; analytics show the page's own", async () => {
    const id = await publish("forged");
    const forged = { title: '<img src=x onerror="alert(1)">', url: "javascript:alert(document.cookie)", type: "<b>x</b>" };
    const statuses = [
      await beacon(server, { page: id, id: "blog", ...forged }, { ip: "203.0.113.10" }),
      await beacon(server, { page: id, id: "invented-button", ...forged }, { ip: "203.0.113.11" }),
      await beacon(server, { page: id, id: "head" }, { ip: "203.0.113.12" }),
      await beacon(server, { page: id, id: "join" }, { ip: "203.0.113.13" }),
      await beacon(server, { page: id, id: "bad-url" }, { ip: "203.0.113.14" }),
      await beacon(server, { page: id, id: "adult-18plus-btn", title: "I am 18+" }, { ip: "203.0.113.15" }),
      await beacon(server, { page: "no-such-page", id: "blog" }, { ip: "203.0.113.16" }),
      await beacon(server, "not json", { ip: "203.0.113.17" }),
      await beacon(server, { page: id, id: "link-2", title: "Sentinel" }, { ip: "203.0.113.18" }),
    ];
    assert.deepEqual([...new Set(statuses)], [204], "every answer is the same 204");
    const body = await analyticsWhen(id, (b) => b.totalClicks >= 2);
    assert.deepEqual(
      body.clicksByLink.map((c: { id: string; totalClicks: number; title: string; url: string; type: string }) => [c.id, c.totalClicks, c.title, c.url, c.type]).sort(),
      [
        ["blog", 1, "Blog", "https://ada.example/blog", "simple"],
        ["link-2", 1, "Shop", "https://ada.example/shop", "featured"],
      ],
    );
    assert.equal(body.totalClicks, 2);
    assert.equal(body.adultConfirmation, null, "a page without the 18+ gate has no confirmation to count");
  });

  test("presses of one visitor on one button in a minute count once; other visitors and buttons count", async () => {
    const id = await publish("repeats");
    for (let i = 0; i < 5; i += 1) assert.equal(await beacon(server, { page: id, id: "blog" }, { ip: "198.51.100.1" }), 204);
    await beacon(server, { page: id, id: "blog" }, { ip: "198.51.100.1", userAgent: chromeUa(1) }); // another browser behind the same address
    await beacon(server, { page: id, id: "blog" }, { ip: "198.51.100.2" }); // another address
    await beacon(server, { page: id, id: "link-2" }, { ip: "198.51.100.1" });
    await beacon(server, { page: id, id: "link-2" }, { ip: "198.51.100.1" });
    const body = await analyticsWhen(id, (b) => b.totalClicks >= 4);
    assert.deepEqual(perButton(body), { blog: 3, "link-2": 1 });
  });

  test("one address gets at most 60 counted presses per page a minute, whatever its user agents or X-Forwarded-For claims", async () => {
    const id = await publish("flood");
    const statuses = [];
    // Each press is a new "visitor" (user agent), and each sends its own forged first X-Forwarded-For
    // entry; the proxy's appended entry (the real address) is the same for all.
    for (let i = 0; i < 75; i += 1) statuses.push(await beacon(server, { page: id, id: "blog" }, { forwardedFor: `10.9.${i}.1, 1.2.3.${i}, 192.0.2.50`, userAgent: chromeUa(i) }));
    assert.deepEqual([...new Set(statuses)], [204]);
    assert.equal(await beacon(server, { page: id, id: "blog" }, { ip: "192.0.2.51" }), 204, "another address is limited separately");
    const body = await analyticsWhen(id, (b) => b.totalClicks >= 61);
    assert.equal(perButton(body).blog, 61);
  });

  test("a new client-written X-Forwarded-For entry per press, left of the proxy's private one, is the same address", async () => {
    const id = await publish("rotating");
    // The proxy (one hop) appended 10.0.0.5; everything left of it is the client's own writing.
    // At once, so all fall in the address's one-minute window however slow the machine.
    await Promise.all(Array.from({ length: 75 }, (_, i) => beacon(server, { page: id, id: "blog" }, { forwardedFor: `198.18.${i}.1, 10.0.0.5`, userAgent: chromeUa(i) })));
    await beacon(server, { page: id, id: "link-2" }, { ip: "192.0.2.60" }); // a sentinel: events are written in order
    const body = await analyticsWhen(id, (b) => perButton(b)["link-2"] === 1);
    assert.equal(perButton(body).blog, 60);
  });

  test("IPv6 addresses within one /64 share the address's 60 presses a minute", async () => {
    const id = await publish("ipv6-flood");
    await Promise.all(Array.from({ length: 75 }, (_, i) => beacon(server, { page: id, id: "blog" }, { ip: `2001:db8:77:1:${i.toString(16)}::1`, userAgent: chromeUa(i) })));
    await beacon(server, { page: id, id: "link-2" }, { ip: "2001:db8:77:2::1" });
    const body = await analyticsWhen(id, (b) => perButton(b)["link-2"] === 1);
    assert.equal(perButton(body).blog, 60, "the /64's 60");
    assert.equal(perButton(body)["link-2"], 1, "the next /64 is another address");
  });

  test("rotated X-Forwarded-For entries and IPv6 addresses of one /64 confirm 18+ once", async () => {
    const id = await publish("gated-rotating", { adultMode: true });
    for (let i = 0; i < 10; i += 1) await visit(server, PRIMARY, `/${id}?adult=1`, { headers: { "x-forwarded-for": `198.18.${i}.1, 10.0.0.6` } });
    for (let i = 0; i < 10; i += 1) await beacon(server, { page: id, id: "adult-18plus-btn" }, { ip: `2001:db8:78:1::${i + 1}` });
    await beacon(server, { page: id, id: "blog" }, { ip: "192.0.2.61" }); // a sentinel: events are written in order
    const body = await analyticsWhen(id, (b) => perButton(b).blog === 1);
    assert.equal(body.adultConfirmation.clicks, 2, "one proxy-seen address, one /64");
  });

  test("the 18+ confirmation counts once per visitor and page, through the beacon and through ?adult=1", async () => {
    const id = await publish("gated", { adultMode: true });
    const page = await visit(server, PRIMARY, `/${id}`, { headers: { "x-forwarded-for": "198.51.100.20" } });
    assert.ok(page.body.includes('id="adult-18plus-btn"'));
    for (let i = 0; i < 3; i += 1) await beacon(server, { page: id, id: "adult-18plus-btn" }, { ip: "198.51.100.20" });
    for (let i = 0; i < 2; i += 1) assert.equal((await visit(server, PRIMARY, `/${id}?adult=1`, { headers: { "x-forwarded-for": "198.51.100.20" } })).status, 200);
    await visit(server, PRIMARY, `/${id}?adult=1`, { headers: { "x-forwarded-for": "198.51.100.21" } });
    await visit(server, PRIMARY, `/${id}?adult=1`, { headers: { "x-forwarded-for": "198.51.100.21" } });
    const body = await analyticsWhen(id, (b) => (b.adultConfirmation?.clicks ?? 0) >= 2);
    assert.equal(body.adultConfirmation.clicks, 2, "two visitors, one confirmation each");
    const gate = body.clicksByLink.find((c: { id: string }) => c.id === "adult-18plus-btn");
    assert.deepEqual([gate.totalClicks, gate.title, gate.url, gate.type], [2, "I am 18 or older", null, "adult-confirmation"]);
  });
});

// Instances of one deployment share the visitor limits only through Redis (and one database), so
// this part runs in the PostgreSQL + Redis pass of `npm test`.
if (usingRedis && usingPostgres) {
  describe("visitor limits across two instances (Redis)", () => {
    let first: HopServer;
    let second: HopServer;
    let key: string;
    before(async () => {
      first = await startServer({ env: { TRUST_PROXY: "true" } });
      second = await startServer({ shareWith: first });
      key = (await createAccount(first)).key;
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    test("a visitor's repeated press, an address's flood and its contact posts are counted once across both instances", async () => {
      const res = await api(first, "POST", "/v1/websites", { key, body: { websiteId: "w", templateId: "bento-grid", customSlug: "shared", data: { profile: { name: "Ada" }, links: LINKS } } });
      assert.equal(res.status, 201, res.text);
      for (let i = 0; i < 4; i += 1) await beacon(i % 2 ? second : first, { page: "shared", id: "blog" }, { ip: "198.51.100.30" });
      for (let i = 0; i < 70; i += 1) await beacon(i % 2 ? second : first, { page: "shared", id: "link-2" }, { ip: "198.51.100.31", userAgent: chromeUa(i) });
      const deadline = Date.now() + 10_000;
      let body;
      do body = (await api(first, "GET", "/v1/analytics/links/shared?timeframe=last_7_days", { key })).body;
      while (body.totalClicks < 61 && Date.now() < deadline);
      await new Promise((r) => setTimeout(r, 1_200));
      body = (await api(first, "GET", "/v1/analytics/links/shared?timeframe=last_7_days", { key })).body;
      assert.deepEqual(Object.fromEntries(body.clicksByLink.map((c: { id: string; totalClicks: number }) => [c.id, c.totalClicks])), { blog: 1, "link-2": 60 });

      const statuses = [];
      for (let i = 0; i < 6; i += 1) {
        const sent = await postForm(i % 2 ? second : first, PRIMARY, "/__hop/contact", { page: "shared", block: "join", email: `c${i}@example.com` }, { headers: { "x-forwarded-for": "198.51.100.32" } });
        statuses.push(sent.status);
      }
      assert.deepEqual(statuses, [303, 303, 303, 303, 303, 429]);
    });
  });
}
