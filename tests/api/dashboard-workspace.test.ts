import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api, addKey } from "../helpers/api";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// The dashboard's workspaces, through its route handlers with a real session: an active editor
// acts in the owner's workspace with the API's team rules, a viewer is refused every change (the
// request is forged: no page offers it), and a choice that is not, or no longer, an active
// membership falls back to the member's own account.

const PASSWORD = "correct horse battery";

async function person(server: HopServer): Promise<{ email: string; id: string; key: string }> {
  const email = `w-${randomBytes(5).toString("hex")}@example.test`;
  const account = await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "growth");
  const key = await addKey(server, email, "full");
  return { email, id: String(account.id), key: key.key };
}

/** Signs in as the login page does and returns the session cookie. */
async function signIn(server: HopServer, email: string): Promise<string> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  assert.ok(session, "signed in");
  return session.split(";")[0];
}

function dashboard(server: HopServer, cookie: string) {
  return (method: string, path: string, body?: unknown) =>
    api(server, method, path, { body, headers: { cookie, origin: server.url } });
}

async function choose(server: HopServer, cookie: string, ownerId: string) {
  const response = await dashboard(server, cookie)("POST", "/api/dashboard/workspace", { ownerId });
  const chosen = response.headers.getSetCookie().find((c) => c.startsWith("hop_workspace="));
  return { response, cookie: chosen ? `${cookie}; ${chosen.split(";")[0]}` : cookie };
}

describe("dashboard workspaces", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer();
  });
  after(() => server.stop());

  test("an active editor creates, edits and toggles links in the owner's workspace; they count for the owner", async () => {
    const owner = await person(server);
    const editor = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor", "--status", "active");
    const chosen = await choose(server, await signIn(server, editor.email), owner.id);
    assert.equal(chosen.response.status, 200);
    assert.deepEqual(chosen.response.body, { ownerId: owner.id, role: "editor", readOnly: false });
    const call = dashboard(server, chosen.cookie);
    const created = await call("POST", "/api/dashboard/links", { url: "https://example.com/team", slug: `team-${randomBytes(3).toString("hex")}` });
    assert.equal(created.status, 201);
    const id = created.body.data.id;
    const ownersLinks = await api(server, "GET", "/v1/links", { key: owner.key });
    assert.deepEqual(ownersLinks.body.data.map((l: { id: string }) => l.id), [id]);
    assert.equal((await api(server, "GET", "/v1/links", { key: editor.key })).body.data.length, 0);
    assert.equal((await call("PUT", `/api/dashboard/links/${id}`, { title: "Renamed" })).status, 200);
    assert.equal((await call("PATCH", `/api/dashboard/links/${id}/status`, { setActive: false })).body.isActive, false);
  });

  test("the Team page in the owner's workspace lists the owner's members to read, with no invite form; the own workspace shows the own team", async () => {
    const owner = await person(server);
    const viewer = await person(server);
    const colleague = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", viewer.email, "--role", "viewer", "--status", "active");
    await admin(server, "team", "add", "--owner", owner.email, "--member", colleague.email, "--role", "editor", "--status", "active");
    const own = await signIn(server, viewer.email);
    const teamPage = async (cookie: string) => (await fetch(`${server.url}/team`, { headers: { cookie } })).text();
    const mine = await teamPage(own);
    assert.match(mine, /Invite a member/);
    assert.doesNotMatch(mine, new RegExp(colleague.email));
    const theirs = await teamPage((await choose(server, own, owner.id)).cookie);
    assert.match(theirs, new RegExp(`${owner.email}(&#x27;|')s team`));
    assert.match(theirs, new RegExp(colleague.email.replace("@", "@(<!-- -->)?(<wbr/>)?")));
    assert.match(theirs, /you are a viewer/);
    assert.doesNotMatch(theirs, /Invite a member|>Remove</, "only the owner manages the team");
    assert.match(theirs, /Teams you belong to/);
  });

  test("a viewer's changes are refused with 403 even when forged; reads still work", async () => {
    const owner = await person(server);
    const viewer = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", viewer.email, "--role", "viewer", "--status", "active");
    const link = await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/owner", slug: `own-${randomBytes(3).toString("hex")}` } });
    const chosen = await choose(server, await signIn(server, viewer.email), owner.id);
    assert.deepEqual(chosen.response.body, { ownerId: owner.id, role: "viewer", readOnly: true });
    const call = dashboard(server, chosen.cookie);
    const id = link.body.data.id;
    for (const [method, path, body] of [
      ["POST", "/api/dashboard/links", { url: "https://example.com/v", slug: "viewer-made" }],
      ["PUT", `/api/dashboard/links/${id}`, { title: "x" }],
      ["PATCH", `/api/dashboard/links/${id}/status`, { setActive: false }],
      ["DELETE", `/api/dashboard/links/${id}`, undefined],
      ["POST", "/api/dashboard/links/bulk", { action: "deactivate", links: [id] }],
      ["POST", "/api/dashboard/groups", { name: "g" }],
      ["POST", "/api/dashboard/geo-presets", { name: "p", countries: ["FR"] }],
    ] as const) {
      const response = await call(method, path, body);
      assert.equal(response.status, 403, `${method} ${path}`);
      assert.equal(response.body.error.code, "forbidden");
    }
    const after = await api(server, "GET", `/v1/links/${id}`, { key: owner.key });
    assert.equal(after.body.data.isActive, true);
    assert.equal(after.body.data.title, "");
    const qr = await fetch(`${server.url}/api/dashboard/links/${id}/qr`, { headers: { cookie: chosen.cookie } });
    assert.equal(qr.status, 200, "viewers read the workspace's QR codes");
  });

  test("domains stay the owner's: an editor in the owner's workspace is refused; a viewer cannot switch a page off", async () => {
    const owner = await person(server);
    const editor = await person(server);
    const viewer = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor", "--status", "active");
    await admin(server, "team", "add", "--owner", owner.email, "--member", viewer.email, "--role", "viewer", "--status", "active");
    const editorCookie = (await choose(server, await signIn(server, editor.email), owner.id)).cookie;
    const asEditor = dashboard(server, editorCookie);
    const connect = await asEditor("POST", "/api/dashboard/domains", { domain: `shop-${randomBytes(3).toString("hex")}.example.com` });
    assert.equal(connect.status, 403);
    assert.match(connect.body.error.message, /owner/);
    const page = await (await fetch(`${server.url}/domains`, { headers: { cookie: editorCookie } })).text();
    assert.match(page, /Only the workspace owner manages domains/, "the page says the domains are the owner's");
    assert.doesNotMatch(page, /Connect domain/, "an editor gets no connect form");
    const asViewer = dashboard(server, (await choose(server, await signIn(server, viewer.email), owner.id)).cookie);
    const status = await asViewer("PATCH", "/api/dashboard/websites/status", { id: "anything", setActive: false });
    assert.equal(status.status, 403);
  });

  test("the overview at / shows the chosen workspace: a member sees the owner's counts and the switcher", async () => {
    const owner = await person(server);
    const member = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", member.email, "--role", "editor", "--status", "active");
    for (const slug of ["ov-a", "ov-b", "ov-c"]) assert.equal((await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/", slug: `${slug}-${randomBytes(3).toString("hex")}` } })).status, 201);
    const signedIn = await signIn(server, member.email);
    const linksStat = (html: string) => html.match(/Short links<\/span><span class="stat-value">(\d+)</)?.[1];
    const own = await (await fetch(`${server.url}/`, { headers: { cookie: signedIn } })).text();
    assert.equal(linksStat(own), "0", "the member's own workspace has no links");
    assert.match(own, /Switch workspace/);
    const inTeam = await (await fetch(`${server.url}/`, { headers: { cookie: (await choose(server, signedIn, owner.id)).cookie } })).text();
    assert.equal(linksStat(inTeam), "3", "the owner's three links");
    assert.match(inTeam, new RegExp(`workspace of <strong>${owner.email.replace(/[.]/g, "\\.")}</strong>`), "the member is told whose workspace it is");
    const signedOut = await (await fetch(`${server.url}/`)).text();
    assert.doesNotMatch(signedOut, /Switch workspace/);
  });

  test("a team the account is not an active member of cannot be chosen; a revoked choice falls back to the own account", async () => {
    const owner = await person(server);
    const member = await person(server);
    const stranger = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", member.email, "--role", "editor", "--status", "pending");
    const cookie = await signIn(server, member.email);
    assert.equal((await choose(server, cookie, owner.id)).response.status, 404, "pending");
    assert.equal((await choose(server, cookie, stranger.id)).response.status, 404, "no membership");
    await admin(server, "team", "add", "--owner", owner.email, "--member", member.email, "--role", "editor", "--status", "active");
    const chosen = await choose(server, cookie, owner.id);
    assert.equal(chosen.response.status, 200);
    await admin(server, "team", "add", "--owner", owner.email, "--member", member.email, "--role", "editor", "--status", "pending");
    const created = await dashboard(server, chosen.cookie)("POST", "/api/dashboard/links", { url: "https://example.com/m", slug: `mine-${randomBytes(3).toString("hex")}` });
    assert.equal(created.status, 201);
    assert.equal((await api(server, "GET", "/v1/links", { key: member.key })).body.data.length, 1, "landed in the member's own account");
    assert.equal((await api(server, "GET", "/v1/links", { key: owner.key })).body.data.length, 0);
  });
});
