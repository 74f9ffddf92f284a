import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { person, send, signIn } from "../helpers/dashboard-routes";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { startServerWithSmtp, type ReceivedMail } from "../helpers/smtp";

// "Forgot password" with SMTP configured, received by a real SMTP server: the same answer whether or
// not an account uses the address (and a mail only when one does), a one-time link valid for an
// hour that sets the password and ends every session, throttled per address alike for everyone.
// Without SMTP: the page sends people to the operator, whose CLI prints the link.

const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.raw);
const reset = (server: HopServer, email: string) => send(server, "POST", "/api/dashboard/password-reset", { body: { email } });
const complete = (server: HopServer, token: string, password: string) => send(server, "POST", "/api/dashboard/password-reset/complete", { body: { token, password } });

/** Whether `cookie` still opens the dashboard (a signed-out request is sent to /login). */
async function sessionWorks(server: HopServer, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/links`, { headers: { cookie }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status === 200;
}

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} within 5 s`);
}

describe("password reset by e-mail", () => {
  let received: ReceivedMail[] = [];
  let server: HopServer;
  let stop: () => Promise<void>;
  before(async () => {
    const started = await startServerWithSmtp("Hop <hop@hop.example>");
    ({ server, stop } = started);
    received = started.smtp.received;
  });
  after(() => stop());

  test("the same answer for a known and an unknown address; only the known one gets a link, which works once and ends every session", async () => {
    const who = await person(server);
    const otherDevice = await signIn(server, who.email);
    const unknown = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    const [known, stranger] = [await reset(server, who.email.toUpperCase()), await reset(server, unknown)];
    assert.equal(known.status, 202, known.text);
    assert.deepEqual(known.body, stranger.body);
    assert.equal(known.status, stranger.status);

    const mail = await until(() => received.find((m) => m.to.includes(who.email)), "reset e-mail");
    assert.match(mail.raw, /Subject: Reset your Hop password/);
    const token = linkIn(mail)?.[1];
    assert.ok(token, mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(received.filter((m) => m.to.includes(unknown)).length, 0, "no mail for an address no account uses");

    const page = await fetch(`${server.url}/reset-password/${token}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /New password/);

    const short = await complete(server, token, "short");
    assert.equal(short.status, 400);
    assert.equal(short.body.error.field, "password");
    const done = await complete(server, token, "a brand new password");
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.email, who.email);
    assert.equal(await sessionWorks(server, who.cookie), false, "the session that was open is over");
    assert.equal(await sessionWorks(server, otherDevice), false, "and every other one");
    assert.ok(await sessionWorks(server, await signIn(server, who.email, "a brand new password")));

    const again = await complete(server, token, "yet another password");
    assert.equal(again.status, 404, "a link works once");
    assert.match(await (await fetch(`${server.url}/reset-password/${token}`)).text(), /not valid/);
  });

  test("a newer link replaces the older one; a made-up or malformed token is the same 404", async () => {
    const who = await person(server);
    await reset(server, who.email);
    const first = linkIn(await until(() => received.find((m) => m.to.includes(who.email)), "first e-mail"))![1];
    await reset(server, who.email);
    const second = linkIn(await until(() => received.filter((m) => m.to.includes(who.email))[1], "second e-mail"))![1];
    assert.notEqual(first, second);
    assert.equal((await complete(server, first, "replaced link password")).status, 404);
    for (const token of ["A".repeat(43), "short", "../../etc", "x".repeat(100)]) assert.equal((await complete(server, token, "whatever password")).status, 404, token);
    assert.equal((await complete(server, "x".repeat(101), "whatever password")).status, 400);
    // The same link twice at once: exactly one sets the password.
    const both = await Promise.all([complete(server, second, "the first of two at once"), complete(server, second, "the second of two at once")]);
    assert.deepEqual(both.map((answer) => answer.status).sort(), [200, 404]);
  });

  test("three requests per address an hour, alike for known and unknown addresses; a bad address is 400 on its field", async () => {
    const who = await person(server);
    const unknown = `nobody-${randomBytes(4).toString("hex")}@example.test`;
    for (const email of [who.email, unknown]) {
      for (let i = 0; i < 3; i += 1) assert.equal((await reset(server, email)).status, 202);
      const fourth = await reset(server, email);
      assert.equal(fourth.status, 429, fourth.text);
      assert.equal(fourth.body.error.code, "too_many_attempts");
      assert.ok(Number(fourth.headers["retry-after"]) > 0);
    }
    const bad = await reset(server, "not an address");
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, "email");
    assert.equal((await send(server, "POST", "/api/dashboard/password-reset", { origin: "https://evil.example", body: { email: who.email } })).status, 403);
  });

  test("the operator's CLI prints a link too, and the sign-in page leads to the form", async () => {
    const who = await person(server);
    const made = await admin(server, "account", "reset-password", "--email", who.email);
    assert.equal(made.email, who.email);
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})$/.exec(String(made.link))?.[1];
    assert.ok(token, String(made.link));
    assert.equal((await complete(server, token, "set from the cli link")).status, 200);
    const login = await (await fetch(`${server.url}/login`)).text();
    assert.match(login, /href="\/forgot-password"/);
    assert.match(await (await fetch(`${server.url}/forgot-password`)).text(), /Send me a reset link/);
  });
});
