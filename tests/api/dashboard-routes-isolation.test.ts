import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { CASES } from "../helpers/dashboard-cases";
import { dashboardRoutes, fill, invitationToken, objectsOf, person, refusalProblem, send, snapshot, type Answer, type Objects, type Person, type Route } from "../helpers/dashboard-routes";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// Two accounts and a viewer, over every dashboard route the walk finds: another account naming the
// owner's links, groups, presets, domains, pages, contacts, drafts, keys and memberships gets 404
// (or the documented refusal) — with or without a workspace cookie naming the owner's team — and a
// viewer member of the owner's team is refused every write there with 403. After each, the owner's
// state read back through /v1 and the owner's session is what it was.

const routes = dashboardRoutes();

function call(server: HopServer, route: Route, o: Objects, cookie: string): Promise<Answer> {
  const c = CASES[route.key];
  return send(server, route.method, fill(route.template, c.params?.(o) ?? {}) + (c.query?.(o) ?? ""), { cookie, body: c.body?.(o) });
}

/** The bulk bar's answer for ids it may not touch: nothing done, each one under `failed` (bulk edit: none matched). */
function refusedOrUntouched(answer: Answer, expected: number[]): string | null {
  if (answer.status === 200 && expected.includes(200)) {
    return (answer.body?.successful ?? answer.body?.sample)?.length === 0 && !answer.body?.changed ? null : `touched: ${answer.text.slice(0, 200)}`;
  }
  return refusalProblem(answer, expected);
}

describe("dashboard routes: another account's objects and a viewer's writes", () => {
  let server: HopServer;
  let owner: Person;
  let stranger: Person;
  let viewer: Person;
  let viewerInTeam: string;
  let o: Objects;
  /** The owner's own saves move the draft on; anyone else's attempt must not. */
  let draftVersion = 1;
  before(async () => {
    server = await sharedServer();
    owner = await person(server);
    stranger = await person(server);
    viewer = await person(server);
    o = await objectsOf(server, owner);
    const invited = await send(server, "POST", "/api/dashboard/team", { cookie: owner.cookie, body: { email: viewer.email, role: "viewer" } });
    assert.equal(invited.status, 201, invited.text);
    const joined = await send(server, "POST", "/api/dashboard/invitations/accept", { cookie: viewer.cookie, body: { token: invitationToken(invited.body) } });
    assert.equal(joined.status, 200, joined.text);
    const chosen = await send(server, "POST", "/api/dashboard/workspace", { cookie: viewer.cookie, body: { ownerId: owner.id } });
    assert.deepEqual(chosen.body, { ownerId: owner.id, role: "viewer", readOnly: true });
    viewerInTeam = `${viewer.cookie}; hop_workspace=${encodeURIComponent(owner.id)}`;
  });
  after(() => server.stop());

  /** The owner's objects that /v1 does not show are checked through their own routes. */
  async function ownerUntouched(before: string) {
    assert.equal(await snapshot(server, owner), before, "the owner's links, pages, groups, presets, domains and profile are as they were");
    const draft = await send(server, "PUT", `/api/dashboard/drafts/${o.draft}`, { cookie: owner.cookie, body: { version: draftVersion, semantic: { profile: { name: "Draft" } } } });
    assert.equal(draft.status, 200, `the draft is still at version ${draftVersion}: ${draft.text}`);
    draftVersion += 1;
    const contacts = await send(server, "GET", `/api/dashboard/websites/contacts?id=${encodeURIComponent(o.website)}`, { cookie: owner.cookie });
    assert.equal(contacts.status, 200, "the page is still the owner's");
  }

  test("signed in as another account, every route naming the owner's objects is refused and nothing changes", async () => {
    const before = await snapshot(server, owner);
    const problems: string[] = [];
    // A workspace cookie naming a team the stranger is not in is ignored: the stranger's own workspace.
    for (const cookie of [stranger.cookie, `${stranger.cookie}; hop_workspace=${encodeURIComponent(owner.id)}`]) {
      for (const route of routes.filter((r) => CASES[r.key].foreign)) {
        const answer = await call(server, route, o, cookie);
        const problem = refusedOrUntouched(answer, CASES[route.key].foreign!);
        if (problem) problems.push(`${route.key}${cookie === stranger.cookie ? "" : " (forged workspace)"}: ${problem}`);
        if (answer.type.startsWith("text/csv") || /Secret Owner Page|example\.com\/owned/.test(answer.text)) problems.push(`${route.key}: the owner's content in the answer`);
      }
    }
    assert.deepEqual(problems, []);
    await ownerUntouched(before);
    // The membership keeps its role (the invitee acts as an editor) and the open invitation its link.
    const chosen = await send(server, "POST", "/api/dashboard/workspace", { cookie: o.invitee.cookie, body: { ownerId: owner.id } });
    assert.deepEqual(chosen.body, { ownerId: owner.id, role: "editor", readOnly: false });
    const newcomer = await person(server);
    const joined = await send(server, "POST", "/api/dashboard/invitations/accept", { cookie: newcomer.cookie, body: { token: o.invitationToken } });
    assert.equal(joined.body?.role, "viewer", joined.text);
  });

  test("a forged workspace cookie changes nothing: what the stranger makes lands in the stranger's own account", async () => {
    const slug = `mine-${randomBytes(3).toString("hex")}`;
    const forged = `${stranger.cookie}; hop_workspace=${encodeURIComponent(owner.id)}`;
    const created = await send(server, "POST", "/api/dashboard/links", { cookie: forged, body: { url: "https://example.com/m", slug } });
    assert.equal(created.status, 201, created.text);
    const mine = await api(server, "GET", "/v1/links?limit=100", { key: stranger.key });
    assert.ok(mine.body.data.some((l: { slug: string }) => l.slug === slug));
    const owners = await api(server, "GET", "/v1/links?limit=100", { key: owner.key });
    assert.ok(!owners.body.data.some((l: { slug: string }) => l.slug === slug));
  });

  test("a viewer in the owner's workspace: every write there is 403, the owner's account-scoped ids are 404, reads work", async () => {
    const before = await snapshot(server, owner);
    const problems: string[] = [];
    for (const route of routes) {
      const c = CASES[route.key];
      if (c.scope === "self" || route.key === "POST /api/dashboard/workspace") continue;
      const answer = await call(server, route, o, viewerInTeam);
      if (c.read && !c.adminsOnly) {
        if (answer.status !== 200) problems.push(`${route.key}: a viewer reads the workspace, got ${answer.status} ${answer.text.slice(0, 200)}`);
        continue;
      }
      const expected = c.scope === "account" ? c.foreign! : [403];
      const problem = refusedOrUntouched(answer, expected) ?? (c.scope !== "account" && answer.body.error.code !== "forbidden" ? `code ${answer.body.error.code}` : null);
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    assert.deepEqual(problems, []);
    await ownerUntouched(before);
  });

  test("the viewer in its own workspace naming the owner's objects: refused, nothing changes", async () => {
    const before = await snapshot(server, owner);
    const problems: string[] = [];
    for (const route of routes.filter((r) => CASES[r.key].foreign && !CASES[r.key].read && r.key !== "POST /api/dashboard/workspace")) {
      const answer = await call(server, route, o, viewer.cookie);
      const problem = refusedOrUntouched(answer, [...CASES[route.key].foreign!, 403]);
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    assert.deepEqual(problems, []);
    await ownerUntouched(before);
  });
});
