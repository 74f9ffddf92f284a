import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { PASSWORD, person, send, signInAttempt, type Person } from "../helpers/dashboard-routes";
import { ssoOverHttp, startTestIdp, type TestIdp } from "../helpers/oidc-provider";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Single sign-on over HTTP against a real OpenID provider on loopback (tests/helpers/oidc-provider.ts):
// a first sign-in whose address has an account gives no session, only a ticket that the account's
// own password turns into a link; the linked sign-ins of one account are not another's to see or
// unlink; the last way into an account without a password stays; SIGNUP=oidc-only and
// OIDC_LINK_EXISTING=auto; SIGNUP=closed refuses a new address.

const ID = "idp";

async function withIdp(env: Record<string, string> = {}): Promise<{ idp: TestIdp; server: HopServer }> {
  const idp = await startTestIdp();
  const server = await startServer({ env: { OIDC_PROVIDERS: idp.providersEnv(ID, "Test ID"), ...env } });
  idp.register(`${server.url}/api/auth/callback/${ID}`);
  return { idp, server };
}

const ticketOf = (location: string) => new URL(location, "http://hop.test").searchParams.get("ticket") ?? "";
const signInIdsOf = (html: string) => [...html.matchAll(/data-sign-in-id="([^"]+)"/g)].map((m) => m[1]);

describe("single sign-on: linking an existing account needs its password", () => {
  let idp: TestIdp;
  let server: HopServer;
  const alice = { email: "alice@example.test", password: "alices own password" };
  let bob: Person;
  before(async () => {
    ({ idp, server } = await withIdp());
    await admin(server, "account", "create", "--email", alice.email, "--password", alice.password);
    bob = await person(server);
    idp.people.set("alice-at-idp", { email: alice.email, email_verified: true });
    idp.people.set("bob-at-idp", { email: bob.email, email_verified: true });
  });
  after(async () => {
    await server.stop();
    await idp.close();
  });

  test("a first sign-in with an account's address signs nobody in: it leads to the link page with a sealed ticket", async () => {
    const answer = await ssoOverHttp(server.url, ID, "alice-at-idp");
    assert.match(answer.location, /^\/login\/link\?ticket=/);
    assert.equal(answer.session, null);
    const page = await send(server, "GET", answer.location);
    assert.equal(page.status, 200);
    assert.match(page.text, /Link your Test ID sign-in/);
  });

  test("the ticket links only with that account's password: a wrong one, another account's, or an altered ticket is refused without a session", async () => {
    const ticket = ticketOf((await ssoOverHttp(server.url, ID, "alice-at-idp")).location);
    const wrong = await send(server, "POST", "/api/dashboard/sso-link", { body: { ticket, password: "not the password" } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error.field, "password");
    assert.equal(wrong.headers["set-cookie"], undefined);
    // Bob's password is right for Bob, not for the account the ticket names.
    const others = await send(server, "POST", "/api/dashboard/sso-link", { body: { ticket, password: PASSWORD } });
    assert.equal(others.status, 400);
    const altered = await send(server, "POST", "/api/dashboard/sso-link", { body: { ticket: `${ticket.slice(0, -4)}AAAA`, password: alice.password } });
    assert.equal(altered.status, 400);
    assert.equal(altered.body.error.field, "ticket");
    // Still not linked: the provider leads to the link page again.
    assert.match((await ssoOverHttp(server.url, ID, "alice-at-idp")).location, /^\/login\/link/);
  });

  test("the right password links and signs in; from then on the provider signs in directly", async () => {
    const ticket = ticketOf((await ssoOverHttp(server.url, ID, "alice-at-idp")).location);
    const linked = await send(server, "POST", "/api/dashboard/sso-link", { body: { ticket, password: alice.password } });
    assert.equal(linked.status, 200, linked.text);
    const cookie = String(linked.headers["set-cookie"]).split(";")[0];
    const account = await send(server, "GET", "/account", { cookie });
    assert.equal(account.status, 200);
    assert.equal(signInIdsOf(account.text).length, 1);
    const again = await ssoOverHttp(server.url, ID, "alice-at-idp");
    assert.equal(again.location.replace(/^https?:\/\/[^/]+/, ""), "/");
    assert.ok(again.session, "signed in by the provider alone");
  });

  test("another account can neither see nor unlink Alice's linked sign-in (404), and hers stays", async () => {
    const aliceSession = (await ssoOverHttp(server.url, ID, "alice-at-idp")).session!;
    const [id] = signInIdsOf((await send(server, "GET", "/account", { cookie: aliceSession })).text);
    assert.ok(id);
    const bobsPage = await send(server, "GET", "/account", { cookie: bob.cookie });
    assert.deepEqual(signInIdsOf(bobsPage.text), []);
    const refused = await send(server, "DELETE", `/api/dashboard/account/sign-ins/${id}`, { cookie: bob.cookie });
    assert.equal(refused.status, 404);
    assert.ok((await ssoOverHttp(server.url, ID, "alice-at-idp")).session, "Alice's link still signs her in");
  });

  test("an account with a password may unlink its sign-in; the provider then needs the password again", async () => {
    const session = (await ssoOverHttp(server.url, ID, "alice-at-idp")).session!;
    const [id] = signInIdsOf((await send(server, "GET", "/account", { cookie: session })).text);
    const unlinked = await send(server, "DELETE", `/api/dashboard/account/sign-ins/${id}`, { cookie: session });
    assert.equal(unlinked.status, 204);
    const log = await send(server, "GET", "/api/dashboard/audit-log/export?action=account", { cookie: session });
    assert.equal(log.status, 200, log.text);
    assert.match(log.text, /account\.sign_in_linked/);
    assert.match(log.text, /account\.sign_in_unlinked/);
    assert.match((await ssoOverHttp(server.url, ID, "alice-at-idp")).location, /^\/login\/link/);
  });

  test("a new verified address makes an account without a password, whose only sign-in cannot be unlinked", async () => {
    const made = await ssoOverHttp(server.url, ID, "newcomer");
    assert.ok(made.session);
    const [id] = signInIdsOf((await send(server, "GET", "/account", { cookie: made.session! })).text);
    const refused = await send(server, "DELETE", `/api/dashboard/account/sign-ins/${id}`, { cookie: made.session! });
    assert.equal(refused.status, 409);
    assert.match(refused.body.error.message, /only way to sign in/);
    // No password: the password form cannot open it.
    assert.equal((await signInAttempt(server, "newcomer@example.test", PASSWORD)).session, null);
  });

  test("an unverified address neither makes nor links an account", async () => {
    idp.people.set("unverified", { email: alice.email, email_verified: false });
    const answer = await ssoOverHttp(server.url, ID, "unverified");
    assert.equal(answer.location, "/login?error=SsoEmailUnverified");
    assert.equal(answer.session, null);
  });
});

describe("single sign-on: SIGNUP=oidc-only with OIDC_LINK_EXISTING=auto, and SIGNUP=closed", () => {
  test("oidc-only refuses a password sign-up but lets a provider make an account; auto links an existing address at once", async () => {
    const { idp, server } = await withIdp({ SIGNUP: "oidc-only", OIDC_LINK_EXISTING: "auto" });
    try {
      await admin(server, "account", "create", "--email", "first@example.test", "--password", PASSWORD);
      const signup = await send(server, "POST", "/api/dashboard/signup", { body: { name: "Pat", email: "pat@example.test", password: "long enough password" } });
      assert.equal(signup.status, 403);
      assert.ok((await ssoOverHttp(server.url, ID, "pat")).session, "the provider makes Pat's account");
      idp.people.set("first-at-idp", { email: "first@example.test", email_verified: true });
      const linked = await ssoOverHttp(server.url, ID, "first-at-idp");
      assert.ok(linked.session, "linked without the password");
      const login = await send(server, "GET", "/login");
      assert.match(login.text, /your first sign-in creates your account/);
    } finally {
      await server.stop();
      await idp.close();
    }
  });

  test("closed refuses a new address with a message, and still signs in a linked one", async () => {
    const { idp, server } = await withIdp({ SIGNUP: "closed", OIDC_LINK_EXISTING: "auto" });
    try {
      await admin(server, "account", "create", "--email", "first@example.test", "--password", PASSWORD);
      const refused = await ssoOverHttp(server.url, ID, "stranger");
      assert.equal(refused.location, "/login?error=SsoSignUpClosed");
      assert.equal(refused.session, null);
      const page = await send(server, "GET", refused.location);
      assert.match(page.text, /sign-up is closed/);
      idp.people.set("first-at-idp", { email: "first@example.test", email_verified: true });
      assert.ok((await ssoOverHttp(server.url, ID, "first-at-idp")).session);
    } finally {
      await server.stop();
      await idp.close();
    }
  });
});
