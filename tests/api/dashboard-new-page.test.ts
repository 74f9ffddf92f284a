import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { person, send, type Person } from "../helpers/dashboard-routes";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// "New website" and the pages in progress: a name and a design make a draft through the drafts' use
// case, the gallery's thumbnails are the visitors' renderer under a policy that lets only our own
// pages frame them, and the Websites page lists every draft a customer could lose (made in the
// dashboard or with POST /v1/websites/drafts, with its expiry until it is opened) and every
// published page with unpublished changes — never another account's.

const page = async (server: HopServer, who: Person, path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie: who.cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
};

/** The "In progress" card's row of a draft, as rendered. */
const draftRow = (html: string, id: string) => html.match(new RegExp(`<li[^>]*data-draft-id="${id}"[\\s\\S]*?</li>`))?.[0] ?? null;

describe("dashboard: new page, design thumbnails, pages in progress", () => {
  let server: HopServer;
  let owner: Person;
  let other: Person;

  before(async () => {
    server = await sharedServer();
    [owner, other] = await Promise.all([person(server), person(server)]);
  });
  after(() => server.stop());

  test("a name and a design make a draft with the starter content; the editor opens it for its owner only", async () => {
    const created = await send(server, "POST", "/api/dashboard/drafts", { cookie: owner.cookie, body: { name: "  Alex Rivera ", templateId: "bento-grid" } });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.id, /^drf_/);
    assert.equal(created.body.name, "Alex Rivera");
    assert.equal(created.body.templateId, "bento-grid");
    assert.equal(new URL(created.body.editorUrl).pathname, `/editor/${created.body.id}`);
    const editor = await page(server, owner, `/editor/${created.body.id}`);
    assert.equal(editor.status, 200);
    assert.match(editor.html, /Alex Rivera/);
    assert.match(editor.html, /My first link/, "a starter button to edit");
    assert.equal((await page(server, other, `/editor/${created.body.id}`)).status, 404, "another account's draft is not found");
  });

  test("refusals name their field: an empty name, a design that is not offered, a missing body; signed out 401, cross-site 403", async () => {
    const empty = await send(server, "POST", "/api/dashboard/drafts", { cookie: owner.cookie, body: { name: "   ", templateId: "bento-grid" } });
    assert.equal(empty.status, 400, empty.text);
    assert.equal(empty.body.error.field, "name");
    assert.match(empty.body.error.message, /name/i);
    const design = await send(server, "POST", "/api/dashboard/drafts", { cookie: owner.cookie, body: { name: "Page", templateId: "canvas-story" } });
    assert.equal(design.status, 400, design.text);
    assert.equal(design.body.error.field, "templateId");
    const long = await send(server, "POST", "/api/dashboard/drafts", { cookie: owner.cookie, body: { name: "x".repeat(121), templateId: "bento-grid" } });
    assert.equal(long.status, 400, long.text);
    assert.equal(long.body.error.field, "name");
    assert.equal((await send(server, "POST", "/api/dashboard/drafts", { cookie: owner.cookie, raw: "[]" })).status, 400);
    assert.equal((await send(server, "POST", "/api/dashboard/drafts", { body: { name: "Page", templateId: "bento-grid" } })).status, 401);
    assert.equal((await send(server, "POST", "/api/dashboard/drafts", { cookie: owner.cookie, origin: "https://evil.example", body: { name: "Page", templateId: "bento-grid" } })).status, 403);
  });

  test("a design's thumbnail is the visitors' renderer with sample content, framable by our own pages only", async () => {
    const thumb = await send(server, "GET", "/api/dashboard/designs/music-onyx", { cookie: owner.cookie });
    assert.equal(thumb.status, 200, thumb.text);
    assert.match(thumb.type, /^text\/html/);
    assert.match(thumb.text, /<main data-design="music-onyx">/);
    assert.match(thumb.text, /Alex Rivera/);
    const csp = String(thumb.headers["content-security-policy"]);
    assert.match(csp, /frame-ancestors 'self'/);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.match(csp, /script-src 'none'/);
    assert.doesNotMatch(thumb.text, /<script/, "the frame runs no scripts: the click beacon is left out");
    // A published page may carry an older design: its thumbnail is drawn too.
    assert.equal((await send(server, "GET", "/api/dashboard/designs/minimal-card", { cookie: owner.cookie })).status, 200);
    const unknown = await send(server, "GET", "/api/dashboard/designs/%3Cscript%3E", { cookie: owner.cookie });
    assert.equal(unknown.status, 404);
    assert.doesNotMatch(unknown.text, /<script>/);
    assert.equal((await send(server, "GET", "/api/dashboard/designs/bento-grid")).status, 401);
  });

  test("Websites lists the drafts in progress: an API draft with its expiry until opened, unpublished changes of a live page, nothing once published", async () => {
    const made = await api(server, "POST", "/v1/websites/drafts", { key: owner.key, body: { name: "Made by a script", semantic: { profile: { name: "Script" } } } });
    assert.equal(made.status, 201, made.text);
    const id = made.body.data.id as string;
    let list = await page(server, owner, "/websites");
    assert.equal(list.status, 200);
    let row = draftRow(list.html, id);
    assert.ok(row, "the API's draft is listed");
    assert.match(row, /Made by a script/);
    assert.match(row, new RegExp(`href="/editor/${id}"`));
    assert.match(row, /Continue editing/);
    assert.match(row, /deleted on .* unless opened/, "an unopened draft says when it goes");
    assert.equal(draftRow((await page(server, other, "/websites")).html, id), null, "never another account's");

    assert.equal((await page(server, owner, `/editor/${id}`)).status, 200);
    row = draftRow((await page(server, owner, "/websites")).html, id);
    assert.ok(row);
    assert.doesNotMatch(row, /unless opened/, "an opened draft is kept");

    const slug = `made-${Date.now().toString(36)}`;
    const published = await send(server, "POST", `/api/dashboard/drafts/${id}/publish`, { cookie: owner.cookie, body: { version: 1, customSlug: slug } });
    assert.equal(published.status, 201, published.text);
    list = await page(server, owner, "/websites");
    assert.equal(draftRow(list.html, id), null, "a published draft with nothing new is not in progress");
    assert.match(list.html, /Simple Stack/, "the design by its name, not its id");

    const saved = await send(server, "PUT", `/api/dashboard/drafts/${id}`, { cookie: owner.cookie, body: { version: published.body.version, semantic: { profile: { name: "Script, edited" } } } });
    assert.equal(saved.status, 200, saved.text);
    row = draftRow((await page(server, owner, "/websites")).html, id);
    assert.ok(row, "saved changes that are not live are listed");
    assert.match(row, new RegExp(`Unpublished changes to .*${slug}`));
  });
});
