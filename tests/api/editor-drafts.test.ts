import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api, type TestAccount } from "../helpers/api";
import { admin, startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";

// The editor's dashboard routes (app/api/dashboard/drafts/…) over the draft use cases: autosave
// with its version check, the live preview drawn by the visitors' renderer, publishing with every
// refusal next to its field, "Publish changes" seen by the next visit, opening a published website
// in the editor, and another account (or a viewer member) getting 404 everywhere.

const PASSWORD = "correct horse battery";

interface Person extends TestAccount {
  cookie: string;
}

async function signedIn(server: HopServer, options: { plan?: string } = {}): Promise<Person> {
  const email = `e-${randomBytes(5).toString("hex")}@example.test`;
  await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", options.plan ?? "growth");
  const key = await admin(server, "key", "create", "--email", email, "--role", "full");
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  assert.ok(session, `signed in: ${response.status}`);
  return { id: "", email, key: String(key.key), keyId: String(key.id), cookie: session.split(";")[0] };
}

async function dashboard(server: HopServer, who: Person | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { origin: server.url, ...(who ? { cookie: who.cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, body: json, headers: response.headers };
}

const SEMANTIC = {
  profile: { name: "Ada Lovelace", bio: "Poetical science" },
  links: [
    { id: "first", title: "Notes on the Engine", url: "https://ada.example/notes" },
    { id: "second", type: "featured", title: "The featured one", subtitle: "Read me", url: "https://ada.example/featured" },
    { id: "gone", title: "Hidden button", url: "https://ada.example/hidden", hidden: true },
  ],
};

describe("editor routes: save, preview, publish, publish changes", () => {
  let server: HopServer;
  let owner: Person;
  let other: Person;
  const newDraft = async (who: Person = owner, semantic: unknown = SEMANTIC) => {
    const res = await api(server, "POST", "/v1/websites/drafts", { key: who.key, body: { semantic } });
    assert.equal(res.status, 201, res.text);
    return res.body.data.id as string;
  };
  const nonce = "dGVzdC1ub25jZS0xMjM0NQ==";

  before(async () => {
    server = await sharedServer();
    owner = await signedIn(server);
    other = await signedIn(server);
  });
  after(() => server.stop());

  test("autosave: a save names its version and raises it; an older version is 409 draft_changed with currentVersion", async () => {
    const id = await newDraft();
    const saved = await dashboard(server, owner, "PUT", `/api/dashboard/drafts/${id}`, { version: 1, semantic: { ...SEMANTIC, profile: { name: "Ada L." } }, templateId: "bento-grid" });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.version, 2);
    assert.equal(saved.body.templateId, "bento-grid");
    const stale = await dashboard(server, owner, "PUT", `/api/dashboard/drafts/${id}`, { version: 1, semantic: { profile: { name: "Second tab" } } });
    assert.equal(stale.status, 409, stale.text);
    assert.equal(stale.body.error.code, "draft_changed");
    assert.equal(stale.body.error.currentVersion, 2);
    const bad = await dashboard(server, owner, "PUT", `/api/dashboard/drafts/${id}`, { version: 2, semantic: { links: [{ title: "x", url: "javascript:alert(1)" }] } });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.body.field, "semantic.links[0].url");
    const missing = await dashboard(server, owner, "PUT", `/api/dashboard/drafts/${id}`, { semantic: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.field, "version");
  });

  test("preview: the unsaved model drawn by the visitors' renderer, blocks in order, hidden ones absent, with the page's nonce", async () => {
    const id = await newDraft();
    const res = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/preview`, { semantic: SEMANTIC, templateId: "music-onyx", nonce });
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    assert.match(res.text, /<main data-design="music-onyx">/);
    assert.match(res.text, /Ada Lovelace/);
    assert.ok(res.text.indexOf("Notes on the Engine") < res.text.indexOf("The featured one"), "blocks in order");
    assert.doesNotMatch(res.text, /Hidden button/);
    assert.match(res.text, new RegExp(`<style nonce="${nonce}">`));
    assert.doesNotMatch(res.text, /<script/, "the sandboxed frame runs no scripts: the click beacon is left out");
    const bad = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/preview`, { semantic: { avatar: { type: "image", value: "http://x.example/a.png" } }, nonce });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, "semantic.avatar.value");
    const badNonce = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/preview`, { semantic: {}, nonce: '"><script>' });
    assert.equal(badNonce.status, 400);
    const badDesign = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/preview`, { semantic: {}, templateId: "folio-card", nonce });
    assert.equal(badDesign.status, 400);
  });

  test("publish: the refusals of POST /v1/websites, each with its field; then the visitor gets what the preview drew", async () => {
    const taken = await api(server, "POST", "/v1/websites", { key: owner.key, body: { websiteId: "x", templateId: "simple-stack-v2", data: { profile: { name: "Taken" } }, customSlug: "taken-slug" } });
    assert.equal(taken.status, 201, taken.text);
    const id = await newDraft();
    const slugTaken = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customSlug: "taken-slug" });
    assert.equal(slugTaken.status, 400, slugTaken.text);
    assert.match(slugTaken.text, /Custom slug already taken/);
    const badSlug = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customSlug: "no spaces allowed" });
    assert.equal(badSlug.status, 400);
    assert.equal(badSlug.body.code, "INVALID_SLUG");
    assert.equal(badSlug.body.field, "slug", "the dialog shows it under its slug field");
    const domain = `ada-${randomBytes(3).toString("hex")}.example`;
    await api(server, "POST", "/v1/domains", { key: owner.key, body: { domain } });
    const unverified = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customDomain: domain, customPath: "" });
    assert.equal(unverified.status, 400, unverified.text);
    assert.equal(unverified.body.error?.code ?? unverified.body.code, "DOMAIN_NOT_VERIFIED");
    const preview = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/preview`, { semantic: SEMANTIC, nonce });
    const published = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customSlug: "ada-editor" });
    assert.equal(published.status, 201, published.text);
    assert.equal(published.body.url, `http://${PRIMARY}/ada-editor`);
    assert.equal(published.body.version, 2);
    const page = await visit(server, PRIMARY, "/ada-editor");
    assert.equal(page.status, 200);
    const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    assert.equal(main(page.body).replace(/data-hop-page="[^"]*"|\/\?hop_go=\d+|https:\/\/[^"]+/g, ""), main(preview.text).replace(/data-hop-page="[^"]*"|\/\?hop_go=\d+|https:\/\/[^"]+/g, ""));
    const again = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 2, customSlug: "ada-editor-2" });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, "draft_already_published");
  });

  test("the limit: a plan at its total is refused inline (TOTAL_LINK_LIMIT_REACHED) and the draft keeps its version", async () => {
    const limited = await signedIn(server);
    await admin(server, "account", "set-limits", "--email", limited.email, "--total", "0");
    const id = await newDraft(limited);
    const refused = await dashboard(server, limited, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customSlug: "limited-page" });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.text, /TOTAL_LINK_LIMIT_REACHED/);
    const saved = await dashboard(server, limited, "PUT", `/api/dashboard/drafts/${id}`, { version: 1, semantic: SEMANTIC });
    assert.equal(saved.status, 200, "the version was given back");
  });

  test("publish changes: the edited page replaces the live one and the very next visit shows it", async () => {
    const id = await newDraft();
    const published = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customSlug: "ada-changes" });
    assert.equal(published.status, 201, published.text);
    assert.match((await visit(server, PRIMARY, "/ada-changes")).body, /Ada Lovelace/);
    const notYet = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${await newDraft()}/publish-changes`, { version: 1 });
    assert.equal(notYet.status, 409, "a draft that was never published has no live page to change");
    const saved = await dashboard(server, owner, "PUT", `/api/dashboard/drafts/${id}`, { version: 2, semantic: { ...SEMANTIC, profile: { name: "Countess of Lovelace" } }, templateId: "noir-publisher" });
    assert.equal(saved.status, 200, saved.text);
    assert.match((await visit(server, PRIMARY, "/ada-changes")).body, /Ada Lovelace/, "saved edits are not live until published");
    const stale = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish-changes`, { version: 2 });
    assert.equal(stale.status, 409);
    const changed = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${id}/publish-changes`, { version: 3 });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.url, `http://${PRIMARY}/ada-changes`);
    const next = await visit(server, PRIMARY, "/ada-changes");
    assert.match(next.body, /Countess of Lovelace/);
    assert.match(next.body, /data-design="noir-publisher"/);
    const website = await api(server, "GET", "/v1/websites/ada-changes", { key: owner.key });
    assert.equal(website.body.data.templateId, "noir-publisher");
  });

  test("/editor/site/<websiteId>: a website made by the API opens in the editor (one draft, reused); publish changes keeps what the editor does not edit", async () => {
    const made = await api(server, "POST", "/v1/websites", {
      key: owner.key,
      body: { websiteId: "x", templateId: "modern-card-v2", customSlug: "api-made", data: { profile: { name: "Made by API" }, links: [{ type: "simple", title: "One", url: "https://one.example" }, { type: "contact", title: "Write me" }], hideBranding: true } },
    });
    assert.equal(made.status, 201, made.text);
    const open = await dashboard(server, owner, "GET", "/editor/site/api-made");
    assert.equal(open.status, 307, open.text.slice(0, 200));
    const location = open.headers.get("location") ?? "";
    const draftId = location.match(/\/editor\/(drf_[A-Za-z0-9]+)$/)?.[1];
    assert.ok(draftId, location);
    assert.equal((await dashboard(server, owner, "GET", "/editor/site/api-made")).headers.get("location"), location, "the same draft again");
    const editor = await dashboard(server, owner, "GET", `/editor/${draftId}`);
    assert.equal(editor.status, 200);
    assert.match(editor.text, /Made by API/);
    assert.match(editor.text, /Write me/, "the contact block is the editor's to edit too");
    const saved = await dashboard(server, owner, "PUT", `/api/dashboard/drafts/${draftId}`, { version: 1, semantic: { profile: { name: "Edited in the editor" }, links: [{ title: "One", url: "https://one.example" }, { type: "contact", title: "Write me", fields: ["email"] }] } });
    assert.equal(saved.status, 200, saved.text);
    const changed = await dashboard(server, owner, "POST", `/api/dashboard/drafts/${draftId}/publish-changes`, { version: 2 });
    assert.equal(changed.status, 200, changed.text);
    const website = await api(server, "GET", "/v1/websites/api-made", { key: owner.key });
    assert.equal(website.body.data.data.profile.name, "Edited in the editor");
    assert.equal(website.body.data.data.hideBranding, true);
    assert.deepEqual(website.body.data.data.links.map((l: { type: string }) => l.type), ["simple", "contact"]);
    assert.deepEqual(website.body.data.data.links[1].fields, ["email"]);
    assert.equal((await dashboard(server, other, "GET", "/editor/site/api-made")).status, 404);
  });

  test("another account, a viewer member and a signed-out caller get nothing", async () => {
    const id = await newDraft();
    for (const [method, path, body] of [
      ["PUT", `/api/dashboard/drafts/${id}`, { version: 1, semantic: {} }],
      ["POST", `/api/dashboard/drafts/${id}/preview`, { semantic: {}, nonce }],
      ["POST", `/api/dashboard/drafts/${id}/publish`, { version: 1 }],
      ["POST", `/api/dashboard/drafts/${id}/publish-changes`, { version: 1 }],
    ] as const) {
      const res = await dashboard(server, other, method, path, body);
      assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
      assert.equal((await dashboard(server, null, method, path, body)).status, 401, `${method} ${path} signed out`);
    }
    assert.equal((await dashboard(server, other, "GET", `/editor/${id}`)).status, 404);
    const viewer = await signedIn(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", viewer.email, "--role", "viewer");
    assert.equal((await dashboard(server, viewer, "GET", `/editor/${id}`)).status, 404);
    assert.equal((await dashboard(server, viewer, "PUT", `/api/dashboard/drafts/${id}`, { version: 1, semantic: {} })).status, 404);
    const editorMember = await signedIn(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editorMember.email, "--role", "editor");
    assert.equal((await dashboard(server, editorMember, "GET", `/editor/${id}`)).status, 200);
    const signedOut = await dashboard(server, null, "GET", `/editor/${id}`);
    assert.equal(signedOut.status, 307);
    assert.equal(signedOut.headers.get("location"), `/login?callbackUrl=${encodeURIComponent(`/editor/${id}`)}`);
    const crossSite = await fetch(`${server.url}/api/dashboard/drafts/${id}`, { method: "PUT", headers: { origin: "https://evil.example", cookie: owner.cookie, "content-type": "application/json" }, body: JSON.stringify({ version: 1, semantic: {} }) });
    assert.equal(crossSite.status, 403);
  });
});

// Two instances of one deployment: "Publish changes" through one is drawn by the next visit on the
// other, which had the old page cached (the change is announced like a link update, over Redis).
if (usingRedis && usingPostgres) {
  describe("publish changes with two instances (Redis)", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      first = await startServer();
      second = await startServer({ shareWith: first });
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    test("the other instance's next visit shows the published change", async () => {
      const owner = await signedIn(first);
      const created = await api(first, "POST", "/v1/websites/drafts", { key: owner.key, body: { semantic: SEMANTIC } });
      const id = created.body.data.id as string;
      assert.equal((await dashboard(first, owner, "POST", `/api/dashboard/drafts/${id}/publish`, { version: 1, customSlug: "shared-page" })).status, 201);
      assert.match((await visit(second, PRIMARY, "/shared-page")).body, /Ada Lovelace/, "now cached on the second");
      assert.equal((await dashboard(first, owner, "PUT", `/api/dashboard/drafts/${id}`, { version: 2, semantic: { profile: { name: "Changed on the first" } } })).status, 200);
      assert.equal((await dashboard(first, owner, "POST", `/api/dashboard/drafts/${id}/publish-changes`, { version: 3 })).status, 200);
      assert.match((await visit(second, PRIMARY, "/shared-page")).body, /Changed on the first/);
    });
  });
}
