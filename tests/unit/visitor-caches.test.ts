import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { renderWebsitePage } from "../../lib/bio/render-page";
import { createGeoCache, lookupIp } from "../../lib/geoip/lookup";
import { classifyUserAgent, createUaCache } from "../../lib/ua/classify";
import type { VisitLink } from "../../lib/visit/link-cache";
import { websitePageAnswer } from "../../lib/visit/rendered-pages";
import { cardPath } from "../../lib/bio/social-card";

// The per-hit caches of the visitor path: classified user agents and GeoIP places per address are
// bounded LRUs (a stream of new agents or addresses evicts the least recently used, never grows
// past the bound); a bio page's and the 404's kept responses are the page as rendered per response
// but for the nonce attributes, with a CSP whose hashes are those of the page's inline elements.

/** The CSP sources of every inline <style> and <script> (not those with src) in `html`, hashed here. */
function inlineSources(html: string): { style: string[]; script: string[] } {
  const hash = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
  return {
    style: [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1])),
    script: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => hash(m[1])),
  };
}

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!.split(" ").slice(1);
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

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
    expiresAt: null, expiredUrl: null, startsAt: null, maxClicks: null, passwordHash: null, ios: null, android: null, variants: null,
  });
  const variants = [
    { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null },
    { adultConfirmed: true, outboundViaBehavior: false, contactStatus: null },
    { adultConfirmed: false, outboundViaBehavior: true, contactStatus: "sent" as const },
  ];

  test("every variant is the per-response render but for the nonces, its CSP listing its inline elements' hashes", () => {
    const page = link();
    for (const variant of variants) {
      const answer = websitePageAnswer(page, variant, "https://hop.example", "https://hop.example/site/ada");
      const body = answer.body.toString();
      const fresh = renderWebsitePage({ publicId: "ada", url: "https://hop.example/site/ada", templateId: "simple-stack-v2", data, nonce: "AAAAAAAAAAAAAAAAAAAAAA==", brandingUrl: "https://hop.example", cardPath: cardPath(page.id, "simple-stack-v2", data), ...variant });
      assert.equal(body, withoutNonces(fresh), JSON.stringify(variant));
      assert.doesNotMatch(body, /nonce/);
      const csp = answer.headers["content-security-policy"];
      const inline = inlineSources(body);
      assert.ok(inline.style.length === 1 && inline.script.length >= 2, "the style, the Google tag's inline part and the beacon");
      assert.deepEqual(directive(csp, "style-src"), inline.style);
      assert.deepEqual(directive(csp, "script-src"), [...inline.script, "https://www.googletagmanager.com"]);
      assert.match(body, /<script async src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-ABC123"><\/script>/, "the external tag, allowed by its host");
      assert.match(csp, /form-action 'self'/, "the contact block posts to the page's host");
      assert.equal(answer.headers["content-length"], String(answer.body.length));
      const again = websitePageAnswer(page, variant, "https://hop.example", "https://hop.example/site/ada");
      assert.ok(again.body === answer.body && again.headers === answer.headers, "every response is the kept bytes and headers, not a copy");
    }
    const gated = websitePageAnswer(page, variants[0], "https://hop.example", "u").body.toString();
    const confirmed = websitePageAnswer(page, variants[1], "https://hop.example", "u").body.toString();
    assert.ok(gated.includes('id="hop-gate"') && !confirmed.includes('id="hop-gate"'), "the 18+ gate state is its own variant");
  });

  test("a page's hashes change with its script: a changed page id is a new beacon hash", () => {
    const a = websitePageAnswer(link(), variants[0], "https://hop.example", "u").headers["content-security-policy"];
    const b = websitePageAnswer({ ...link(), publicId: "grace" }, variants[0], "https://hop.example", "u").headers["content-security-policy"];
    assert.notDeepEqual(directive(a, "script-src"), directive(b, "script-src"));
    assert.deepEqual(directive(a, "style-src"), directive(b, "style-src"));
  });

  test("a changed page (a new link object from the link cache) is rendered afresh", () => {
    const before = link();
    assert.ok(websitePageAnswer(before, variants[0], "https://hop.example", "u").body.toString().includes("Ada &lt;Lovelace&gt;"));
    const after = { ...link(), data: { ...data, profile: { name: "Grace" } } };
    const body = websitePageAnswer(after, variants[0], "https://hop.example", "u").body.toString();
    assert.ok(body.includes("Grace") && !body.includes("Lovelace"));
    assert.equal(brotliDecompressSync(websitePageAnswer(before, variants[0], "https://hop.example", "u", "br").body).toString(), websitePageAnswer(before, variants[0], "https://hop.example", "u").body.toString());
    assert.equal(brotliDecompressSync(websitePageAnswer(after, variants[0], "https://hop.example", "u", "br").body).toString(), body, "compressed from the new page");
    const gzip = websitePageAnswer(after, variants[0], "https://hop.example", "u", "gzip");
    assert.equal(gunzipSync(gzip.body).toString(), body);
    assert.ok(websitePageAnswer(after, variants[0], "https://hop.example", "u", "gzip").body === gzip.body, "compressed once, then kept");
  });
});

describe("the kept 404 page", () => {
  test("is the page htmlResponse makes but for the nonce, its style allowed by hash, the same bytes every time", async () => {
    const { notFoundResponse, htmlResponse } = await import("../../lib/visit/respond");
    const kept = notFoundResponse();
    const body = kept.body.toString();
    assert.equal(kept.status, 404);
    assert.match(body, /This link does not exist/);
    assert.doesNotMatch(body, /nonce/);
    const fresh = htmlResponse(404, { nonce: "AAAAAAAAAAAAAAAAAAAAAA==", html: body.replace("<style>", '<style nonce="AAAAAAAAAAAAAAAAAAAAAA==">') });
    assert.deepEqual(Object.keys(kept.headers), [...Object.keys(fresh.headers), "content-length"], "the same headers in the same order");
    const csp = kept.headers["content-security-policy"];
    assert.deepEqual(directive(csp, "style-src"), inlineSources(body).style);
    assert.deepEqual(directive(csp, "script-src"), ["'none'"], "no script on the page, none allowed");
    assert.equal(csp.replace(/style-src [^;]+; script-src 'none'/, ""), fresh.headers["content-security-policy"].replace(/style-src [^;]+; script-src [^;]+/, ""));
    assert.equal(kept.headers["content-length"], String(kept.body.length));
    assert.ok(notFoundResponse().body === kept.body, "no copy per response");
  });
});

describe("kept escape pages", () => {
  const options = { destination: "https://shop.example.com/item?id=7&a=<b>", app: "instagram" as const, platform: "android", attempt: true, alternateBackUrl: "https://shop.example.com/help" };

  test("the page as rendered per response but for the nonce, its hand-off script allowed by hash, kept", async () => {
    const { escapePageResponse, createEscapePageCache } = await import("../../lib/visit/escape-pages");
    const { escapePageHtml } = await import("../../lib/visit/pages");
    const cache = createEscapePageCache(10);
    const kept = escapePageResponse(options, cache);
    const body = kept.body.toString();
    assert.equal(body, withoutNonces(escapePageHtml(options, { nonce: "AAAAAAAAAAAAAAAAAAAAAA==" })));
    assert.match(body, /intent:\/\/shop\.example\.com\/item\?id=7&amp;a=%3Cb%3E#Intent/);
    const inline = inlineSources(body);
    assert.equal(inline.script.length, 1, "the hand-off script");
    assert.deepEqual(directive(kept.headers["content-security-policy"], "script-src"), inline.script);
    assert.deepEqual(directive(kept.headers["content-security-policy"], "style-src"), inline.style);
    assert.equal(kept.headers["content-length"], String(kept.body.length));
    assert.ok(escapePageResponse({ ...options }, cache).body === kept.body, "the same options: the kept bytes");
    const calm = escapePageResponse({ ...options, attempt: false }, cache);
    assert.doesNotMatch(calm.body.toString(), /<script/);
    assert.deepEqual(directive(calm.headers["content-security-policy"], "script-src"), ["'none'"]);
  });

  test("at most the bound are kept, the least recently used evicted first", async () => {
    const { escapePageResponse, createEscapePageCache } = await import("../../lib/visit/escape-pages");
    const cache = createEscapePageCache(3);
    const at = (n: number) => ({ ...options, destination: `https://shop.example.com/${n}` });
    const first = escapePageResponse(at(1), cache);
    escapePageResponse(at(2), cache);
    escapePageResponse(at(3), cache);
    assert.ok(escapePageResponse(at(1), cache).body === first.body);
    escapePageResponse(at(4), cache);
    assert.equal(cache.size, 3);
    assert.ok(![...cache.keys()].some((key) => key.startsWith("https://shop.example.com/2\u0000")), "page 2 was the least recently used");
    for (let n = 10; n < 500; n += 1) escapePageResponse(at(n), cache);
    assert.equal(cache.size, 3, "a stream of new destinations never grows it");
  });
});
