import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type ApiResponse, type TestAccount } from "../helpers/api";
import { ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// POST /v1/websites/drafts/import ("Moving in", issue 55): each fixture (tests/fixtures/bio-import,
// written after LinkStack's export controller and page templates, and Linktree's __NEXT_DATA__)
// becomes a draft whose published page holds the profile, the blocks in order and the mapped social
// icons, with what was left out listed in `skipped`. Bad files are the drafts' flat 4xx, and the
// draft is the importer's alone.

const fixture = (name: string) => readFileSync(path.join(ROOT, "tests/fixtures/bio-import", name), "utf8");
let n = 0;
const slug = () => `imp-${Date.now().toString(36)}-${(n += 1)}`;

function assertRefused(res: ApiResponse, status: number, pattern: RegExp): void {
  assert.equal(res.status, status, res.text.slice(0, 300));
  assert.equal(res.body.error, status === 413 ? "Payload Too Large" : "Bad Request", res.text.slice(0, 300));
  assert.equal(res.body.field, "body", res.text.slice(0, 300));
  assert.match(res.body.message, pattern);
}

describe("POST /v1/websites/drafts/import", () => {
  let server: HopServer;
  let owner: TestAccount;
  let stranger: TestAccount;
  before(async () => {
    server = await startServer({ env: { APP_URL: "https://app.hop.test" } });
    owner = await createAccount(server);
    stranger = await createAccount(server);
  });
  after(() => server.stop());

  const importFile = (raw: string, query = "", type = "text/html", key: string | null = owner.key) =>
    api(server, "POST", `/v1/websites/drafts/import${query}`, { key, raw, headers: { "content-type": type } });

  /** The draft published, and the page data it was published with. */
  async function published(draftId: string, key = owner.key) {
    const customSlug = slug();
    const res = await api(server, "POST", `/v1/websites/drafts/${draftId}/publish`, { key, body: { customSlug } });
    assert.equal(res.status, 201, res.text.slice(0, 300));
    const site = await api(server, "GET", `/v1/websites/${customSlug}`, { key });
    assert.equal(site.status, 200, site.text.slice(0, 300));
    return site.body.data.data;
  }

  const LINKSTACK_LINKS = [
    ["simple", "Newsletter", "https://maralind.example/newsletter"],
    ["header", "Workshops", undefined],
    ["simple", "Shop the spring kiln", "https://maralind.example/shop"],
    ["simple", "Wheel 101 (Saturdays)", undefined],
    ["simple", "Throwing videos", "https://www.youtube.com/@maralind"],
    ["simple", "Email the studio", "mailto:studio@maralind.example"],
    ["simple", "Call", "tel:+46401234567"],
    ["text", "Glaze orders close June 30.", undefined],
  ] as const;
  const LINKSTACK_SOCIALS = [
    { platform: "instagram", url: "https://www.instagram.com/maralind.ceramics" },
    { platform: "mastodon", url: "https://mastodon.social/@maralind" },
    { platform: "x", url: "https://x.com/maralind" },
  ];

  function assertLinkStackBlocks(links: Array<{ type: string; title?: string; text?: string; url?: string }>) {
    assert.deepEqual(
      links.map((l) => [l.type, l.title ?? l.text]),
      LINKSTACK_LINKS.map(([type, title]) => [type, title]),
      "order kept: the pinned link first, then LinkStack's `order`",
    );
    for (const [index, [, , url]] of LINKSTACK_LINKS.entries()) if (url) assert.equal(links[index].url, url);
  }

  test("a LinkStack export: profile, blocks in the page's order, icons mapped, the rest listed as skipped", async () => {
    const res = await importFile(fixture("linkstack-export.json"), "?templateId=bento-grid", "application/json");
    assert.equal(res.status, 201, res.text.slice(0, 400));
    const data = res.body.data;
    assert.match(data.id, /^drf_/);
    assert.equal(data.source, "linkstack");
    assert.equal(data.templateId, "bento-grid");
    assert.equal(data.name, "Mara Lind");
    assert.equal(data.editorUrl, `https://app.hop.test/editor/${data.id}`);
    assert.deepEqual(data.imported.profile, { name: "Mara Lind", handle: "maralind", bio: "Ceramicist & teacher in Malmö. Studio open Saturdays." });
    assertLinkStackBlocks(data.imported.links);
    assert.deepEqual(data.imported.socials, LINKSTACK_SOCIALS);
    assert.deepEqual(
      data.skipped.map((s: { kind: string; title: string }) => [s.kind, s.title]),
      [["spacer", "Spacer"], ["custom", "Gift cards (soon)"], ["vcard", "Save my contact"]],
    );
    for (const skipped of data.skipped) assert.ok(skipped.reason.length > 10, JSON.stringify(skipped));
    assert.match(data.imported.avatar, /^\/__hop\/img\/[A-Za-z0-9_-]+\.webp$/, "the export's own picture is uploaded");
    const picture = await fetch(`${server.url}${data.imported.avatar}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get("content-type"), "image/webp");

    const page = await published(data.id);
    assert.deepEqual(page.avatar, { type: "image", value: data.imported.avatar });
    assert.equal(page.profile.name, "Mara Lind");
    assertLinkStackBlocks(page.links);
    assert.deepEqual(page.socials, LINKSTACK_SOCIALS);
  });

  test("a LinkStack export's picture over 1 MB, or not a picture, is listed as skipped and the rest imported", async () => {
    const base = JSON.parse(fixture("linkstack-export.json"));
    const withPicture = (image_data: string) => importFile(JSON.stringify({ ...base, image_data }), "", "application/json");
    const huge = await withPicture("A".repeat(1_400_004));
    assert.equal(huge.status, 201, huge.text.slice(0, 300));
    assert.equal(huge.body.data.imported.avatar, undefined);
    assert.match(huge.body.data.skipped.find((s: { kind: string }) => s.kind === "avatar").reason, /larger than 1 MB/);
    const text = await withPicture(Buffer.from("not a picture at all").toString("base64"));
    assert.equal(text.status, 201, text.text.slice(0, 300));
    assert.match(text.body.data.skipped.find((s: { kind: string }) => s.kind === "avatar").reason, /was not kept: This file is not a/);
    const dataUrl = await withPicture(`data:image/png;base64,${base.image_data}`);
    assert.match(dataUrl.body.data.imported.avatar, /^\/__hop\/img\//, "a data: URL is read too");
  });

  test("a LinkStack public page (HTML): the same page, the https avatar and the full query of a link kept", async () => {
    const res = await importFile(fixture("linkstack-page.html"), "?source=linkstack");
    assert.equal(res.status, 201, res.text.slice(0, 400));
    const data = res.body.data;
    assert.equal(data.source, "linkstack");
    assert.deepEqual(data.imported.profile, { name: "Mara Lind", handle: "maralind", bio: "Ceramicist & teacher in Malmö. Studio open Saturdays." });
    assert.equal(data.imported.avatar, "https://links.maralind.example/assets/img/7_1717340421.png");
    assertLinkStackBlocks(data.imported.links);
    assert.equal(data.imported.links[3].url, "https://tickets.example/maralind/wheel-101?ref=linkstack&lang=sv", "entities decoded in href");
    assert.deepEqual(data.imported.socials, LINKSTACK_SOCIALS);
    assert.deepEqual(data.skipped.map((s: { kind: string }) => s.kind), ["spacer", "custom", "vcard"]);
    const page = await published(data.id);
    assert.deepEqual(page.avatar, { type: "image", value: "https://links.maralind.example/assets/img/7_1717340421.png" });
    assertLinkStackBlocks(page.links);
  });

  test("a Linktree page (HTML, recognised by its __NEXT_DATA__): links by position, header, embeds Hop plays, socials mapped", async () => {
    const res = await importFile(fixture("linktree-page.html"));
    assert.equal(res.status, 201, res.text.slice(0, 400));
    const data = res.body.data;
    assert.equal(data.source, "linktree");
    assert.equal(data.name, "Juno Okafor");
    assert.deepEqual(data.imported.profile, { name: "Juno Okafor", handle: "juno.beats", bio: "DJ & producer from Lagos, based in Berlin. New EP “Low Tide” out now ↓" });
    assert.match(data.imported.avatar, /^https:\/\/ugc\.production\.linktr\.ee\//);
    assert.deepEqual(data.imported.links, [
      { type: "simple", title: "Listen to Low Tide", url: "https://juno.example/low-tide" },
      { type: "header", title: "Live" },
      { type: "simple", title: "Tour dates 2026", url: "https://www.songkick.example/artists/juno-okafor" },
      { type: "media", title: "Boiler Room set", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", platform: "youtube" },
      { type: "media", title: "Single: Undertow", url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC", platform: "spotify" },
      { type: "simple", title: "Booking", url: "mailto:booking@juno.example" },
    ]);
    assert.deepEqual(data.imported.socials.map((s: { platform: string }) => s.platform), ["instagram", "tiktok", "soundcloud", "applemusic", "email", "bandsintown"]);
    assert.deepEqual(
      data.skipped.map((s: { kind: string; title: string }) => [s.kind, s.title]),
      [["music", "Low Tide on every platform"], ["commerce_product", "Low Tide vinyl (limited)"], ["form", "Join the mailing list"]],
    );
    const page = await published(data.id);
    assert.deepEqual(page.links.map((l: { type: string }) => l.type), ["simple", "header", "simple", "media", "media", "simple"]);
    assert.equal(page.socials[4].url, "mailto:hello@juno.example");
  });

  test("bad files: neither HTML nor JSON, no __NEXT_DATA__, not an export, empty, over 2 MB: the drafts' flat 4xx naming the body", async () => {
    assertRefused(await importFile("name,url\nMara,https://example.com\n", "", "text/csv"), 400, /neither HTML nor JSON/);
    assertRefused(await importFile("<html><body><p>Hello</p></body></html>", "?source=linktree"), 400, /__NEXT_DATA__/);
    assertRefused(await importFile("<html><body><p>Hello</p></body></html>"), 400, /No LinkStack page/);
    assertRefused(await importFile('{"hello":"world"}', "", "application/json"), 400, /not a LinkStack export/);
    assertRefused(await importFile('{"links": [', "", "application/json"), 400, /not valid JSON/);
    assertRefused(await importFile('<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>'), 400, /no Linktree profile/);
    assertRefused(await importFile("   "), 400, /empty/);
    assertRefused(await importFile("<html>" + "x".repeat(2 * 1024 * 1024) + "</html>"), 413, /2 MB/);
    const bad = await importFile("<html></html>", "?source=myspace");
    assert.equal(bad.status, 400, bad.text);
  });

  test("a javascript: or data: address anywhere refuses the whole file, and nothing is saved", async () => {
    const drafts = async () => Number((await api(server, "GET", "/v1/audit-log?action=draft.created", { key: owner.key })).body.data?.length ?? 0);
    const before = await drafts();
    const linktree = fixture("linktree-page.html").replace("https://www.songkick.example/artists/juno-okafor", "JaVaScRiPt:alert(document.cookie)");
    assertRefused(await importFile(linktree), 400, /"Tour dates 2026" to a javascript: address/);
    const export_ = JSON.parse(fixture("linkstack-export.json"));
    export_.links[0].link = " \tdata:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==";
    assertRefused(await importFile(JSON.stringify(export_), "", "application/json"), 400, /data: address/);
    const page = fixture("linkstack-page.html").replace('href="https://mastodon.social/@maralind"', 'href="java&#x09;script:alert(1)"');
    assertRefused(await importFile(page), 400, /javascript: address/);
    assert.equal(await drafts(), before, "no draft was made");
  });

  test("the draft is the importer's: another account cannot publish it, and needs websites:write", async () => {
    const res = await importFile(fixture("linktree-page.html"));
    assert.equal(res.status, 201, res.text.slice(0, 300));
    const other = await api(server, "POST", `/v1/websites/drafts/${res.body.data.id}/publish`, { key: stranger.key, body: { customSlug: slug() } });
    assert.equal(other.status, 404, other.text);
    const theirs = await importFile(fixture("linkstack-export.json"), "", "application/json", stranger.key);
    assert.equal(theirs.status, 201, theirs.text.slice(0, 300));
    assert.equal((await api(server, "POST", `/v1/websites/drafts/${theirs.body.data.id}/publish`, { key: owner.key, body: { customSlug: slug() } })).status, 404);
    const audit = await api(server, "GET", "/v1/audit-log?action=draft.created", { key: owner.key });
    const mine = (audit.body.data as Array<{ target: { id: string }; changes?: unknown }>).map((e) => e.target.id);
    assert.ok(mine.includes(res.body.data.id));
    assert.ok(!mine.includes(theirs.body.data.id), "the stranger's import is in the stranger's log only");
    assert.equal((await importFile(fixture("linktree-page.html"), "", "text/html", null)).status, 401);
  });
});
