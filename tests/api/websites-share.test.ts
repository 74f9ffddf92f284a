import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { visit, visitBytes } from "../helpers/visit";
import sharp from "sharp";

// A live page's canonical address and Open Graph address are the page's own, on the host it is
// served on (here a system domain; a custom domain's page the same way, shortUrlOf), and its
// https avatar is the tab's icon and the card's picture.

const SYSTEM = "share.hop.test";

describe("a page's canonical address and shared pictures", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  });
  after(() => server.stop());

  test("on a system domain the page names its own host; its avatar is icon and card", async () => {
    const { key } = await createAccount(server);
    const res = await api(server, "POST", "/v1/websites", {
      key,
      body: { websiteId: "shop", templateId: "bonbon-card", useSystemDomain: true, systemDomain: SYSTEM, customSlug: "shop", data: { profile: { name: "Shop" }, avatar: { type: "image", value: "https://cdn.example/me.png" } } },
    });
    assert.equal(res.status, 201, res.text);
    const page = await visit(server, `${SYSTEM}`, "/shop");
    assert.equal(page.status, 200);
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    assert.match(head, /<link rel="canonical" href="https?:\/\/share\.hop\.test\/shop">/);
    assert.match(head, /<meta property="og:url" content="https?:\/\/share\.hop\.test\/shop">/);
    assert.match(head, /<link rel="icon" href="https:\/\/cdn\.example\/me\.png">/);

    // The generated social card, on the page's own host.
    const card = /<meta property="og:image" content="https?:\/\/share\.hop\.test(\/__hop\/card\/[^"]+\.png)">/.exec(head)?.[1];
    assert.ok(card, head);
    const first = await visitBytes(server, SYSTEM, card);
    assert.equal(first.status, 200);
    assert.equal(first.headers["content-type"], "image/png");
    assert.equal(first.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.deepEqual(await sharp(first.body).metadata().then((m) => [m.format, m.width, m.height]), ["png", 1200, 630]);
    // From the cache: the same bytes; the time is printed for docs/websites.md, not asserted (a shared machine).
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const again = await visitBytes(server, SYSTEM, card);
      times.push(performance.now() - started);
      assert.ok(again.body.equals(first.body));
    }
    console.log(`social card from the cache: ${times.map((t) => t.toFixed(1)).join(", ")} ms`);
    assert.equal((await visitBytes(server, SYSTEM, card, { "if-none-match": String(first.headers.etag) })).status, 304);
    assert.equal((await visitBytes(server, "localhost:3000", card)).status, 404, "another host");
    assert.equal((await visitBytes(server, SYSTEM, "/__hop/card/lnk_nope-0123456789abcdef0123.png")).status, 404);
    // An older address of the card gets today's card, briefly cached.
    const old = await visitBytes(server, SYSTEM, card.replace(/-[a-f0-9]{20}\.png$/, "-0123456789abcdef0123.png"));
    assert.equal(old.status, 200);
    assert.equal(old.headers["cache-control"], "public, max-age=300");
    // The card's page is kept in memory (lib/images/card-pages.ts): switched off, it is gone at once.
    const pageId = encodeURIComponent(`https://${SYSTEM}/shop`);
    const off = await api(server, "PATCH", `/v1/links/${pageId}/status`, { key, body: { setActive: false } });
    assert.equal(off.status, 200, off.text);
    assert.equal((await visitBytes(server, SYSTEM, card)).status, 404, "the switched-off page's card");
    assert.equal((await api(server, "PATCH", `/v1/links/${pageId}/status`, { key, body: { setActive: true } })).status, 200);
    assert.equal((await visitBytes(server, SYSTEM, card)).status, 200, "back on");
  });
});
