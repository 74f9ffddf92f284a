import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { websitePageCsp, renderWebsitePage } from "../../lib/bio/render-page";
import { contentSecurityPolicy } from "../../lib/html/page";
import { CREATE_TEMPLATES, LEGACY_TEMPLATES } from "../../lib/websites/designs";

const ALL = [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES];
const render = (templateId: string, data: unknown, extra: Partial<Parameters<typeof renderWebsitePage>[0]> = {}) =>
  renderWebsitePage({ publicId: "page", url: "https://hop.example/page", templateId, data, nonce: "N0NCE", adultConfirmed: false, brandingUrl: "https://hop.example", ...extra });

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
        profile: { name: payload, bio: payload, avatar: payload, handle: payload },
        avatar: { type: "emoji", value: payload },
        theme: { background: { type: "gradient", gradient: { from: payload, to: payload } }, typography: { nameStyle: payload, nameColor: payload } },
        spotlight: { enabled: true, text: payload },
        socialsAppearance: { style: "buttons", showFollowers: true },
        links: [
          { type: "simple", title: payload, subtitle: payload, url: payload, id: payload, colors: { background: payload, text: payload } },
          { type: "simple", title: "ok", url: `https://example.com/?q=${payload}` },
          { type: "header", title: payload },
          { type: "text", text: payload },
          { type: "media", platform: payload, title: payload, url: "vbscript:msgbox(1)" },
          { type: "media", platform: payload, title: payload, url: "https://example.com/m", style: payload, animation: payload },
          { type: "contact", id: payload, title: payload, subtitle: payload, buttonLabel: payload, fields: [payload, "email"] },
        ],
        socials: [{ platform: payload, url: payload }, { platform: "instagram", handle: payload }],
        advanced: { pageTitle: payload, metaDescription: payload, favicon: payload },
        background: { color: payload },
      };
      for (const id of ["neo-brutalist", "root-terminal", "bento-grid", "spotlight-card-v2"]) {
        const html = render(id, data);
        assert.equal((html.match(/<script/g) ?? []).length, 1, `${id}: only our nonce'd script`);
        assert.ok(!/<img src=x/i.test(html), `${id}: injected tag`);
        if (/[<>"]/.test(payload)) assert.ok(!html.includes(payload), `${id}: the payload appears unescaped`);
        assert.ok(!/href="(javascript|data|vbscript):/i.test(html), `${id}: unsafe href`);
        assert.equal((html.match(/<\/style>/g) ?? []).length, 1, `${id}: style block closed once`);
        assert.ok(!/\sstyle=/i.test(html), `${id}: no style attribute (the CSP would block it)`);
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
    assert.ok(render("simple-stack-v2", sample).includes('aria-label="Verified"'));
    assert.ok(!render("simple-stack-v2", { profile: { name: "x" } }).includes('aria-label="Verified"'));
  });

  test("socials are platform icons with an accessible name; a handle becomes the platform's profile URL", () => {
    const html = render("simple-stack-v2", { profile: { name: "A" }, socials: [{ platform: "instagram", handle: "@ada" }, { platform: "email", handle: "ada@example.com" }, { platform: "myspace", handle: "ada" }] });
    assert.match(html, /<a href="https:\/\/instagram.com\/ada" rel="noopener me" aria-label="Instagram" title="Instagram"><svg class="ico"/);
    assert.ok(html.includes('href="mailto:ada@example.com"'));
    assert.ok(!html.includes("myspace"), "an unknown platform with a bare handle has no address, so no link");
  });

  test("profile handle, avatar letter/emoji, theme background and typography colours", () => {
    const html = render("simple-stack-v2", {
      profile: { name: "Ada", handle: "@ada" },
      avatar: { type: "emoji", value: "🚀" },
      theme: { background: { type: "gradient", gradient: { from: "#ff0000", to: "#0000ff", angle: 90 } }, typography: { nameStyle: "serif", nameColor: "#123456", bioColor: "red" } },
    });
    assert.ok(html.includes('<p class="handle">@ada</p>'));
    assert.ok(html.includes('<span class="avatar" aria-hidden="true">🚀</span>'));
    assert.ok(html.includes("--bg:linear-gradient(90deg,#ff0000,#0000ff)"));
    assert.ok(html.includes("h1{color:#123456}") && html.includes(".bio{color:red}") && html.includes("h1{font-family:Georgia"));
    const preset = render("simple-stack-v2", { theme: { background: { type: "preset", preset: "ocean" } } });
    assert.ok(preset.includes("--bg:linear-gradient(135deg,#2193b0,#6dd5ed)"));
    const hostile = render("simple-stack-v2", { theme: { background: { type: "solid", solid: "red;}body{display:none" }, typography: { nameColor: "#000;}</style>" } } });
    assert.ok(!hostile.includes("display:none") && !hostile.includes("#000;}"), "only checked colours reach the CSS");
  });

  test("a button's own colours are rules of the nonce'd style block, never a style attribute", () => {
    const links = [
      { type: "simple", title: "Red", url: "https://a.example", colors: { background: "#ff0000", text: "rgb(255, 255, 0)" } },
      { type: "simple", title: "Plain", url: "https://b.example" },
      { type: "simple", title: "Text only", url: "https://c.example", colors: { text: "navy" } },
      { type: "simple", title: "Hostile", url: "https://d.example", colors: { background: "red;}body{display:none", text: "#000}</style><script>alert(1)</script>" } },
    ];
    for (const id of ALL) {
      const html = render(id, { links });
      const css = /<style nonce="N0NCE">([\s\S]*?)<\/style>/.exec(html)![1];
      assert.ok(css.endsWith("a#hop-btn-0{background:#ff0000;color:rgb(255, 255, 0)}a#hop-btn-2{color:navy}"), `${id}: ${css.slice(-120)}`);
      assert.match(html, /<a class="btn[^"]*" id="hop-btn-0" href="https:\/\/a.example"/);
      assert.ok(!html.includes('id="hop-btn-1"') && !html.includes('id="hop-btn-3"'), `${id}: only buttons with valid colours get an id`);
      assert.ok(!/\sstyle=/i.test(html) && !html.includes("display:none") && !html.includes("alert(1)"), id);
    }
  });

  test("block style and animation add their classes, and their CSS only when used", () => {
    const plain = render("simple-stack-v2", sample);
    assert.ok(!plain.includes("hop-pulse") && !plain.includes(".bs-outline"));
    const styled = render("simple-stack-v2", { links: [{ type: "simple", title: "A", url: "https://a.example", style: "outline", animation: "pulse" }] });
    assert.match(styled, /<a class="btn bs-outline an-pulse"/);
    assert.ok(styled.includes(".links .bs-outline{") && styled.includes("@media(prefers-reduced-motion:no-preference){@keyframes hop-pulse"));
  });

  test("spotlight-card-v2 shows its spotlight banner; other designs ignore it", () => {
    const data = { profile: { name: "A" }, spotlight: { enabled: true, text: "Sale <today>", durationMinutes: 60 } };
    assert.ok(render("spotlight-card-v2", data).includes('<p class="spotlight" role="note">Sale &lt;today&gt;</p>'));
    assert.ok(!render("simple-stack-v2", data).includes('class="spotlight"'));
    assert.ok(!render("spotlight-card-v2", { ...data, spotlight: { enabled: false, text: "x" } }).includes('class="spotlight"'));
  });

  test("a contact block is a form that posts to the page's host without JavaScript", () => {
    const data = { links: [{ type: "contact", id: "c1", title: "Say hi", fields: ["name", "email", "message"] }] };
    const html = render("simple-stack-v2", data);
    assert.match(html, /<form class="contact" id="c1" method="post" action="\/__hop\/contact">/);
    assert.ok(html.includes('<input type="hidden" name="page" value="page"><input type="hidden" name="block" value="c1">'));
    assert.ok(html.includes('name="email" type="email" autocomplete="email" maxlength="320" required'));
    assert.ok(html.includes('<textarea name="message"') && !html.includes('name="phone"'));
    assert.ok(html.includes('class="hp" aria-hidden="true"'), "honeypot");
    assert.ok(render("simple-stack-v2", data, { contactStatus: "sent" }).includes('role="status">Thank you!'));
    assert.ok(render("simple-stack-v2", data, { contactStatus: "invalid" }).includes('role="alert"'));
    assert.equal(websitePageCsp(data).formSelf, true);
    assert.match(contentSecurityPolicy("n", websitePageCsp(data)), /form-action 'self'/);
    assert.match(contentSecurityPolicy("n", websitePageCsp(sample)), /form-action 'none'/);
  });

  test("in-app visitors whose behavior leaves the app get buttons through ?hop_go=<n>, tracked with the real URL", () => {
    const html = render("simple-stack-v2", { links: [{ type: "header", title: "H" }, { type: "simple", title: "Shop", url: "https://shop.example/a" }, { type: "simple", title: "Mail", url: "mailto:a@b.example" }] }, { outboundViaBehavior: true });
    assert.match(html, /<a class="btn" href="\?hop_go=1" rel="noopener" data-hop-id="link-2" data-hop-title="Shop" data-hop-type="simple" data-hop-url="https:\/\/shop.example\/a">/);
    assert.ok(html.includes('href="mailto:a@b.example"'), "mailto stays direct");
  });

  test("analytics tags: only well-formed ids, with the vendors' hosts in that page's CSP", () => {
    const data = { advanced: { googleTag: "G-ABC123XYZ", facebookPixel: "123456789012345" } };
    const html = render("simple-stack-v2", data);
    assert.ok(html.includes('<script async nonce="N0NCE" src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"></script>'));
    assert.ok(html.includes('fbq("init","123456789012345")'));
    assert.equal((html.match(/<script(?! async)[^>]*>/g) ?? []).filter((t) => !t.includes('nonce="N0NCE"')).length, 0, "every script carries the nonce");
    const csp = contentSecurityPolicy("n", websitePageCsp(data));
    assert.match(csp, /script-src 'nonce-n' https:\/\/www.googletagmanager.com https:\/\/connect.facebook.net/);
    assert.match(csp, /connect-src 'self' https:\/\/\*.google-analytics.com/);
    const evil = { advanced: { googleTag: 'G-1");alert(1);("', facebookPixel: "1<script>" } };
    const clean = render("simple-stack-v2", evil);
    assert.equal((clean.match(/<script/g) ?? []).length, 1);
    assert.doesNotMatch(contentSecurityPolicy("n", websitePageCsp(evil)), /googletagmanager|facebook/);
  });
});
