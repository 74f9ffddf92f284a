import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { invitationToken, PASSWORD, person, send, signIn, type Person } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { startServerWithSmtp, type ReceivedMail } from "../helpers/smtp";

// Team invitations are one-time links: e-mails are never verified, so whoever registered an address
// first must get nothing meant for its owner. Whoever holds the link (and accepts) joins with the
// invited role; the invite answer never tells whether an account uses the address; a link works
// once, can be replaced or cancelled; signed out, the link survives sign-up or sign-in; with SMTP
// configured the link is e-mailed (received here by a real SMTP server).

const invite = (server: HopServer, owner: Person, email: string, role = "editor") => send(server, "POST", "/api/dashboard/team", { cookie: owner.cookie, body: { email, role } });
const accept = (server: HopServer, cookie: string, token: string) => send(server, "POST", "/api/dashboard/invitations/accept", { cookie, body: { token } });
const teams = async (server: HopServer, who: Person) => (await api(server, "GET", "/v1/account/profile", { key: who.key })).body.teams;
const email = () => `i-${randomBytes(5).toString("hex")}@example.test`;

async function page(server: HopServer, path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("team invitations by one-time link", () => {
  let server: HopServer;
  let owner: Person;
  before(async () => {
    server = await startServer();
    owner = await person(server);
  });
  after(() => server.stop());

  test("the invite answer is the same whether or not an account uses the address", async () => {
    const existing = await person(server);
    const taken = await invite(server, owner, existing.email);
    const free = await invite(server, owner, email());
    assert.equal(taken.status, 201, taken.text);
    assert.equal(free.status, 201, free.text);
    const shape = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v]));
    assert.deepEqual(shape(taken.body), shape(free.body));
    assert.deepEqual(Object.keys(taken.body).sort(), ["email", "emailed", "expiresAt", "id", "link", "path", "role"]);
    assert.equal(taken.body.emailed, false, "no SMTP_URL: nothing is sent, the link is shown");
    assert.match(taken.body.path, /^\/invite\/[A-Za-z0-9_-]{43}$/);
    assert.ok(taken.body.link.endsWith(taken.body.path));
    const days = (Date.parse(taken.body.expiresAt) - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);
  });

  test("the account that registered the invited e-mail gets nothing; whoever holds the link joins with the role", async () => {
    const squatter = await person(server);
    const invited = await invite(server, owner, squatter.email, "editor");
    assert.equal(invited.status, 201, invited.text);
    assert.deepEqual(await teams(server, squatter), [], "no membership, pending or active, for the address's account");
    const chosen = await send(server, "POST", "/api/dashboard/workspace", { cookie: squatter.cookie, body: { ownerId: owner.id } });
    assert.equal(chosen.status, 404, chosen.text);

    const holder = await person(server);
    const joined = await accept(server, holder.cookie, invitationToken(invited.body));
    assert.equal(joined.status, 200, joined.text);
    assert.deepEqual({ ownerId: joined.body.ownerId, role: joined.body.role, status: joined.body.status }, { ownerId: owner.id, role: "editor", status: "active" });
    assert.deepEqual(await teams(server, holder), [{ ownerId: owner.id, ownerEmail: owner.email, role: "editor", status: "active" }]);
    assert.deepEqual(await teams(server, squatter), []);
  });

  test("a link works once; a new link replaces the old one; a cancelled link stops working", async () => {
    const address = email();
    const first = await invite(server, owner, address, "viewer");
    const second = await invite(server, owner, address, "admin");
    assert.equal(second.body.id, first.body.id, "one invitation per address");
    const someone = await person(server);
    const stale = await accept(server, someone.cookie, invitationToken(first.body));
    assert.equal(stale.status, 404, stale.text);
    assert.equal(stale.body.error.code, "not_found");
    assert.equal((await accept(server, someone.cookie, invitationToken(second.body))).body.role, "admin");
    const again = await accept(server, (await person(server)).cookie, invitationToken(second.body));
    assert.equal(again.status, 404, "used up");

    const cancelled = await invite(server, owner, email());
    const stranger = await person(server);
    assert.equal((await send(server, "DELETE", `/api/dashboard/team/invitations/${cancelled.body.id}`, { cookie: stranger.cookie })).status, 404, "not the stranger's");
    assert.equal((await send(server, "DELETE", `/api/dashboard/team/invitations/${cancelled.body.id}`, { cookie: owner.cookie })).status, 200);
    assert.equal((await accept(server, stranger.cookie, invitationToken(cancelled.body))).status, 404);
    for (const token of ["", "x", "a".repeat(43), `${invitationToken(cancelled.body)}x`]) {
      const answer = await accept(server, stranger.cookie, token);
      assert.equal(answer.status, 404, `${JSON.stringify(token)}: ${answer.text}`);
    }
  });

  test("the owner's own link is refused to the owner and stays usable", async () => {
    const invited = await invite(server, owner, email());
    const own = await accept(server, owner.cookie, invitationToken(invited.body));
    assert.equal(own.status, 400, own.text);
    assert.equal((await accept(server, (await person(server)).cookie, invitationToken(invited.body))).status, 200);
  });

  test("signed out, the link leads through sign-up and back; opening it changes nothing until Accept", async () => {
    const invited = await invite(server, owner, email(), "viewer");
    const path = invited.body.path as string;
    const signedOut = await page(server, path);
    assert.equal(signedOut.status, 200);
    assert.ok(signedOut.html.includes(`/signup?callbackUrl=${encodeURIComponent(path)}`), "a sign-up link that comes back");
    assert.ok(signedOut.html.includes(`/login?callbackUrl=${encodeURIComponent(path)}`), "a sign-in link that comes back");

    const newcomer = email();
    const created = await send(server, "POST", "/api/dashboard/signup", { body: { name: "New Person", email: newcomer, password: PASSWORD } });
    assert.equal(created.status, 201, created.text);
    const cookie = await signIn(server, newcomer);
    const back = await page(server, `/login?callbackUrl=${encodeURIComponent(path)}`, cookie);
    assert.equal(back.status, 307);
    assert.equal(back.location, path, "signed in, the sign-in page sends the person back to the link");
    const signedUpBack = await page(server, `/signup?callbackUrl=${encodeURIComponent(path)}`, cookie);
    assert.equal(signedUpBack.location, path);
    for (let i = 0; i < 2; i += 1) {
      const opened = await page(server, path, cookie);
      assert.equal(opened.status, 200);
      assert.match(opened.html, /Join .*team/);
    }
    const joined = await accept(server, cookie, invitationToken(invited.body));
    assert.equal(joined.status, 200, joined.text);
    assert.equal(joined.body.role, "viewer");
    const used = await page(server, path, cookie);
    assert.match(used.html, /This invitation link does not work/);
  });
});

describe("team invitations with SMTP configured", () => {
  let received: ReceivedMail[] = [];
  let server: HopServer;
  let stop: () => Promise<void>;
  before(async () => {
    const started = await startServerWithSmtp("Hop <team@hop.example>");
    ({ server, stop } = started);
    received = started.smtp.received;
  });
  after(() => stop());

  test("the link is e-mailed to the address, and the e-mailed link joins whoever follows it", async () => {
    const owner = await person(server);
    const address = email();
    const invited = await invite(server, owner, address, "admin");
    assert.equal(invited.status, 201, invited.text);
    assert.equal(invited.body.emailed, true);
    const mail = received.find((m) => m.to.includes(address));
    assert.ok(mail, "the SMTP server received the invitation");
    assert.equal(mail.from, "team@hop.example");
    const unfolded = mail.raw.replace(/=\r?\n/g, "");
    const link = /\/invite\/([A-Za-z0-9_-]{43})/.exec(unfolded);
    assert.ok(link, `a link in the message:\n${mail.raw}`);
    assert.equal(link[1], invitationToken(invited.body));
    const follower = await person(server);
    const joined = await accept(server, follower.cookie, link[1]);
    assert.equal(joined.status, 200, joined.text);
    assert.equal(joined.body.role, "admin");

    // The new admin invites from the owner's workspace: the e-mail names them and the owner's team.
    const chosen = await send(server, "POST", "/api/dashboard/workspace", { cookie: follower.cookie, body: { ownerId: owner.id } });
    assert.equal(chosen.status, 200, chosen.text);
    const inWorkspace = `${follower.cookie}; ${String(chosen.headers["set-cookie"]).split(";")[0]}`;
    const second = email();
    const byAdmin = await send(server, "POST", "/api/dashboard/team", { cookie: inWorkspace, body: { email: second, role: "viewer" } });
    assert.equal(byAdmin.status, 201, byAdmin.text);
    const adminMail = received.find((m) => m.to.includes(second));
    assert.ok(adminMail, "the SMTP server received the admin's invitation");
    assert.ok(adminMail.raw.includes(`${follower.email}, an admin of ${owner.email}'s team, invited you to join it on Hop as viewer.`), adminMail.raw);
  });
});
