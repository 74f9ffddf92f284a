import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderBioPage } from "../../lib/bio/render-page";
import { CREATE_TEMPLATES, LEGACY_TEMPLATES } from "../../lib/websites/designs";

const ALL = [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES];
const render = (templateId: string, data: unknown, extra: Partial<Parameters<typeof renderBioPage>[0]> = {}) =>
  renderBioPage({ publicId: "page", url: "https://hop.example/page", templateId, data, nonce: "N0NCE", adultConfirmed: false, brandingUrl: "https://hop.example", ...extra });

const tenLinks = Array.from({ length: 10 }, (_, i) => ({ type: i === 0 ? "featured" : "simple", title: `Link number ${i + 1}`, subtitle: "More", url: `https://example.com/${i + 1}` }));
const sample = {
  profile: { name: "Grace Hopper", bio: "Compilers, COBOL and nanoseconds", verified: true },
  links: [{ type: "header", title: "Work" }, ...tenLinks, { type: "divider" }, { type: "text", text: "Thanks for visiting" }, { type: "media", platform: "YouTube", title: "Talk", url: "https://youtube.com/watch?v=1" }],
  socials: [{ platform: "github", handle: "grace" }, { platform: "x", url: "https://x.com/grace" }],
  advanced: { pageTitle: "Grace's links", metaDescription: "All of Grace's links" },
};

describe("bio page rendering", () => {
  test("all 29 designs render the profile and every link, each with its own look, under 30 KB", () => {
    assert.equal(ALL.length, 29);
    const styles = new Set<string>();
    for (const id of ALL) {
      const html = render(id, sample);
      assert.ok(html.includes("<h1>Grace Hopper"), id);
      assert.ok(html.includes("Compilers, COBOL and nanoseconds"), id);
      for (let i = 1; i <= 10; i += 1) assert.ok(html.includes(`href="https://example.com/${i}"`), `${id} link ${i}`);
      assert.ok(html.includes('href="https://github.com/grace"') && html.includes('href="https://x.com/grace"'), `${id} socials`);
      assert.ok(html.includes('<meta property="og:title" content="Grace&#39;s links">'), `${id} open graph`);
      assert.ok(Buffer.byteLength(html) < 30_000, `${id}: ${Buffer.byteLength(html)} bytes`);
      styles.add(/<style nonce="N0NCE">([\s\S]*?)<\/style>/.exec(html)![1]);
    }
    assert.equal(styles.size, 29, "every design has its own CSS");
  });

  test("an XSS corpus in every text and URL field leaves no markup, no script and no javascript: link", () => {
    const evil = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "</style><script>alert(1)</script>", "red;}</style><script>alert(1)</script>"];
    for (const payload of evil) {
      const data = {
        profile: { name: payload, bio: payload, avatar: payload },
        links: [
          { type: "simple", title: payload, subtitle: payload, url: payload, id: payload, colors: { background: payload, text: payload } },
          { type: "simple", title: "ok", url: `https://example.com/?q=${payload}` },
          { type: "header", title: payload },
          { type: "text", text: payload },
          { type: "media", platform: payload, title: payload, url: "vbscript:msgbox(1)" },
        ],
        socials: [{ platform: payload, url: payload }, { platform: "instagram", handle: payload }],
        advanced: { pageTitle: payload, metaDescription: payload, favicon: payload },
        background: { color: payload },
      };
      for (const id of ["neo-brutalist", "root-terminal", "bento-grid"]) {
        const html = render(id, data);
        assert.equal((html.match(/<script/g) ?? []).length, 1, `${id}: only our nonce'd script`);
        assert.ok(!/<img src=x/i.test(html), `${id}: injected tag`);
        if (/[<>"]/.test(payload)) assert.ok(!html.includes(payload), `${id}: the payload appears unescaped`);
        assert.ok(!/href="(javascript|data|vbscript):/i.test(html), `${id}: unsafe href`);
        assert.equal((html.match(/<\/style>/g) ?? []).length, 1, `${id}: style block closed once`);
      }
    }
  });

  test("the 18+ gate: shown when set, a tracked button that works without JavaScript, gone once confirmed", () => {
    const gated = { ...sample, settings: { adultMode: true } };
    const html = render("music-onyx", gated);
    assert.match(html, /<a class="btn" id="adult-18plus-btn" href="\?adult=1" data-hop-id="adult-18plus-btn"[^>]*data-hop-type="adult-confirmation"/);
    assert.ok(!render("music-onyx", gated, { adultConfirmed: true }).includes('id="hop-gate"'));
    assert.ok(!render("music-onyx", sample).includes('id="hop-gate"'));
  });

  test("branding is shown unless hidden; verified badge only when set", () => {
    assert.ok(render("simple-stack-v2", sample).includes("Made with"));
    assert.ok(!render("simple-stack-v2", { ...sample, hideBranding: true }).includes("Made with"));
    assert.ok(render("simple-stack-v2", sample).includes('title="Verified"'));
    assert.ok(!render("simple-stack-v2", { profile: { name: "x" } }).includes('title="Verified"'));
  });
});
