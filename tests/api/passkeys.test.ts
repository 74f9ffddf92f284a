import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { api } from "../helpers/api";
import { person, send, type Person } from "../helpers/dashboard-routes";
import { SoftAuthenticator } from "../helpers/soft-authenticator";
import { freePort } from "../../scripts/harness/own-services";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Passkeys over HTTP, with an authenticator in software (tests/helpers/soft-authenticator.ts):
// adding one (options → answer → verified and stored), renaming and removing it, signing in with
// it alone and as the second step after a password; refused bodies, challenges never handed out,
// used twice or handed to another account, answers for another origin or without user
// verification, another account's passkey (404), and failures spending the sign-in budget.
// The browser's side (Chromium's virtual authenticator) is tests/e2e/passkeys.spec.ts.

const WINDOW_MS = 15 * 60_000;
beforeEach(async () => {
  // The sign-in budget is a window from the first attempt: start clear of its edge (see two-factor.test.ts).
  const untilEdge = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (untilEdge < 60_000) await new Promise((resolve) => setTimeout(resolve, untilEdge + 1_000));
});

const cookieOf = (answer: { headers: Record<string, string | string[] | undefined> }) => {
  const value = [answer.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("next-auth.session-token="));
  return value ? value.split(";")[0] : null;
};

describe("passkeys", () => {
  let server: HopServer;
  let origin: string;
  before(async () => {
    // WebAuthn refuses an IP address as relying party id: the app's address is localhost.
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await startServer({ env: { PORT: String(port), APP_URL: origin } });
  });
  after(() => server.stop());

  async function addPasskey(who: Person, authenticator = new SoftAuthenticator(origin)) {
    const options = await send(server, "POST", "/api/dashboard/account/passkeys/options", { cookie: who.cookie });
    assert.equal(options.status, 200, options.text);
    const added = await send(server, "POST", "/api/dashboard/account/passkeys", { cookie: who.cookie, body: { response: authenticator.register(options.body.options) } });
    assert.equal(added.status, 201, added.text);
    return { authenticator, passkey: added.body.passkey as { id: string; name: string } };
  }

  async function signInOptions() {
    const options = await send(server, "POST", "/api/dashboard/passkey-sign-in/options", { origin: server.url });
    assert.equal(options.status, 200, options.text);
    return options.body.options as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] };
  }

  test("registration options: a discoverable credential for APP_URL's host, the user verified", async () => {
    const who = await person(server);
    const options = await send(server, "POST", "/api/dashboard/account/passkeys/options", { cookie: who.cookie });
    assert.equal(options.status, 200, options.text);
    assert.equal(options.body.options.rp.id, "localhost");
    assert.equal(options.body.options.user.name, who.email);
    assert.equal(options.body.options.authenticatorSelection.residentKey, "required");
    assert.equal(options.body.options.authenticatorSelection.userVerification, "required");
    assert.match(options.body.options.challenge, /^[A-Za-z0-9_-]{20,}$/);
  });

  test("add, list, rename, remove; audit entries; another account's passkey is 404", async () => {
    const who = await person(server);
    const other = await person(server);
    const { passkey } = await addPasskey(who);
    assert.match(passkey.id, /^pk_/);
    assert.match(passkey.name, /^Passkey on /);
    const list = await send(server, "GET", "/api/dashboard/account/passkeys", { cookie: who.cookie });
    assert.deepEqual(list.body.passkeys.map((p: { id: string }) => p.id), [passkey.id]);
    assert.equal(list.body.passkeys[0].lastUsedAt, null);
    assert.deepEqual((await send(server, "GET", "/api/dashboard/account/passkeys", { cookie: other.cookie })).body.passkeys, []);

    // Another account names it: not found, and nothing changes.
    const foreignRename = await send(server, "PATCH", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: other.cookie, body: { name: "Mine now" } });
    assert.equal(foreignRename.status, 404, foreignRename.text);
    assert.equal((await send(server, "DELETE", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: other.cookie })).status, 404);

    const renamed = await send(server, "PATCH", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: who.cookie, body: { name: "  Work laptop " } });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.passkey.name, "Work laptop");
    assert.equal((await send(server, "PATCH", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: who.cookie, body: { name: " " } })).status, 400);
    assert.equal((await send(server, "PATCH", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: who.cookie, body: { name: "x".repeat(61) } })).status, 400);

    assert.equal((await send(server, "DELETE", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: who.cookie })).status, 204);
    assert.equal((await send(server, "DELETE", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: who.cookie })).status, 404);
    assert.deepEqual((await send(server, "GET", "/api/dashboard/account/passkeys", { cookie: who.cookie })).body.passkeys, []);

    const audit = await api(server, "GET", "/v1/audit-log?limit=100", { key: who.key });
    const actions = (audit.body.data as { action: string; target?: { id?: string } }[]).map((entry) => entry.action);
    for (const action of ["account.passkey_added", "account.passkey_renamed", "account.passkey_removed"]) assert.ok(actions.includes(action), `${action} in ${actions.join(", ")}`);
  });

  test("adding is refused: bad bodies, a challenge never handed out, used twice, another account's, another origin, no user verification", async () => {
    const who = await person(server);
    const other = await person(server);
    const authenticator = new SoftAuthenticator(origin);
    const options = async (as: Person) => (await send(server, "POST", "/api/dashboard/account/passkeys/options", { cookie: as.cookie })).body.options;
    const post = (as: Person, body: unknown) => send(server, "POST", "/api/dashboard/account/passkeys", { cookie: as.cookie, body });

    const good = authenticator.register(await options(who));
    for (const body of [{}, { response: null }, { response: { ...good, type: "secret" } }, { response: { ...good, id: "not base64url!" } }, { response: { ...good, response: { ...good.response, attestationObject: "A".repeat(40_000) } } }, { response: good, name: "x".repeat(61) }]) {
      const refused = await post(who, body);
      assert.equal(refused.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${refused.text}`);
      assert.match(refused.body.error.code, /^(invalid_request|missing_required_field|value_too_long)$/);
    }
    // A challenge the server never handed out.
    const made = await post(who, { response: authenticator.register(await options(who), { challenge: "bm90LWEtY2hhbGxlbmdlLWZyb20taG9w" }) });
    assert.equal(made.status, 400, made.text);
    // Another account's challenge.
    const foreign = await post(who, { response: authenticator.register(await options(other)) });
    assert.equal(foreign.status, 400, foreign.text);
    // Another site's origin, and an authenticator that did not verify the user.
    assert.equal((await post(who, { response: authenticator.register(await options(who), { origin: "http://evil.test:1" }) })).status, 400);
    assert.equal((await post(who, { response: authenticator.register(await options(who), { userVerified: false }) })).status, 400);
    assert.deepEqual((await send(server, "GET", "/api/dashboard/account/passkeys", { cookie: who.cookie })).body.passkeys, []);

    // The right answer once; the same answer again finds its challenge used.
    const answer = authenticator.register(await options(who));
    assert.equal((await post(who, { response: answer })).status, 201);
    const again = await post(who, { response: answer });
    assert.equal(again.status, 400, again.text);
    assert.match(again.body.error.message, /ran out or was already used/);
    // Signed out: no options, no passkey.
    assert.equal((await send(server, "POST", "/api/dashboard/account/passkeys/options")).status, 401);
  });

  test("signing in with a passkey alone: the same session as a password's, listed; each answer once", async () => {
    const who = await person(server);
    const { authenticator, passkey } = await addPasskey(who);
    const options = await signInOptions();
    assert.equal(options.rpId, "localhost");
    assert.equal(options.userVerification, "required");
    assert.equal(options.allowCredentials, undefined);
    const answer = authenticator.authenticate(options);
    const signedIn = await send(server, "POST", "/api/dashboard/passkey-sign-in", { body: { response: answer } });
    assert.equal(signedIn.status, 200, signedIn.text);
    const cookie = cookieOf(signedIn);
    assert.ok(cookie, "a session cookie");
    const sessions = await send(server, "GET", "/api/dashboard/account/sessions", { cookie });
    assert.equal(sessions.status, 200, sessions.text);
    assert.ok(sessions.body.sessions.some((s: { current: boolean }) => s.current), "the passkey's session is on the list, marked as this browser");
    const listed = await send(server, "GET", "/api/dashboard/account/passkeys", { cookie });
    assert.equal(listed.body.passkeys.find((p: { id: string }) => p.id === passkey.id).lastUsedAt !== null, true);

    // The same answer again (a replay): its challenge is used up.
    const replay = await send(server, "POST", "/api/dashboard/passkey-sign-in", { body: { response: answer } });
    assert.equal(replay.status, 400, replay.text);
    assert.equal(cookieOf(replay), null);
  });

  test("signing in is refused: bad bodies, a made-up challenge, another origin, no user verification, an unknown or removed passkey", async () => {
    const who = await person(server);
    const { authenticator, passkey } = await addPasskey(who);
    const post = (body: unknown) => send(server, "POST", "/api/dashboard/passkey-sign-in", { body });
    const good = authenticator.authenticate(await signInOptions());
    for (const body of [{}, { response: "x" }, { response: good, extra: 1 }, { response: { ...good, response: { ...good.response, signature: "%%%" } } }]) {
      const refused = await post(body);
      assert.equal(refused.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${refused.text}`);
      assert.equal(cookieOf(refused), null);
    }
    const refusals = [
      authenticator.authenticate(await signInOptions(), { challenge: "bm90LWEtY2hhbGxlbmdlLWZyb20taG9w" }),
      authenticator.authenticate(await signInOptions(), { origin: "http://evil.test:1" }),
      authenticator.authenticate(await signInOptions(), { userVerified: false }),
      new SoftAuthenticator(origin).authenticate(await signInOptions()),
    ];
    for (const response of refusals) {
      const refused = await post({ response });
      assert.equal(refused.status, 400, refused.text);
      assert.equal(cookieOf(refused), null);
    }
    // Registration challenges are not sign-in challenges.
    const registration = (await send(server, "POST", "/api/dashboard/account/passkeys/options", { cookie: who.cookie })).body.options;
    assert.equal((await post({ response: authenticator.authenticate({ challenge: registration.challenge }) })).status, 400);
    // A removed passkey signs in no more.
    assert.equal((await send(server, "DELETE", `/api/dashboard/account/passkeys/${passkey.id}`, { cookie: who.cookie })).status, 204);
    assert.equal((await post({ response: authenticator.authenticate(await signInOptions()) })).status, 400);
  });

  test("as the second step: options only after the right password, for that account's passkeys only", async () => {
    const who = await person(server);
    const other = await person(server);
    const { authenticator } = await addPasskey(who);
    const { authenticator: othersKey } = await addPasskey(other);
    const step = (email: string, password: string) => send(server, "POST", "/api/dashboard/passkey-sign-in/second-factor", { body: { email, password } });

    const wrong = await step(who.email, "not the password");
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.options, undefined);
    assert.equal((await step(who.email, "")).status, 400);
    assert.equal((await send(server, "POST", "/api/dashboard/passkey-sign-in/second-factor", { body: { email: who.email } })).status, 400);

    const options = await step(who.email, "correct horse battery");
    assert.equal(options.status, 200, options.text);
    assert.deepEqual(options.body.options.allowCredentials.map((c: { id: string }) => c.id), [authenticator.id]);
    // Another account's passkey cannot answer this account's second step.
    const foreign = await send(server, "POST", "/api/dashboard/passkey-sign-in", { body: { response: othersKey.authenticate(options.body.options) } });
    assert.equal(foreign.status, 400, foreign.text);
    // That answer used the challenge up; a fresh one, answered by the account's own passkey, signs in.
    const fresh = (await step(who.email, "correct horse battery")).body.options;
    const signedIn = await send(server, "POST", "/api/dashboard/passkey-sign-in", { body: { response: authenticator.authenticate(fresh) } });
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.ok(cookieOf(signedIn));
  });

  test("failures spend the account's sign-in budget: past it even the right passkey waits (429)", async () => {
    const who = await person(server);
    const { authenticator } = await addPasskey(who);
    for (let i = 0; i < 10; i += 1) {
      const refused = await send(server, "POST", "/api/dashboard/passkey-sign-in", { body: { response: authenticator.authenticate(await signInOptions(), { userVerified: false }) } });
      assert.equal(refused.status, 400, refused.text);
    }
    const blocked = await send(server, "POST", "/api/dashboard/passkey-sign-in", { body: { response: authenticator.authenticate(await signInOptions()) } });
    assert.equal(blocked.status, 429, blocked.text);
    assert.equal(blocked.body.error.code, "too_many_attempts");
    assert.equal(cookieOf(blocked), null);
    // The password counts against the same budget.
    assert.equal((await send(server, "POST", "/api/dashboard/passkey-sign-in/second-factor", { body: { email: who.email, password: "correct horse battery" } })).status, 429);
  });
});
