import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { totpCode } from "../../lib/auth/totp";
import { PASSWORD, person, send, type Person } from "../helpers/dashboard-routes";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Two-factor codes end to end over HTTP: set-up with a first code, the second sign-in step (no
// session without it), a code used once, recovery codes used once, wrong codes throttled like
// passwords, turning off only with a code, the operator's reset and the team owner's requirement.

const WINDOW_MS = 15 * 60_000;
beforeEach(async () => {
  // The sign-in budget is a sliding window: start clear of its edge (see dashboard-account-password.test.ts).
  const untilEdge = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (untilEdge < 60_000) await new Promise((resolve) => setTimeout(resolve, untilEdge + 1_000));
});

interface Attempt {
  status: number;
  session: string | null;
  error: string | null;
}

/** One POST of the login form (as components/dashboard/sign-in.ts sends it), with or without a code. */
async function attempt(server: HopServer, email: string, password: string, code?: string): Promise<Attempt> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ email, password, ...(code === undefined ? {} : { code }), csrfToken, json: "true" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token=") && !c.startsWith("next-auth.session-token=;"));
  const body = (await response.json().catch(() => ({}))) as { url?: string };
  return { status: response.status, session: session ? session.split(";")[0] : null, error: body.url ? new URL(body.url).searchParams.get("error") : null };
}

/** Turns two-factor sign-in on for `who`; answers the secret and the recovery codes, and updates its cookie. */
async function enable(server: HopServer, who: Person): Promise<{ secret: string; codes: string[] }> {
  const setup = await send(server, "POST", "/api/dashboard/account/two-factor/setup", { cookie: who.cookie });
  assert.equal(setup.status, 200, setup.text);
  const on = await send(server, "POST", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: totpCode(setup.body.secret) } });
  assert.equal(on.status, 200, on.text);
  who.cookie = String(on.headers["set-cookie"]).split(";")[0];
  return { secret: setup.body.secret, codes: on.body.recoveryCodes };
}

describe("two-factor sign-in", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test("set-up: a QR code of the otpauth URI, on only with a right first code, ten recovery codes, other sessions ended", async () => {
    const who = await person(server);
    const other = await attempt(server, who.email, PASSWORD);
    assert.ok(other.session);
    const setup = await send(server, "POST", "/api/dashboard/account/two-factor/setup", { cookie: who.cookie });
    assert.equal(setup.status, 200, setup.text);
    assert.match(setup.body.secret, /^[A-Z2-7]{32}$/);
    assert.equal(new URL(setup.body.uri).searchParams.get("secret"), setup.body.secret);
    assert.match(setup.body.qrSvg, /^<svg[\s\S]*<path/);
    // Not on yet: the password alone still signs in.
    assert.ok((await attempt(server, who.email, PASSWORD)).session);

    const wrong = await send(server, "POST", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: "000000" === totpCode(setup.body.secret) ? "111111" : "000000" } });
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.error.field, "code");
    const on = await send(server, "POST", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: totpCode(setup.body.secret) } });
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.recoveryCodes.length, 10);
    assert.equal(new Set(on.body.recoveryCodes).size, 10);
    for (const code of on.body.recoveryCodes) assert.match(code, /^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // This browser keeps a fresh session; the others (signed in with the password alone) end.
    const fresh = String(on.headers["set-cookie"]).split(";")[0];
    assert.equal((await send(server, "PATCH", "/api/dashboard/account", { cookie: fresh, body: { name: "Still in", email: who.email } })).status, 200);
    assert.equal((await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Old", email: who.email } })).status, 401);
    assert.equal((await send(server, "PATCH", "/api/dashboard/account", { cookie: other.session!, body: { name: "Old", email: who.email } })).status, 401);
    // A second set-up is refused while it is on.
    assert.equal((await send(server, "POST", "/api/dashboard/account/two-factor/setup", { cookie: fresh })).status, 409);
  });

  test("two parallel set-up confirmations with one code: one turns it on, the other is refused; the shown codes are the ones that work", async () => {
    const who = await person(server);
    const setup = await send(server, "POST", "/api/dashboard/account/two-factor/setup", { cookie: who.cookie });
    const code = totpCode(setup.body.secret);
    const answers = await Promise.all([0, 1].map(() => send(server, "POST", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code } })));
    // The other is refused: 409, or 401 when it arrives after the first ended this session's version.
    const won = answers.find((a) => a.status === 200);
    const lost = answers.find((a) => a !== won);
    assert.ok(won && lost && [401, 409].includes(lost.status), answers.map((a) => `${a.status} ${a.text}`).join(" | "));
    assert.ok((await attempt(server, who.email, PASSWORD, won.body.recoveryCodes[0])).session, "the shown recovery codes are the stored ones");
  });

  test("sign-in: no session without the code; a wrong code is refused; a code works once; a recovery code works once", async () => {
    const who = await person(server);
    const { secret, codes } = await enable(server, who);
    const none = await attempt(server, who.email, PASSWORD);
    assert.equal(none.session, null, "no session before the code");
    assert.equal(none.error, "SecondFactorRequired");
    // A wrong password says nothing about a second step.
    const badPassword = await attempt(server, who.email, "not the password", totpCode(secret));
    assert.equal(badPassword.session, null);
    assert.equal(badPassword.error, "CredentialsSignin");
    const wrong = await attempt(server, who.email, PASSWORD, "123456" === totpCode(secret) ? "654321" : "123456");
    assert.equal(wrong.session, null);
    assert.equal(wrong.error, "SecondFactorWrong");
    // The next step's code (one step of drift is allowed): the set-up used the current one.
    const next = totpCode(secret, Date.now() + 30_000);
    const right = await attempt(server, who.email, PASSWORD, ` ${next.slice(0, 3)} ${next.slice(3)} `);
    assert.ok(right.session, "signed in with password and code");
    const replay = await attempt(server, who.email, PASSWORD, next);
    assert.equal(replay.session, null, "a code is good once");
    assert.equal(replay.error, "SecondFactorWrong");

    const recovered = await attempt(server, who.email, PASSWORD, codes[3].toUpperCase());
    assert.ok(recovered.session, "a recovery code signs in");
    assert.equal((await attempt(server, who.email, PASSWORD, codes[3])).session, null, "and only once");
    const page = await (await fetch(`${server.url}/account`, { headers: { cookie: recovered.session! } })).text();
    assert.match(page, /9 of 10 recovery codes left/);
  });

  test("wrong codes spend the sign-in budget: ten, then 429 even for the right code and password", async () => {
    const who = await person(server);
    const { secret } = await enable(server, who);
    // Asking for the code is no failure: these do not count.
    for (let i = 0; i < 12; i += 1) assert.equal((await attempt(server, who.email, PASSWORD)).error, "SecondFactorRequired");
    const wrongCode = totpCode(secret) === "000000" ? "111111" : "000000";
    for (let i = 0; i < 10; i += 1) {
      const wrong = await attempt(server, who.email, PASSWORD, i % 2 ? wrongCode : "zzzzz-zzzzz");
      assert.equal(wrong.error, "SecondFactorWrong", `try ${i + 1}`);
    }
    const blocked = await attempt(server, who.email, PASSWORD, totpCode(secret, Date.now() + 30_000));
    assert.equal(blocked.status, 429);
    assert.equal(blocked.session, null);
    // The account page's doors share the budget.
    const off = await send(server, "DELETE", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: totpCode(secret, Date.now() + 30_000) } });
    assert.equal(off.status, 429, off.text);
    assert.equal(off.body.error.code, "too_many_attempts");
  });

  test("off only with a code or a recovery code; then the password alone signs in", async () => {
    const who = await person(server);
    const { codes } = await enable(server, who);
    const none = await send(server, "DELETE", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: {} });
    assert.equal(none.status, 400, none.text);
    const wrong = await send(server, "DELETE", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: "aaaaa-aaaaa" } });
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.error.field, "code");
    assert.equal((await attempt(server, who.email, PASSWORD)).session, null, "still on");
    const off = await send(server, "DELETE", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: codes[0] } });
    assert.equal(off.status, 200, off.text);
    assert.ok((await attempt(server, who.email, PASSWORD)).session);
    assert.equal((await send(server, "DELETE", "/api/dashboard/account/two-factor", { cookie: who.cookie, body: { code: codes[1] } })).status, 409);
  });

  test("the operator's account reset-2fa: the password alone signs in again", async () => {
    const who = await person(server);
    await enable(server, who);
    assert.equal((await attempt(server, who.email, PASSWORD)).session, null);
    const reset = await admin(server, "account", "reset-2fa", "--email", who.email);
    assert.deepEqual(reset, { email: who.email, twoFactor: "off", recoveryCodesRemoved: 10 });
    assert.ok((await attempt(server, who.email, PASSWORD)).session);
  });

  test("a team owner's requirement: a member without two-factor sign-in cannot open the workspace until it is on; another owner's team is unaffected", async () => {
    const owner = await person(server);
    const otherOwner = await person(server);
    const member = await person(server);
    for (const team of [owner, otherOwner]) await admin(server, "team", "add", "--owner", team.email, "--member", member.email, "--role", "editor");
    const rule = await send(server, "PUT", "/api/dashboard/team/two-factor", { cookie: owner.cookie, body: { required: true } });
    assert.equal(rule.status, 200, rule.text);
    assert.deepEqual(rule.body, { required: true });
    assert.equal((await send(server, "PUT", "/api/dashboard/team/two-factor", { cookie: owner.cookie, body: { required: "yes" } })).status, 400);

    const refused = await send(server, "POST", "/api/dashboard/workspace", { cookie: member.cookie, body: { ownerId: owner.id } });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.error.message, /requires two-factor sign-in/);
    // A workspace cookie set before the rule falls back to the member's own workspace.
    const stale = await fetch(`${server.url}/team`, { headers: { cookie: `${member.cookie}; hop_workspace=${owner.id}` } });
    assert.match(await stale.text(), /Sign-in rules/, "the member's own team page, not the owner's workspace");
    assert.equal((await send(server, "POST", "/api/dashboard/workspace", { cookie: member.cookie, body: { ownerId: otherOwner.id } })).status, 200);

    await enable(server, member);
    assert.equal((await send(server, "POST", "/api/dashboard/workspace", { cookie: member.cookie, body: { ownerId: owner.id } })).status, 200);
    const lifted = await send(server, "PUT", "/api/dashboard/team/two-factor", { cookie: owner.cookie, body: { required: false } });
    assert.deepEqual(lifted.body, { required: false });
  });
});
