import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { bioPageCsp, renderBioPage } from "../../lib/bio/render-page";
import { contentSecurityPolicy } from "../../lib/html/page";
import { createGeoCache, lookupIp } from "../../lib/geoip/lookup";
import { classifyUserAgent, createUaCache } from "../../lib/ua/classify";
import type { VisitLink } from "../../lib/visit/link-cache";
import { bioPageAnswer } from "../../lib/visit/rendered-pages";

// The per-hit caches of the visitor path: classified user agents and GeoIP places per address are
// bounded LRUs (a stream of new agents or addresses evicts the least recently used, never grows
// past the bound), and a bio page's kept HTML is today's render byte for byte but the nonce.

const agent = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0.${n}.0 Safari/537.36`;

describe("classified user agents", () => {
  test("at most the bound are kept, the least recently used evicted first", () => {
    const cache = createUaCache(3);
    const first = classifyUserAgent(agent(1), cache);
    classifyUserAgent(agent(2), cache);
    classifyUserAgent(agent(3), cache);
    assert.equal(classifyUserAgent(agent(1), cache), first, "a repeat is the kept answer");
    classifyUserAgent(agent(4), cache);
    assert.equal(cache.size, 3);
    assert.deepEqual([...cache.keys()].sort(), [agent(1), agent(3), agent(4)].sort(), "agent 2 was the least recently used");
    for (let n = 10; n < 1010; n += 1) classifyUserAgent(agent(n), cache);
    assert.equal(cache.size, 3, "a flood of new agents never grows it");
  });

  test("a kept answer is the same classification as a fresh one", () => {
    const cache = createUaCache(10);
    const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 354.0.0.29.90";
    assert.deepEqual(classifyUserAgent(ua, cache), classifyUserAgent(ua, createUaCache(10)));
    assert.equal(classifyUserAgent(ua, cache).inApp, "instagram");
  });
});

describe("GeoIP places per address", () => {
  test("at most the bound are kept, the least recently used evicted first, answers unchanged", () => {
    const cache = createGeoCache(2);
    assert.deepEqual(lookupIp("81.2.69.160", cache), { country: "GB", city: "Bracknell" });
    assert.equal(lookupIp("8.8.8.8", cache).country, "US");
    lookupIp("81.2.69.160", cache);
    lookupIp("2001:4860:4860::8888", cache);
    assert.deepEqual([...cache.keys()].sort(), ["2001:4860:4860::8888", "81.2.69.160"], "8.8.8.8 was the least recently used");
    assert.deepEqual(lookupIp("81.2.69.160", cache), { country: "GB", city: "Bracknell" });
  });
});

describe("kept bio page HTML", () => {
  const data = {
    profile: { name: "Ada <Lovelace>", bio: "Engines & notes", verified: true },
    links: [{ type: "simple", title: "Notes", url: "https://example.com/notes" }, { type: "contact", title: "Write to me" }],
    socials: [{ platform: "github", handle: "ada" }],
    settings: { adultMode: true },
    advanced: { googleTag: "G-ABC123" },
  };
  const link = (): VisitLink => ({
    id: "lnk_1", publicId: "ada", accountId: "acc_1", type: "website", domain: "hop.example", slug: "site/ada", isActive: true, destination: null, title: null,
    description: null, behavior: "conservative", geoRules: null, languageRules: null, seo: null, alternateBackUrl: null, templateId: "simple-stack-v2", data,
  });
  const variants = [
    { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null },
    { adultConfirmed: true, outboundViaBehavior: false, contactStatus: null },
    { adultConfirmed: false, outboundViaBehavior: true, contactStatus: "sent" as const },
  ];

  test("every variant is byte-identical to a fresh render with the same nonce, with its CSP", () => {
    const page = link();
    for (const variant of variants) {
      for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "ZmVkY2JhOTg3NjU0MzIxMA=="]) {
        const answer = bioPageAnswer(page, variant, "https://hop.example", "https://hop.example/site/ada", nonce);
        const fresh = renderBioPage({ publicId: "ada", url: "https://hop.example/site/ada", templateId: "simple-stack-v2", data, nonce, brandingUrl: "https://hop.example", ...variant });
        assert.equal(answer.body.toString(), fresh, JSON.stringify(variant));
        assert.equal(answer.headers["content-security-policy"], contentSecurityPolicy(nonce, bioPageCsp(data)));
        assert.equal(answer.headers["content-length"], String(Buffer.byteLength(fresh)));
      }
    }
    const gated = bioPageAnswer(page, variants[0], "https://hop.example", "u", "AAAAAAAAAAAAAAAAAAAAAA==").body.toString();
    const confirmed = bioPageAnswer(page, variants[1], "https://hop.example", "u", "AAAAAAAAAAAAAAAAAAAAAA==").body.toString();
    assert.ok(gated.includes('id="hop-gate"') && !confirmed.includes('id="hop-gate"'), "the 18+ gate state is its own variant");
  });

  test("a changed page (a new link object from the link cache) is rendered afresh", () => {
    const before = link();
    const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
    assert.ok(bioPageAnswer(before, variants[0], "https://hop.example", "u", nonce).body.toString().includes("Ada &lt;Lovelace&gt;"));
    const after = { ...link(), data: { ...data, profile: { name: "Grace" } } };
    const body = bioPageAnswer(after, variants[0], "https://hop.example", "u", nonce).body.toString();
    assert.ok(body.includes("Grace") && !body.includes("Lovelace"));
  });
});

describe("the kept 404 page", () => {
  test("is the page and headers htmlResponse makes, byte for byte, with each response's nonce", async () => {
    const { notFoundResponse, htmlResponse } = await import("../../lib/visit/respond");
    const { NOT_FOUND_HTML_PARTS } = await import("../../lib/visit/pages");
    for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "ZmVkY2JhOTg3NjU0MzIxMA=="]) {
      const kept = notFoundResponse(nonce);
      const fresh = htmlResponse(404, { nonce, html: NOT_FOUND_HTML_PARTS.join(nonce) });
      assert.equal(kept.body.toString(), fresh.body);
      assert.equal(kept.headers["content-length"], String(Buffer.byteLength(fresh.body)));
      assert.deepEqual({ ...kept.headers, "content-length": undefined }, { ...fresh.headers, "content-length": undefined });
      assert.equal(kept.status, 404);
    }
  });
});

describe("the lookup lane", () => {
  test("at most `max` database lookups at once; the rest wait and run in arrival order", async () => {
    const { LookupLane } = await import("../../lib/visit/link-cache");
    const lane = new LookupLane(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const jobs = [0, 1, 2, 3, 4].map((i) =>
      lane.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, [0, 1]);
    assert.equal(lane.waiting, 3);
    while (started.length < 5 || releases.length) {
      releases.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    assert.deepEqual(await Promise.all(jobs), [0, 1, 2, 3, 4]);
    assert.deepEqual(started, [0, 1, 2, 3, 4]);
    assert.equal(most, 2);
    assert.equal(lane.waiting, 0);
  });
});
