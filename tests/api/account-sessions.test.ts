import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, person, send, signIn } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// The account page's sessions: each signed-in browser listed with its device, address and last
// use; one ended on its own (that browser is out, the others stay); another account's session is
// not found; signing out, "sign out everywhere" and a password change take sessions off the list.

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface Listed {
  id: string;
  device: string;
  ip: string | null;
  lastSeenAt: string;
  current: boolean;
}

async function list(server: HopServer, cookie: string, userAgent = FIREFOX): Promise<Listed[]> {
  const answer = await send(server, "GET", "/api/dashboard/account/sessions", { cookie, headers: { "user-agent": userAgent } });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.sessions;
}

describe("account sessions", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test("every browser is listed with device, address and last use; ending one signs out that one only", async () => {
    const who = await person(server);
    const phone = await signIn(server, who.email);
    // The phone uses its session once (that notes it), then the laptop reads the list.
    assert.equal((await send(server, "GET", "/api/dashboard/account/sessions", { cookie: phone, headers: { "user-agent": SAFARI_IPHONE } })).status, 200);
    const sessions = await list(server, who.cookie);
    assert.equal(sessions.length, 2, JSON.stringify(sessions));
    const mine = sessions.find((s) => s.current);
    const other = sessions.find((s) => !s.current);
    assert.equal(mine?.device, "Firefox on Windows");
    assert.equal(other?.device, "Mobile Safari on iOS");
    assert.equal(other?.ip, "127.0.0.1");
    assert.ok(Math.abs(Date.parse(other!.lastSeenAt) - Date.now()) < 120_000);

    const ended = await send(server, "DELETE", `/api/dashboard/account/sessions/${other!.id}`, { cookie: who.cookie });
    assert.equal(ended.status, 204, ended.text);
    assert.equal((await send(server, "GET", "/api/dashboard/account/sessions", { cookie: phone })).status, 401, "the phone is signed out");
    assert.deepEqual((await list(server, who.cookie)).map((s) => s.current), [true], "this browser stays");
    assert.equal((await send(server, "DELETE", `/api/dashboard/account/sessions/${other!.id}`, { cookie: who.cookie })).status, 404, "already ended");
  });

  test("another account cannot see or end a session of this one", async () => {
    const owner = await person(server);
    const stranger = await person(server);
    const [session] = await list(server, owner.cookie);
    assert.ok(session);
    assert.ok(!(await list(server, stranger.cookie)).some((s) => s.id === session.id));
    const refused = await send(server, "DELETE", `/api/dashboard/account/sessions/${session.id}`, { cookie: stranger.cookie });
    assert.equal(refused.status, 404, refused.text);
    assert.equal((await list(server, owner.cookie)).length, 1, "the owner is still signed in");
  });

  test("signing out, a password change and 'sign out everywhere' take sessions off the list", async () => {
    const who = await person(server);
    const second = await signIn(server, who.email);
    await list(server, second);
    assert.equal((await list(server, who.cookie)).length, 2);
    const out = await send(server, "POST", "/api/dashboard/signout", { cookie: second });
    assert.ok(out.status < 400, out.text);
    assert.equal((await list(server, who.cookie)).length, 1, "the signed-out session is gone");

    const third = await signIn(server, who.email);
    await list(server, third);
    const changed = await send(server, "POST", "/api/dashboard/account/password", { cookie: who.cookie, body: { currentPassword: PASSWORD, newPassword: "a new long password" } });
    assert.equal(changed.status, 200, changed.text);
    const fresh = String(changed.headers["set-cookie"]).split(";")[0];
    assert.deepEqual((await list(server, fresh)).map((s) => s.current), [true], "only the browser that changed it");

    assert.equal((await send(server, "DELETE", "/api/dashboard/account/sessions", { cookie: fresh })).status, 204);
    const again = await signIn(server, who.email, "a new long password");
    assert.deepEqual((await list(server, again)).map((s) => s.current), [true]);
  });
});
