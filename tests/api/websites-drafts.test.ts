import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { addKey, api, createAccount, type ApiResponse, type TestAccount } from "../helpers/api";
import { FULL_SEMANTIC } from "../helpers/semantic";
import { admin, startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";

// POST /v1/websites/drafts to the letter of the contract (docs/API.md): the draft design list, the
// `semantic` model and its members, the name, the flat 400, roles, and that drafts are neither
// counted nor listed. Lifetime: the sweep at start (the 404 at the moment of expiry and the
// controlled clock are in tests/unit/drafts-lifetime.test.ts).

const APP_URL = "https://app.hop.test";
const DRAFT_DESIGNS = [
  "y2k-card", "cover-stack", "simple-stack-v2", "modern-card-v2", "minimal-card-v2", "spotlight-card-v2",
  "professional-link-bio-v2", "bento-grid", "neo-brutalist", "music-release", "music-sleeve", "music-onyx",
  "root-terminal", "bonbon-card", "portrait-card", "scene-card", "noir-publisher",
];

/** API.md's draft error: `{ error: "Bad Request", message, field }`. */
function assertBadRequest(res: ApiResponse, field: string, label = field): void {
  assert.equal(res.status, 400, `${label}: ${res.status} ${res.text.slice(0, 300)}`);
  assert.equal(res.body.error, "Bad Request", `${label}: ${res.text.slice(0, 300)}`);
  assert.equal(typeof res.body.message, "string", label);
  assert.equal(res.body.field, field, `${label}: ${res.text.slice(0, 300)}`);
}

/** Runs SQL on a server's database while the server is stopped (PGlite allows one process). */
async function sqlOnStopped(server: HopServer, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (usingPostgres) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(server.env.DATA_DIR, "pglite"));
  try {
    return (await db.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await db.close();
  }
}

describe("POST /v1/websites/drafts", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: { APP_URL } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const draft = (body: unknown, key: string | null = account.key) => api(server, "POST", "/v1/websites/drafts", { key, body });

  test("saves the page config: 201 { success, data: { id, templateId, name, editorUrl } } with editorUrl {APP_URL}/editor/<id>", async () => {
    const res = await draft({ templateId: "bento-grid", semantic: FULL_SEMANTIC });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ["data", "success"]);
    assert.equal(res.body.success, true);
    assert.deepEqual(Object.keys(res.body.data).sort(), ["editorUrl", "id", "name", "templateId"]);
    assert.match(res.body.data.id, /^drf_[A-Za-z0-9]{20}$/);
    assert.equal(res.body.data.templateId, "bento-grid");
    assert.equal(res.body.data.name, "Ada Lovelace", "the name defaults to the profile name");
    assert.equal(res.body.data.editorUrl, `${APP_URL}/editor/${res.body.data.id}`);
    const another = await draft({ semantic: {} });
    assert.notEqual(another.body.data.id, res.body.data.id);
  });

  test("the design: every draft design; top-level templateId wins over semantic.templateId; none → simple-stack-v2", async () => {
    for (const templateId of DRAFT_DESIGNS) {
      const res = await draft({ templateId, semantic: { profile: { name: templateId } } });
      assert.equal(res.status, 201, `${templateId}: ${res.text}`);
      assert.equal(res.body.data.templateId, templateId);
    }
    assert.equal((await draft({ semantic: { templateId: "music-onyx" } })).body.data.templateId, "music-onyx");
    assert.equal((await draft({ templateId: "y2k-card", semantic: { templateId: "music-onyx" } })).body.data.templateId, "y2k-card");
    assert.equal((await draft({ templateId: "y2k-card", semantic: { templateId: "folio-card" } })).body.data.templateId, "y2k-card", "the top-level one wins outright");
    assert.equal((await draft({ semantic: {} })).body.data.templateId, "simple-stack-v2");
    assert.equal((await draft({ templateId: null, semantic: {} })).body.data.templateId, "simple-stack-v2");
  });

  test("a create-only design (folio-card …), an older design or an unknown id: 400 with field templateId", async () => {
    for (const templateId of ["folio-card", "shelf-card", "canvas-story", "duotone-press", "snap-print", "daydream-fade", "simple-stack", "modern-card", "nope", "", 7, ["y2k-card"]]) {
      assertBadRequest(await draft({ templateId, semantic: {} }), "templateId", `top-level ${JSON.stringify(templateId)}`);
    }
    assertBadRequest(await draft({ semantic: { templateId: "folio-card" } }), "templateId", "semantic.templateId folio-card");
    assertBadRequest(await draft({ semantic: { templateId: "Y2K-CARD" } }), "templateId", "ids are exact");
  });

  test("semantic is required and an object", async () => {
    assertBadRequest(await draft({ templateId: "y2k-card" }), "semantic", "missing");
    for (const semantic of [null, [], "page", 42, true]) assertBadRequest(await draft({ semantic }), "semantic", JSON.stringify(semantic));
    for (const body of [[], "x", 5]) assertBadRequest(await draft(body), "semantic", `body ${JSON.stringify(body)}`);
  });

  test("semantic is at most 64 KB as JSON: exactly 65,536 bytes is saved, one more byte is 400", async () => {
    const sized = (bytes: number) => {
      const semantic = { links: Array.from({ length: 14 }, () => ({ type: "text", text: "" })) };
      const base = Buffer.byteLength(JSON.stringify(semantic));
      let left = bytes - base;
      for (const block of semantic.links) {
        const take = Math.min(5000, left);
        block.text = "x".repeat(take);
        left -= take;
      }
      assert.equal(Buffer.byteLength(JSON.stringify(semantic)), bytes);
      return semantic;
    };
    assert.equal((await draft({ semantic: sized(65_536) })).status, 201);
    assertBadRequest(await draft({ semantic: sized(65_537) }), "semantic", "65,537 bytes");
    const wide = { profile: { name: "é".repeat(100) }, links: Array.from({ length: 14 }, () => ({ type: "text", text: "é".repeat(2400) })) };
    assertBadRequest(await draft({ semantic: wide }), "semantic", "bytes, not characters");
  });

  test("every member is checked: a clear 400 naming it", async () => {
    const cases: Array<[unknown, string]> = [
      [{ profile: "Ada" }, "semantic.profile"],
      [{ profile: { name: "n".repeat(201) } }, "semantic.profile.name"],
      [{ profile: { handle: 5 } }, "semantic.profile.handle"],
      [{ profile: { bio: "b".repeat(1001) } }, "semantic.profile.bio"],
      [{ links: { type: "simple" } }, "semantic.links"],
      [{ links: Array.from({ length: 201 }, () => ({ type: "divider" })) }, "semantic.links"],
      [{ links: [{ type: "carousel" }] }, "semantic.links[0].type"],
      [{ links: [{ type: "simple" }, { type: "simple", url: "javascript:alert(1)" }] }, "semantic.links[1].url"],
      [{ links: [{ url: "ftp://files.example/x" }] }, "semantic.links[0].url"],
      [{ links: [{ url: "ada.example/blog" }] }, "semantic.links[0].url"],
      [{ links: [{ url: "https://" }] }, "semantic.links[0].url"],
      [{ links: [{ url: "mailto:nobody" }] }, "semantic.links[0].url"],
      [{ links: [{ title: "t".repeat(301) }] }, "semantic.links[0].title"],
      [{ links: [{ subtitle: 3 }] }, "semantic.links[0].subtitle"],
      [{ links: [{ type: "text", text: "t".repeat(5001) }] }, "semantic.links[0].text"],
      [{ links: [{ style: "wavy" }] }, "semantic.links[0].style"],
      [{ links: [{ colors: { background: "url(https://evil.example/x.png)" } }] }, "semantic.links[0].colors.background"],
      [{ links: [{ colors: { text: "red;display:none" } }] }, "semantic.links[0].colors.text"],
      [{ links: [{ animation: "spin" }] }, "semantic.links[0].animation"],
      [{ links: [{ type: "media", platform: 12 }] }, "semantic.links[0].platform"],
      [{ links: [{ hidden: "yes" }] }, "semantic.links[0].hidden"],
      [{ links: [{ id: "has space" }] }, "semantic.links[0].id"],
      [{ socials: [{ platform: "github" }] }, "semantic.socials[0].handle"],
      [{ socials: [{ handle: "ada" }] }, "semantic.socials[0].platform"],
      [{ socials: [{ platform: "x", handle: "javascript:alert(1)" }] }, "semantic.socials[0].handle"],
      [{ socials: [{ platform: "x", handle: "<script>" }] }, "semantic.socials[0].handle"],
      [{ socials: Array.from({ length: 31 }, () => ({ platform: "x", handle: "a" })) }, "semantic.socials"],
      [{ seo: { pageTitle: 1 } }, "semantic.seo.pageTitle"],
      [{ seo: { metaDescription: "d".repeat(501) } }, "semantic.seo.metaDescription"],
      [{ avatar: { type: "photo", value: "A" } }, "semantic.avatar.type"],
      [{ avatar: { type: "letter", value: "ABC" } }, "semantic.avatar.value"],
      [{ avatar: { type: "image", value: "http://ada.example/a.png" } }, "semantic.avatar.value"],
      [{ theme: { background: { type: "video" } } }, "semantic.theme.background.type"],
      [{ theme: { background: { type: "preset", preset: "volcano" } } }, "semantic.theme.background.preset"],
      [{ theme: { background: { type: "preset" } } }, "semantic.theme.background.preset"],
      [{ theme: { background: { type: "gradient" } } }, "semantic.theme.background.gradient"],
      [{ theme: { background: { type: "gradient", gradient: { colors: ["#fff"] } } } }, "semantic.theme.background.gradient.colors"],
      [{ theme: { background: { type: "solid", solid: "expression(alert(1))" } } }, "semantic.theme.background.solid"],
      [{ theme: { page: { buttonColor: "}body{display:none" } } }, "semantic.theme.page.buttonColor"],
      [{ theme: { typography: { nameStyle: "comic" } } }, "semantic.theme.typography.nameStyle"],
      [{ theme: { typography: { bioColor: 5 } } }, "semantic.theme.typography.bioColor"],
      [{ spotlight: { enabled: "on" } }, "semantic.spotlight.enabled"],
      [{ spotlight: { durationMinutes: 0 } }, "semantic.spotlight.durationMinutes"],
      [{ spotlight: { durationMinutes: 1.5 } }, "semantic.spotlight.durationMinutes"],
      [{ deepLinkBehavior: "sneaky" }, "semantic.deepLinkBehavior"],
    ];
    for (const [semantic, field] of cases) assertBadRequest(await draft({ semantic }), field, JSON.stringify(semantic).slice(0, 80));
  });

  test("strings PostgreSQL cannot store and absurd nesting are 400s naming the member, never 500", async () => {
    const unstorable: Array<[string, string]> = [
      ['{"semantic":{"profile":{"name":"a\\u0000b"}}}', "semantic.profile.name"],
      ['{"semantic":{"links":[{"title":"x\\ud800y"}]}}', "semantic.links[0].title"],
      ['{"semantic":{"extra":{"k\\u0000":"v"}}}', "semantic.extra.k\u0000"],
      ['{"semantic":{},"name":"a\\u0000"}', "name"],
    ];
    for (const [raw, field] of unstorable) {
      const res = await api(server, "POST", "/v1/websites/drafts", { key: account.key, raw, headers: { "content-type": "application/json" } });
      // The project-wide check in front of every schema answers first (nested, as on every endpoint);
      // the editor's saves, which do not pass the API wrapper, get the draft's flat 400 (unit tests).
      assert.equal(res.status, 400, `${raw}: ${res.text}`);
      assert.equal(res.body.error.code, "invalid_request", `${raw}: ${res.text}`);
      assert.equal(res.body.error.field, field, `${raw}: ${res.text}`);
    }
    const deep = { semantic: { profile: { name: "x" }, extra: JSON.parse(`${"[".repeat(20)}${"]".repeat(20)}`) } };
    assertBadRequest(await draft(deep), "semantic", "nesting");
    const notJson = await api(server, "POST", "/v1/websites/drafts", { key: account.key, raw: '{"semantic":', headers: { "content-type": "application/json" } });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.body.error.code, "invalid_request", "malformed JSON: the contract's nested invalid_request");
  });

  test("URLs: absolute http(s), mailto: and tel: are accepted, surrounding spaces trimmed; unknown members are dropped", async () => {
    const res = await draft({ semantic: { links: [{ url: "  HTTPS://Ada.Example/x  " }, { url: "mailto:ada@example.com" }, { url: "tel:+1 (555) 010-0100" }, { url: "" }], socials: [{ platform: "x", handle: " https://x.com/ada " }], madeUp: { anything: 1 } } });
    assert.equal(res.status, 201, res.text);
  });

  test("name: as sent (trimmed), at most 120; else the profile name, then the SEO page title, then 'Untitled page'", async () => {
    assert.equal((await draft({ name: "  Launch page  ", semantic: FULL_SEMANTIC })).body.data.name, "Launch page");
    assert.equal((await draft({ name: "n".repeat(120), semantic: {} })).body.data.name, "n".repeat(120));
    assertBadRequest(await draft({ name: "n".repeat(121), semantic: {} }), "name", "121 characters");
    assertBadRequest(await draft({ name: 42, semantic: {} }), "name", "not a string");
    assert.equal((await draft({ semantic: { profile: { name: "Grace" }, seo: { pageTitle: "Grace's page" } } })).body.data.name, "Grace");
    assert.equal((await draft({ semantic: { profile: { bio: "no name" }, seo: { pageTitle: "Grace's page" } } })).body.data.name, "Grace's page");
    assert.equal((await draft({ name: "   ", semantic: { seo: { pageTitle: "From SEO" } } })).body.data.name, "From SEO", "a blank name falls back");
    assert.equal((await draft({ semantic: {} })).body.data.name, "Untitled page");
    assert.equal((await draft({ semantic: { profile: { name: "p".repeat(200) } } })).body.data.name, "p".repeat(120), "a long profile name is cut to 120");
  });

  test("roles: full, creator and keys made before roles may; a viewer key gets 403; a free plan 403; no key 401", async () => {
    for (const role of ["creator", "legacy", "full"] as const) {
      const { key } = await addKey(server, account.email, role);
      assert.equal((await draft({ semantic: {} }, key)).status, 201, role);
    }
    const viewer = await addKey(server, account.email, "viewer");
    const refused = await draft({ semantic: {} }, viewer.key);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, "forbidden");
    const free = await createAccount(server, { plan: "free" });
    const freeRes = await draft({ semantic: {} }, free.key);
    assert.equal(freeRes.status, 403);
    assert.equal(freeRes.body.error.code, "plan_upgrade_required");
    assert.equal((await draft({ semantic: {} }, null)).status, 401);
  });

  test("drafts never count toward limits and never appear in link or website lists", async () => {
    const limited = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", limited.email, "--total", "1", "--active", "1");
    const link = await api(server, "POST", "/v1/links", { key: limited.key, body: { url: "https://example.org/one", slug: `one-${Date.now().toString(36)}` } });
    assert.equal(link.status, 201);
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await draft({ semantic: { profile: { name: `Draft ${i}` } } }, limited.key);
      assert.equal(res.status, 201, "at the total limit a draft is still saved");
      made.push(res.body.data.id);
    }
    const limits = await api(server, "GET", "/v1/account/limits", { key: limited.key });
    assert.equal(limits.body.links.currentTotal, 1);
    assert.equal(limits.body.links.currentActive, 1);
    for (const query of ["", "?type=website", `?search=Draft`]) {
      const list = await api(server, "GET", `/v1/links${query}`, { key: limited.key });
      assert.equal(list.status, 200);
      assert.ok(!JSON.stringify(list.body).includes("drf_"), `no draft in /v1/links${query}`);
    }
    assert.equal((await api(server, "GET", `/v1/websites/${made[0]}`, { key: limited.key })).status, 404, "a draft is not a website");
    const website = await api(server, "POST", "/v1/websites", { key: limited.key, body: { websiteId: "w", templateId: "simple-stack-v2", data: {} } });
    assert.equal(website.body.code, "TOTAL_LINK_LIMIT_REACHED", "drafts did not use the one slot up, the link did");
  });

  test("an unopened draft older than 30 days is deleted by the sweep at start; opened and newer ones stay", async () => {
    const ids = [];
    for (const name of ["old unopened", "old opened", "new unopened"]) ids.push((await draft({ name, semantic: {} })).body.data.id);
    await server.stop("SIGTERM", { keepData: true });
    // timestamp(3) columns hold UTC without a zone, as Prisma writes them.
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().replace("Z", "");
    await sqlOnStopped(server, `UPDATE "Draft" SET "createdAt" = $1 WHERE id = $2`, [days(31), ids[0]]);
    await sqlOnStopped(server, `UPDATE "Draft" SET "createdAt" = $1, "openedAt" = $2 WHERE id = $3`, [days(45), days(44), ids[1]]);
    await sqlOnStopped(server, `UPDATE "Draft" SET "createdAt" = $1 WHERE id = $2`, [days(29), ids[2]]);
    server = await startServer({ reuse: server });
    await server.stop("SIGTERM", { keepData: true });
    const left = (await sqlOnStopped(server, `SELECT id FROM "Draft" WHERE id = ANY($1)`, [ids])).map((r) => r.id);
    assert.deepEqual(left.sort(), [ids[1], ids[2]].sort());
    // The last test: the server stays stopped, after() drops its data.
  });
});
