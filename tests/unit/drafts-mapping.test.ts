import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderWebsitePage } from "../../lib/bio/render-page";
import { parseSemantic } from "../../lib/drafts/draft-input";
import type { SemanticModel } from "../../lib/drafts/semantic";
import { designDefaults, semanticToData } from "../../lib/drafts/semantic-to-data";
import { DRAFT_TEMPLATES } from "../../lib/websites/designs";
import { PageData } from "../../lib/websites/page-data";
import { FULL_SEMANTIC } from "../helpers/semantic";

// The one mapping from a draft's `semantic` model to the website `data` the renderer draws, member
// by member, on models checked by the same schema as the API (so normalisation is part of it).

const model = (semantic: unknown): SemanticModel => parseSemantic(semantic).model;
const map = (semantic: unknown, templateId = "simple-stack-v2") => semanticToData(model(semantic), templateId);
const firstBlock = (semantic: unknown) => (map(semantic).links as Array<Record<string, unknown>>)[0];
const render = (templateId: string, data: unknown) =>
  renderWebsitePage({ publicId: "draft", url: "https://hop.example/draft", templateId, data, nonce: "N0NCE", adultConfirmed: false, brandingUrl: "https://hop.example" });

describe("semantic → website data", () => {
  test("an empty model gets the design's defaults", () => {
    assert.deepEqual(map({}), {
      background: { type: "design" },
      socialsAppearance: { position: "top", style: "icons" },
      settings: { deepLinkBehavior: "conservative" },
      profile: { name: "" },
      links: [],
      socials: [],
      advanced: {},
    });
    assert.deepEqual(map({}, "spotlight-card-v2").spotlight, { enabled: false, text: "", durationMinutes: 60 }, "the spotlight design's own field");
    assert.equal(map({}, "bento-grid").spotlight, undefined);
    for (const templateId of DRAFT_TEMPLATES) assert.deepEqual(map({}, templateId), { ...designDefaults(templateId), profile: { name: "" }, links: [], socials: [], advanced: {} });
  });

  test("profile: name, handle and bio; empty members left out", () => {
    assert.deepEqual(map({ profile: { name: "Ada", handle: "@ada", bio: "Engines" } }).profile, { name: "Ada", handle: "@ada", bio: "Engines" });
    assert.deepEqual(map({ profile: { name: "Ada", handle: "", bio: null } }).profile, { name: "Ada" });
  });

  test("avatar: letter, emoji and https image become the page's avatar", () => {
    assert.deepEqual(map({ avatar: { type: "letter", value: "A" } }).avatar, { type: "letter", value: "A" });
    assert.deepEqual(map({ avatar: { type: "emoji", value: " 🦊 " } }).avatar, { type: "emoji", value: "🦊" });
    assert.deepEqual(map({ avatar: { type: "image", value: "https://img.example/a.png" } }).avatar, { type: "image", value: "https://img.example/a.png" });
    assert.equal(map({}).avatar, undefined);
    assert.ok(render("simple-stack-v2", map({ avatar: { type: "image", value: "https://img.example/a.png" } })).includes('<img class="avatar" src="https://img.example/a.png"'));
  });

  test("links: every block type in order, with subtitle, text, style, colours, animation and a media block's platform", () => {
    const links = map(FULL_SEMANTIC).links as Array<Record<string, unknown>>;
    assert.deepEqual(links.map((l) => l.type), ["header", "featured", "simple", "text", "divider", "media", "simple", "simple"]);
    assert.deepEqual(links[1], {
      type: "featured", title: "The Engine", subtitle: "Notes on the analytical engine", url: "https://ada.example/engine",
      style: "pill", colors: { background: "#123456", text: "white" }, animation: "pulse",
    });
    assert.deepEqual(links[0], { type: "header", title: "Work" });
    assert.equal(firstBlock({ links: [{ id: "launch", type: "simple" }] }).id, "launch", "a block's id is its tracking id");
    assert.equal(links[2].animation, undefined, "animation none is no animation");
    assert.equal(links[3].text, "Poetical science since 1843.");
    assert.equal(links[5].platform, "youtube");
    assert.equal(firstBlock({ links: [{ type: "simple", platform: "youtube", url: "https://a.example" }] }).platform, undefined, "platform only for media blocks");
    assert.equal(firstBlock({ links: [{ url: "https://a.example" }] }).type, "simple", "the default type");
    assert.deepEqual(firstBlock({ links: [{ colors: { background: "#fff" } }] }).colors, { background: "#fff" });
  });

  test("links: hidden blocks stay in the draft and out of the page", () => {
    const semantic = model(FULL_SEMANTIC);
    assert.equal(semantic.links!.length, 9);
    const links = semanticToData(semantic, "simple-stack-v2").links as Array<Record<string, unknown>>;
    assert.ok(!links.some((l) => l.title === "Hidden draft link"));
    assert.ok(!render("simple-stack-v2", semanticToData(semantic, "simple-stack-v2")).includes("ada.example/secret"));
  });

  test("links: URLs normalised like other destinations (trimmed; http(s), mailto and tel only)", () => {
    const links = map({ links: [{ url: "  https://ada.example/x  " }, { url: "mailto:ada@example.com" }, { url: "tel:+1 555 0100" }, { url: "" }, { url: null }] }).links as Array<Record<string, unknown>>;
    assert.deepEqual(links.map((l) => l.url), ["https://ada.example/x", "mailto:ada@example.com", "tel:+1 555 0100", undefined, undefined]);
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://a.example", "//a.example", "a.example", "https://"]) {
      assert.throws(() => model({ links: [{ url }] }), (e: { body?: { field?: string } }) => e.body?.field === "semantic.links[0].url", url);
    }
  });

  test("socials: a handle stays a handle, a profile URL becomes url", () => {
    assert.deepEqual(map(FULL_SEMANTIC).socials, [
      { platform: "github", handle: "ada" },
      { platform: "x", handle: "@ada_l" },
      { platform: "mastodon", url: "https://mastodon.social/@ada" },
    ]);
    assert.deepEqual(map({ socials: [{ platform: "x", url: " https://x.com/ada " }] }).socials, [{ platform: "x", url: "https://x.com/ada" }]);
    const html = render("simple-stack-v2", map(FULL_SEMANTIC));
    assert.ok(html.includes('href="https://github.com/ada"') && html.includes('href="https://x.com/ada_l"') && html.includes('href="https://mastodon.social/@ada"'));
  });

  test("seo: pageTitle and metaDescription become advanced", () => {
    assert.deepEqual(map({ seo: { pageTitle: "T", metaDescription: "D" } }).advanced, { pageTitle: "T", metaDescription: "D" });
    assert.deepEqual(map({ seo: { pageTitle: "T" } }).advanced, { pageTitle: "T" });
    const html = render("simple-stack-v2", map(FULL_SEMANTIC));
    assert.ok(html.includes("<title>Ada&#39;s links</title>") && html.includes('content="Everything Ada makes"'));
  });

  test("seo.ogImage, the sharing picture: an uploaded or https picture becomes advanced.ogImage and the page's og:image; anything else is refused", () => {
    const uploaded = `/__hop/img/${"ab12".repeat(10)}.webp`;
    assert.deepEqual(map({ seo: { ogImage: uploaded } }).advanced, { ogImage: uploaded });
    assert.deepEqual(map({ seo: { ogImage: "https://cdn.example/share.png" } }).advanced, { ogImage: "https://cdn.example/share.png" });
    assert.deepEqual(map({ seo: { ogImage: "" } }).advanced, {}, "none: the generated card");
    const html = render("simple-stack-v2", map({ profile: { name: "Ada" }, seo: { ogImage: "https://cdn.example/share.png" } }));
    assert.match(html, /<meta property="og:image" content="https:\/\/cdn\.example\/share\.png">/);
    for (const bad of ["http://cdn.example/share.png", "javascript:alert(1)", "/__hop/img/../../etc.webp", "x".repeat(2001)]) {
      assert.throws(() => model({ seo: { ogImage: bad } }), /seo\.ogImage/, bad.slice(0, 40));
    }
  });

  test("theme.background: preset, gradient and solid become background; omitted keeps the design's", () => {
    assert.deepEqual(map({ theme: { background: { type: "preset", preset: "ocean" } } }).background, { type: "preset", preset: "ocean" });
    assert.deepEqual(map({ theme: { background: { type: "solid", solid: " #abcdef " } } }).background, { type: "solid", solid: "#abcdef" });
    assert.deepEqual(map(FULL_SEMANTIC).background, { type: "gradient", gradient: { colors: ["#ff7e5f", "#feb47b"], angle: 90 } });
    assert.deepEqual(map({ theme: { background: { type: "gradient", gradient: { from: "#000", to: "#fff" } } } }).background, { type: "gradient", gradient: { colors: ["#000", "#fff"] } });
    assert.deepEqual(map({}).background, { type: "design" });
    assert.ok(render("simple-stack-v2", map(FULL_SEMANTIC)).includes("--bg:linear-gradient(90deg,#ff7e5f,#feb47b)"));
    assert.ok(render("simple-stack-v2", map({ theme: { background: { type: "preset", preset: "ocean" } } })).includes("--bg:linear-gradient(135deg,#2193b0,#6dd5ed)"));
    assert.ok(render("simple-stack-v2", map({})).includes("--bg:#f7f7f8"), "the design's own background");
  });

  test("theme.page and theme.typography become theme, drawn over the design's colours", () => {
    assert.deepEqual(map(FULL_SEMANTIC).theme, {
      page: { cardColor: "#fffdf8", textColor: "#1f2937", buttonColor: "#0f766e", buttonTextColor: "#ffffff" },
      typography: { nameStyle: "serif", nameColor: "#111111", handleColor: "#555555", bioColor: "#333333" },
    });
    assert.equal(map({ theme: { page: {}, typography: {} } }).theme, undefined);
    const html = render("simple-stack-v2", map(FULL_SEMANTIC));
    assert.ok(html.includes("--s:#fffdf8;--t:#1f2937;") && html.includes("--a:#0f766e;--at:#ffffff;"), "page colours");
    assert.ok(html.includes("h1{font-family:Georgia") && html.includes("h1{color:#111111}") && html.includes(".handle{color:#555555}") && html.includes(".bio{color:#333333}"), "typography");
  });

  test("spotlight: only spotlight-card-v2 carries it", () => {
    assert.deepEqual(map(FULL_SEMANTIC, "spotlight-card-v2").spotlight, { enabled: true, text: "New talk on Friday", durationMinutes: 90 });
    assert.deepEqual(map({ spotlight: { enabled: true, text: "Hi" } }, "spotlight-card-v2").spotlight, { enabled: true, text: "Hi", durationMinutes: 60 });
    assert.equal(map(FULL_SEMANTIC, "y2k-card").spotlight, undefined);
    assert.ok(render("spotlight-card-v2", map(FULL_SEMANTIC, "spotlight-card-v2")).includes('<p class="spotlight" role="note">New talk on Friday</p>'));
  });

  test("deepLinkBehavior becomes settings.deepLinkBehavior", () => {
    assert.deepEqual(map(FULL_SEMANTIC).settings, { deepLinkBehavior: "aggressive" });
    assert.deepEqual(map({}).settings, { deepLinkBehavior: "conservative" });
  });

  test("the mapped data of a full model is valid website data and renders in every draft design", () => {
    for (const templateId of DRAFT_TEMPLATES) {
      const data = map(FULL_SEMANTIC, templateId);
      assert.ok(PageData.safeParse(data).success, `${templateId}: accepted by POST /v1/websites`);
      const html = render(templateId, data);
      assert.ok(html.startsWith("<!doctype html>") && html.includes(`data-design="${templateId}"`), templateId);
      assert.ok(html.includes("<h1>Ada Lovelace") && html.includes("@ada") && html.includes("Engines &amp; poems"), `${templateId} profile`);
      assert.ok(html.includes("🦊"), `${templateId} avatar`);
      for (const href of ["https://ada.example/engine", "https://ada.example/blog", "https://youtube.com/watch?v=1", "mailto:ada@example.com"]) {
        assert.ok(html.includes(`href="${href}"`), `${templateId} ${href}`);
      }
      assert.ok(html.indexOf("The Engine") < html.indexOf("Blog") && html.indexOf("Blog") < html.indexOf("Poetical science"), `${templateId} order`);
      assert.ok(!html.includes("Hidden draft link"), `${templateId} hidden`);
      assert.equal(html.includes('class="spotlight"'), templateId === "spotlight-card-v2", `${templateId} spotlight`);
    }
  });

  test("a contact-form block: its fields, button and thanks reach the page data, which PageData accepts and the renderer draws as a form", () => {
    const block = firstBlock({ links: [{ id: "join", type: "contact", title: "Get in touch", fields: ["name", "email", "phone"], buttonLabel: "Send it", successMessage: "Thanks!", url: "https://ignored.example" }] });
    assert.deepEqual(block, { id: "join", type: "contact", title: "Get in touch", fields: ["name", "email", "phone"], buttonLabel: "Send it", successMessage: "Thanks!" });
    const data = map({ links: [{ id: "join", type: "contact", fields: ["email", "message"] }] });
    assert.equal(PageData.safeParse(data).success, true);
    const html = render("simple-stack-v2", data);
    assert.match(html, /<form class="contact" id="join" method="post" action="\/__hop\/contact">/);
    assert.match(html, /name="message"/);
    assert.doesNotMatch(html, /name="phone"/);
    assert.throws(() => model({ links: [{ type: "contact", fields: ["fax"] }] }));
  });
});
