import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { person, send, type Person } from "../helpers/dashboard-routes";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// An admin of someone's team, with that workspace selected, manages the team as its owner does:
// invitations, roles, removal — except their own membership (the owner's to change). Editors and
// viewers only read it, and their Team writes act on their own team; a demoted admin loses it on
// the next request; another team's memberships are never found.

/** A membership's row on the owner's own Team page ("" once it is gone). */
const rowOf = (html: string, membershipId: string) => html.match(new RegExp(`<tr[^>]*data-membership-id="${membershipId}"[\\s\\S]*?</tr>`))?.[0] ?? "";
/** The role the owner's Team page shows for a membership (the selected option of its role menu). */
const roleIn = (row: string) => row.match(/<option value="(\w+)" selected/)?.[1] ?? null;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function choose(server: HopServer, who: Person, ownerId: string): Promise<string> {
  const answer = await send(server, "POST", "/api/dashboard/workspace", { cookie: who.cookie, body: { ownerId } });
  assert.equal(answer.status, 200, answer.text);
  const chosen = String(answer.headers["set-cookie"]).split(";")[0];
  return `${who.cookie}; ${chosen}`;
}

const teamPage = async (server: HopServer, cookie: string) => (await send(server, "GET", "/team", { cookie })).text;

describe("team: an admin manages the owner's team", () => {
  let server: HopServer;
  let owner: Person;
  let adminPerson: Person;
  let editor: Person;
  let viewer: Person;
  let adminCookie: string;
  /** Membership ids in the owner's team, by member e-mail. */
  const ids: Record<string, string> = {};
  const ownerRow = async (who: Person) => rowOf(await teamPage(server, owner.cookie), ids[who.email]);

  before(async () => {
    server = await sharedServer();
    [owner, adminPerson, editor, viewer] = await Promise.all([person(server), person(server), person(server), person(server)]);
    for (const [who, role] of [[adminPerson, "admin"], [editor, "editor"], [viewer, "viewer"]] as const) {
      ids[who.email] = String((await admin(server, "team", "add", "--owner", owner.email, "--member", who.email, "--role", role, "--status", "active")).id);
    }
    adminCookie = await choose(server, adminPerson, owner.id);
  });
  after(() => server.stop());

  test("the Team page in the owner's workspace: an admin gets the invite form and the role controls, but none on their own row; an editor reads it", async () => {
    const html = await teamPage(server, adminCookie);
    assert.match(html, /You are an admin of/);
    assert.match(html, /Invite a member/);
    assert.match(rowOf(html, ids[editor.email]), new RegExp(`aria-label="Role of ${escaped(editor.email)}"`));
    assert.match(rowOf(html, ids[editor.email]), />Remove</);
    const own = rowOf(html, ids[adminPerson.email]);
    assert.ok(own, "the admin's own row is listed");
    assert.doesNotMatch(own, /Remove|<select/, "no controls on the admin's own row");
    const read = await teamPage(server, await choose(server, editor, owner.id));
    assert.doesNotMatch(read, /Invite a member/);
    assert.match(read, /Its owner and admins invite/);
  });

  test("invite, change a role, remove, cancel an invitation: each acts on the owner's team", async () => {
    const invited = `invitee-${Date.now()}@example.test`;
    const invitation = await send(server, "POST", "/api/dashboard/team", { cookie: adminCookie, body: { email: invited, role: "editor" } });
    assert.equal(invitation.status, 201, invitation.text);
    assert.match(await teamPage(server, owner.cookie), new RegExp(escaped(invited)), "the owner sees the admin's invitation");
    assert.equal(roleIn(await ownerRow(viewer)), "viewer");
    const changed = await send(server, "PATCH", `/api/dashboard/team/${ids[viewer.email]}`, { cookie: adminCookie, body: { role: "editor" } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(roleIn(await ownerRow(viewer)), "editor");
    const cancelled = await send(server, "DELETE", `/api/dashboard/team/invitations/${invitation.body.id}`, { cookie: adminCookie });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.doesNotMatch(await teamPage(server, owner.cookie), new RegExp(escaped(invited)));
    const removed = await send(server, "DELETE", `/api/dashboard/team/${ids[viewer.email]}`, { cookie: adminCookie });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(await ownerRow(viewer), "");
  });

  test("the admin's own membership is the owner's to change: 403 with a way out (leave)", async () => {
    const own = ids[adminPerson.email];
    for (const [method, body] of [["PATCH", { role: "admin" }], ["DELETE", undefined]] as const) {
      const answer = await send(server, method, `/api/dashboard/team/${own}`, { cookie: adminCookie, body });
      assert.equal(answer.status, 403, answer.text);
      assert.match(answer.body.error.message, /Only the team's owner changes your own role.*leave the team/);
    }
  });

  test("an editor's Team writes act on the editor's own team; without the workspace chosen the admin's do too; another team's ids are 404", async () => {
    const editorCookie = await choose(server, editor, owner.id);
    assert.equal((await send(server, "PATCH", `/api/dashboard/team/${ids[adminPerson.email]}`, { cookie: editorCookie, body: { role: "viewer" } })).status, 404);
    assert.equal((await send(server, "PATCH", `/api/dashboard/team/${ids[editor.email]}`, { cookie: adminPerson.cookie, body: { role: "viewer" } })).status, 404, "own workspace: own team only");
    const invited = `editors-own-${Date.now()}@example.test`;
    assert.equal((await send(server, "POST", "/api/dashboard/team", { cookie: editorCookie, body: { email: invited, role: "viewer" } })).status, 201);
    assert.doesNotMatch(await teamPage(server, owner.cookie), new RegExp(escaped(invited)), "the editor invited to their own team, not the owner's");
    const stranger = await person(server);
    const strangers = await admin(server, "team", "add", "--owner", stranger.email, "--member", editor.email, "--role", "viewer", "--status", "active");
    assert.equal((await send(server, "DELETE", `/api/dashboard/team/${String(strangers.id)}`, { cookie: adminCookie })).status, 404);
  });

  test("an admin demoted by the owner loses the controls on the next request", async () => {
    const demoted = await send(server, "PATCH", `/api/dashboard/team/${ids[adminPerson.email]}`, { cookie: owner.cookie, body: { role: "editor" } });
    assert.equal(demoted.status, 200, demoted.text);
    assert.equal((await send(server, "PATCH", `/api/dashboard/team/${ids[editor.email]}`, { cookie: adminCookie, body: { role: "viewer" } })).status, 404);
    assert.doesNotMatch(await teamPage(server, adminCookie), /Invite a member/);
  });
});
