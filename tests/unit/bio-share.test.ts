import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderWebsitePage } from "../../lib/bio/render-page";
import { cardHash, cardInputs, cardPath, cardSvg, servedCardFile } from "../../lib/bio/social-card";

// What a page tells browsers and link previews about itself: its canonical address (a custom
// domain's own host), the tab's icon and the social card's picture from the avatar.

const KEY = "a".repeat(40);
const render = (data: unknown, url = "https://links.shop.example/", card?: string) =>
  renderWebsitePage({ publicId: "p", url, templateId: "minimal-card", data, nonce: "N0NCE", adultConfirmed: false, brandingUrl: "https://hop.example", cardPath: card });
const head = (html: string) => html.slice(0, html.indexOf("</head>"));

describe("sharing a page", () => {
  test("the canonical address is the page's own, on its own host; the editor's preview (no address) has none", () => {
    assert.match(head(render({ profile: { name: "Shop" } })), /<link rel="canonical" href="https:\/\/links\.shop\.example\/">/);
    assert.match(head(render({ profile: { name: "Shop" } }, "https://hop.example/shop")), /<link rel="canonical" href="https:\/\/hop\.example\/shop">/);
    assert.doesNotMatch(render({ profile: { name: "Shop" } }, ""), /rel="canonical"/);
  });

  test("without a generated card (the preview), an uploaded avatar is the tab's icon (160 px, from the page's host) and the card's picture (absolute, on the page's host)", () => {
    const html = head(render({ profile: { name: "Shop" }, avatar: { type: "image", value: `/__hop/img/${KEY}.webp` } }));
    assert.match(html, new RegExp(`<link rel="icon" href="/__hop/img/${KEY}-160\\.webp">`));
    assert.match(html, new RegExp(`<meta property="og:image" content="https://links\\.shop\\.example/__hop/img/${KEY}\\.webp">`));
  });

  test("an https avatar is used as it is; the owner's own favicon and card picture win; a letter avatar gives neither", () => {
    const https = head(render({ profile: { name: "Shop" }, avatar: { type: "image", value: "https://cdn.example/me.png" } }));
    assert.match(https, /<link rel="icon" href="https:\/\/cdn\.example\/me\.png">/);
    assert.match(https, /<meta property="og:image" content="https:\/\/cdn\.example\/me\.png">/);
    const own = head(render({ profile: { name: "Shop" }, avatar: { type: "image", value: `/__hop/img/${KEY}.webp` }, advanced: { favicon: "https://cdn.example/f.png", ogImage: "https://cdn.example/card.png" } }));
    assert.match(own, /<link rel="icon" href="https:\/\/cdn\.example\/f\.png">/);
    assert.match(own, /<meta property="og:image" content="https:\/\/cdn\.example\/card\.png">/);
    const letter = head(render({ profile: { name: "Shop" }, avatar: { type: "letter", value: "S" } }));
    assert.doesNotMatch(letter, /rel="icon"|og:image/);
  });

  test("a published page's card is its generated one, absolute on its host, unless the owner set a picture", () => {
    const data = { profile: { name: "Shop" }, avatar: { type: "image", value: `/__hop/img/${KEY}.webp` } };
    const path = cardPath("lnk_abc", "minimal-card", data);
    assert.match(path, /^\/__hop\/card\/lnk_abc-[a-f0-9]{20}\.png$/);
    assert.deepEqual(servedCardFile(path.slice("/__hop/card/".length)), { linkId: "lnk_abc", hash: path.slice(-24, -4) });
    const html = head(render(data, "https://links.shop.example/", path));
    assert.ok(html.includes(`<meta property="og:image" content="https://links.shop.example${path}">`));
    assert.match(html, /twitter:card" content="summary_large_image"/);
    assert.match(head(render({ ...data, advanced: { ogImage: "https://cdn.example/card.png" } }, "https://links.shop.example/", path)), /og:image" content="https:\/\/cdn\.example\/card\.png"/);
    const uploaded = `/__hop/img/${"b".repeat(40)}.webp`;
    assert.ok(head(render({ ...data, advanced: { ogImage: uploaded } }, "https://links.shop.example/", path)).includes(`<meta property="og:image" content="https://links.shop.example${uploaded}">`), "the owner's upload, on the page's host");
  });

  test("the card's address changes with what it shows, and only then", () => {
    const base = { profile: { name: "Shop", bio: "Not on the card" } };
    const hash = (templateId: string, data: unknown) => cardHash(cardInputs(templateId, data));
    assert.equal(hash("minimal-card", base), hash("minimal-card", { ...base, profile: { ...base.profile, bio: "Changed" } }));
    assert.notEqual(hash("minimal-card", base), hash("minimal-card", { profile: { name: "Shop 2" } }));
    assert.notEqual(hash("minimal-card", base), hash("y2k-card", base));
    assert.notEqual(hash("minimal-card", base), hash("minimal-card", { ...base, theme: { page: { buttonColor: "#123456" } } }));
  });

  test("the card's SVG escapes the owner's text and keeps a long name on the card", () => {
    const svg = cardSvg(cardInputs("y2k-card", { profile: { name: `<script>"&'${"W".repeat(80)}`, handle: "@shop" } }));
    assert.doesNotMatch(svg, /<script>/);
    assert.match(svg, /&#60;script&#62;&#34;&#38;&#39;W+<\/tspan>/);
    assert.match(svg, /W+…<\/tspan><\/text>/, "two lines at most, the rest cut");
    assert.match(svg, /<linearGradient/, "the design's gradient");
  });

  test("an avatar address that is not https or our own never reaches the head", () => {
    const html = head(render({ profile: { name: "x", avatar: "javascript:alert(1)" }, avatar: { type: "image", value: "http://plain.example/a.png" } }));
    assert.doesNotMatch(html, /rel="icon"|og:image|javascript/);
  });
});
