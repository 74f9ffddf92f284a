import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { person } from "../helpers/dashboard-routes";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit, visitBytes } from "../helpers/visit";

// Issue 36, "make it yours": a page-wide font from Hop's own set (one file, from the page's own
// host, preloaded, cached for a year) and the buttons' style and corner radius — through the API's
// data and the editor's model alike.

describe("a page's own font and buttons", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer();
    account = await createAccount(server);
  });
  after(() => server.stop());

  const publish = (slug: string, theme: unknown) =>
    api(server, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: slug, templateId: "simple-stack-v2", customSlug: slug, data: { profile: { name: "Fonts" }, links: [{ type: "simple", title: "Shop", url: "https://shop.example/" }], theme } },
    });

  test("theme.font: one preloaded woff2 from /__hop/font, cached for a year; a wrong or stale address is 404", async () => {
    assert.equal((await publish("font-page", { font: "lora", buttons: { style: "soft-shadow", radius: 6 } })).status, 201);
    const page = await visit(server, PRIMARY, "/font-page");
    assert.equal(page.status, 200);
    const urls = [...page.body.matchAll(/\/__hop\/font\/[a-z-]+-[0-9a-f]{10}\.woff2/g)].map((m) => m[0]);
    assert.equal(new Set(urls).size, 1, "one font file, named once in the preload and once in @font-face");
    const [url] = urls;
    assert.match(url, /^\/__hop\/font\/lora-/);
    assert.match(page.body, new RegExp(`<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`));
    assert.match(page.body, /font-display:optional/);
    assert.match(page.body, /font-family:"Lora Variable",Georgia/);
    assert.match(String(page.headers["content-security-policy"]), /font-src 'self'/);
    // The buttons: the owner's style and radius after the design's rules.
    assert.match(page.body, /\.links \.btn\{background:var\(--s\);color:var\(--t\);border:0;box-shadow:0 6px 18px/);
    assert.match(page.body, /\.links \.btn,\.contact button\{border-radius:6px\}/);

    const font = await visitBytes(server, PRIMARY, url);
    assert.equal(font.status, 200);
    assert.equal(font.headers["content-type"], "font/woff2");
    assert.equal(font.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(font.body.subarray(0, 4).toString("latin1"), "wOF2");
    assert.ok(font.body.length > 10_000 && font.body.length < 200_000, `${font.body.length} bytes`);
    for (const wrong of [url.replace(/-[0-9a-f]{10}\./, "-0000000000."), "/__hop/font/comic-sans-0123456789.woff2", "/__hop/font/..%2f..%2fpackage.json", "/__hop/font/lora.woff2"]) {
      assert.equal((await visitBytes(server, PRIMARY, wrong)).status, 404, wrong);
    }
  });

  test("the design's own font sends no font; an unknown font or button style in the data is ignored", async () => {
    assert.equal((await publish("plain-page", { font: "comic-sans", buttons: { style: "wobbly", radius: 500 } })).status, 201);
    const page = await visit(server, PRIMARY, "/plain-page");
    assert.doesNotMatch(page.body, /__hop\/font|@font-face/);
    assert.doesNotMatch(page.body, /wobbly|border-radius:500px/);
  });

  test("the editor's model: theme.font and theme.buttons are checked and reach the page", async () => {
    const bad = await api(server, "POST", "/v1/websites/drafts", { key: account.key, body: { templateId: "simple-stack-v2", semantic: { profile: { name: "Draft" }, theme: { font: "comic-sans", buttons: { radius: 40 } } } } });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.text, /theme\.font|theme\.buttons\.radius/);
    const good = await api(server, "POST", "/v1/websites/drafts", { key: account.key, body: { templateId: "simple-stack-v2", semantic: { profile: { name: "Draft" }, theme: { font: "space-grotesk", buttons: { style: "outline", radius: 0 } } } } });
    assert.equal(good.status, 201, good.text);
  });

  test("colours kept under AA on purpose: the page's analytics page says which, and nothing says so otherwise", async () => {
    const owner = await person(server);
    const low = { background: { type: "solid", solid: "#ffffff" }, page: { textColor: "#bbbbbb" } };
    for (const [slug, keep] of [["kept-low", true], ["fixed-low", false]] as const) {
      const res = await api(server, "POST", "/v1/websites", { key: owner.key, body: { websiteId: slug, templateId: "simple-stack-v2", customSlug: slug, data: { profile: { name: slug }, theme: { ...low, page: { ...low.page, keepLowContrast: keep } } } } });
      assert.equal(res.status, 201, res.text);
      const page = await fetch(`${server.url}/analytics/link?id=${slug}`, { headers: { cookie: owner.cookie } });
      const html = await page.text();
      assert.equal(page.status, 200);
      if (keep) {
        assert.match(html, /This page keeps colours that are hard to read/);
        assert.match(html, /text on the background 1\.\d+:1/);
      } else {
        assert.doesNotMatch(html, /hard to read/, "corrected colours need no warning");
        const live = await visit(server, PRIMARY, `/${slug}`);
        assert.doesNotMatch(live.body, /--t:#bbbbbb/, "the live page draws the nearest passing colour");
      }
    }
  });
});
