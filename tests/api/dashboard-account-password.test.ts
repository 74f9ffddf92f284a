import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { PASSWORD, person, send, signIn, type Answer } from "../helpers/dashboard-routes";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// The account page's doors to the password: a new e-mail (the sign-in name) needs the current
// password, and wrong current passwords — on the e-mail change and the password change alike —
// spend the sign-in budget of the account (10 failures per 15 minutes, then 429 with Retry-After).
// A stolen session therefore neither takes the account over nor guesses the password faster.

const WINDOW_MS = 15 * 60_000;

// The limiter is a sliding window: a test that straddles a window's edge sees its first failures
// partly forgotten (by design). Each test lasts seconds: start it clear of an edge.
beforeEach(async () => {
  const untilEdge = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (untilEdge < 60_000) await new Promise((resolve) => setTimeout(resolve, untilEdge + 1_000));
});

function assertThrottled(answer: Answer) {
  assert.equal(answer.status, 429, answer.text);
  assert.equal(answer.body.error.code, "too_many_attempts");
  assert.equal(answer.body.error.field, "currentPassword");
  const retryAfter = Number(answer.headers["retry-after"]);
  assert.ok(retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${answer.headers["retry-after"]}`);
  assert.equal(answer.body.error.retryAfter, retryAfter);
}

describe("account: e-mail change and wrong current passwords", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer();
  });
  after(() => server.stop());

  test("a new e-mail needs the current password; the name alone does not", async () => {
    const who = await person(server);
    const next = `moved-${who.email}`;
    const without = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: next } });
    assert.equal(without.status, 400, without.text);
    assert.equal(without.body.error.field, "currentPassword");
    const wrong = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: next, currentPassword: "not it at all" } });
    assert.equal(wrong.status, 400, wrong.text);
    assert.equal(wrong.body.error.field, "currentPassword");

    const renamed = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: who.email } });
    assert.equal(renamed.status, 200, renamed.text);
    // pendingEmail: an address waiting for its confirmation (only with SMTP: none here).
    assert.deepEqual(renamed.body, { id: who.id, name: "Pat", email: who.email, pendingEmail: null });

    const moved = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: next, currentPassword: PASSWORD } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.email, next);
    await signIn(server, next);
  });

  test("ten wrong current passwords, then 429 with Retry-After even for the right one, on both forms", async () => {
    const who = await person(server);
    for (let i = 0; i < 10; i += 1) {
      const answer =
        i % 2 === 0
          ? await send(server, "POST", "/api/dashboard/account/password", { cookie: who.cookie, body: { currentPassword: `guess ${i}`, newPassword: "a brand new password" } })
          : await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: `x-${i}-${who.email}`, currentPassword: `guess ${i}` } });
      assert.equal(answer.status, 400, `try ${i + 1}: ${answer.text}`);
    }
    assertThrottled(await send(server, "POST", "/api/dashboard/account/password", { cookie: who.cookie, body: { currentPassword: PASSWORD, newPassword: "a brand new password" } }));
    assertThrottled(await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: `x-${who.email}`, currentPassword: PASSWORD } }));
    // Throttled as sign-in is: the guesses count on the sign-in door of the account's e-mail too.
    const csrf = await fetch(`${server.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signInTry = await fetch(`${server.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") },
      body: new URLSearchParams({ email: who.email, password: PASSWORD, csrfToken, json: "true" }),
    });
    assert.equal(signInTry.status, 429);
    // The name still changes: no password is involved.
    const renamed = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Still me", email: who.email } });
    assert.equal(renamed.status, 200, renamed.text);
  });

  test("a right current password gives its attempt back: failures alone count", async () => {
    const who = await person(server);
    for (let i = 0; i < 12; i += 1) {
      const newPassword = i % 2 === 0 ? "another long password" : PASSWORD;
      const currentPassword = i % 2 === 0 ? PASSWORD : "another long password";
      const answer = await send(server, "POST", "/api/dashboard/account/password", { cookie: who.cookie, body: { currentPassword, newPassword } });
      assert.equal(answer.status, 200, `change ${i + 1}: ${answer.text}`);
      who.cookie = String(answer.headers["set-cookie"]).split(";")[0];
    }
  });

  test("without SMTP, a forgotten password goes through the operator: the page says so, the form's route refuses, the CLI's link works once", async () => {
    const who = await person(server);
    const page = await (await fetch(`${server.url}/forgot-password`)).text();
    assert.match(page, /sends no e-mail/);
    assert.doesNotMatch(page, /We(&#x27;|')ll e-mail you/, "the subtitle promises no e-mail");
    assert.match(page, /You run this server yourself\?/);
    assert.match(page, /npm run cli -- account reset-password --email/);
    const refused = await send(server, "POST", "/api/dashboard/password-reset", { body: { email: who.email } });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.error.message, /operator/);
    const made = await admin(server, "account", "reset-password", "--email", who.email);
    const token = String(made.link).split("/reset-password/")[1];
    const done = await send(server, "POST", "/api/dashboard/password-reset/complete", { body: { token, password: "operator gave me this" } });
    assert.equal(done.status, 200, done.text);
    await signIn(server, who.email, "operator gave me this");
    assert.equal((await send(server, "POST", "/api/dashboard/password-reset/complete", { body: { token, password: "again and again" } })).status, 404);
  });
});
