import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { person, send, signIn, signInAttempt, type Person } from "../helpers/dashboard-routes";
import { startSmtp, type ReceivedMail, type TestSmtp } from "../helpers/smtp";
import { sqlOnStoppedServer } from "../helpers/test-db";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Confirmed e-mail (docs/decisions/047-confirmed-email.md), through a real SMTP server: a new
// account confirms its address by a one-time link before it may create keys or invite; a new
// address is confirmed where it is going; sign-up says the same for a taken address. Without SMTP
// nothing of this applies.

const PASSWORD = "a long enough password";
const tag = () => randomBytes(4).toString("hex");
const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.raw)?.[1];

// Each sign-up from an address of its own (TRUST_PROXY): the sign-up throttle allows 5 per address an hour.
const clientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
const signUp = (server: HopServer, email: string, password = PASSWORD) =>
  send(server, "POST", "/api/dashboard/signup", { body: { name: "Pat", email, password }, headers: { "x-forwarded-for": clientAddress() } });
const confirm = (server: HopServer, token: string, cookie?: string) => send(server, "POST", "/api/dashboard/email-confirmation", { body: { token }, cookie });
const resend = (server: HopServer, cookie: string) => send(server, "POST", "/api/dashboard/account/email-confirmation", { cookie });
const createKey = (server: HopServer, cookie: string) => send(server, "POST", "/api/dashboard/keys", { cookie, body: { name: "A key", role: "full" } });
const invite = (server: HopServer, cookie: string) => send(server, "POST", "/api/dashboard/team", { cookie, body: { email: `invitee-${tag()}@example.test`, role: "viewer" } });

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} within 10 s`);
}

/** Whether the password opens the account of `email` (the sign-in form's own check). */
const signsIn = async (server: HopServer, email: string, password: string) => (await signInAttempt(server, email, password)).session !== null;

async function page(server: HopServer, path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  assert.equal(response.status, 200, path);
  return response.text();
}

async function auditActions(server: HopServer, key: string): Promise<Array<{ action: string; actor: Record<string, unknown>; text: string }>> {
  const log = await api(server, "GET", "/v1/audit-log?limit=100", { key });
  assert.equal(log.status, 200, log.text);
  return (log.body.data as Array<Record<string, any>>).map((e) => ({ action: e.action, actor: e.actor, text: JSON.stringify(e) }));
}

describe("confirmed e-mail with SMTP", () => {
  let server: HopServer;
  let smtp: TestSmtp;
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const tokenFor = (email: string, nth = 1) => until(() => (mailsTo(email).length >= nth ? linkIn(mailsTo(email)[nth - 1]) : undefined), `link ${nth} to ${email}`);

  /** A signed-up (unconfirmed) account, signed in, with a key made by the operator to read its audit log. */
  async function newcomer(): Promise<{ id: string; email: string; cookie: string; key: string }> {
    const email = `new-${tag()}@example.test`;
    const made = await signUp(server, email);
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.confirmEmail, true);
    const key = String((await admin(server, "key", "create", "--email", email, "--role", "full")).key);
    return { id: String(made.body.id), email, cookie: await signIn(server, email, PASSWORD), key };
  }

  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, DEFAULT_PLAN: "growth", TRUST_PROXY: "true" } });
    // The instance's first account (by the operator, so confirmed): sign-ups below are ordinary ones.
    await admin(server, "account", "create", "--email", "operator@example.test", "--password", PASSWORD);
  });
  after(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("sign-up → mail → link → confirmed: keys and invitations refused before (403 email_not_confirmed), allowed after; a used link is refused", async () => {
    const who = await newcomer();
    for (const refused of [await createKey(server, who.cookie), await invite(server, who.cookie)]) {
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.body.error.code, "email_not_confirmed");
    }
    const dashboard = await page(server, "/keys", who.cookie);
    assert.match(dashboard, /Confirm your e-mail address/);
    assert.match(dashboard, /Resend the link/);
    assert.match(dashboard, /Confirm your e-mail address to create API keys/);
    assert.match(await page(server, "/team", who.cookie), /Confirm your e-mail address to invite members/);
    assert.match(await page(server, "/", who.cookie), /Resend the link/, "the overview shows the banner too");

    const token = await tokenFor(who.email);
    assert.match(mailsTo(who.email)[0].raw, /Subject: Confirm your e-mail address for Hop/);
    // Opening the link (as a mail scanner would) changes nothing; the page's button does.
    assert.match(await page(server, `/confirm-email/${token}`), new RegExp(who.email));
    assert.equal((await createKey(server, who.cookie)).status, 403);

    const done = await confirm(server, token);
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body, { email: who.email, changed: false });
    assert.equal((await createKey(server, who.cookie)).status, 201);
    assert.equal((await invite(server, who.cookie)).status, 201);
    assert.doesNotMatch(await page(server, "/keys", who.cookie), /Resend the link/);

    const again = await confirm(server, token);
    assert.equal(again.status, 404, "a link works once");
    assert.match(await page(server, `/confirm-email/${token}`), /not valid/);
    const entries = await auditActions(server, who.key);
    assert.equal(entries.filter((e) => e.action === "account.email_confirmed").length, 1);
    assert.ok(entries.every((e) => !e.text.includes(token)), "no entry holds the link");
  });

  test("Resend: a new link replaces the old, one audit entry each, throttled like password-reset requests", async () => {
    const who = await newcomer();
    const first = await tokenFor(who.email);
    const sent = await resend(server, who.cookie);
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.email, who.email);
    const second = await tokenFor(who.email, 2);
    assert.notEqual(second, first);
    assert.equal((await confirm(server, first)).status, 404, "the older link stopped working");
    const resent = (await auditActions(server, who.key)).filter((e) => e.action === "account.email_confirmation_sent");
    assert.equal(resent.length, 1);
    assert.deepEqual([resent[0].actor.type, resent[0].actor.id, resent[0].actor.via], ["user", who.id, "dashboard"]);
    assert.ok(!resent[0].text.includes(second));

    assert.equal((await resend(server, who.cookie)).status, 200);
    assert.equal((await resend(server, who.cookie)).status, 200);
    const throttled = await resend(server, who.cookie);
    assert.equal(throttled.status, 429, throttled.text);
    assert.equal(throttled.body.error.code, "too_many_attempts");
    assert.ok(Number(throttled.headers["retry-after"]) > 0);

    const latest = await tokenFor(who.email, 4);
    assert.equal((await confirm(server, latest)).status, 200);
    const nothing = await resend(server, who.cookie);
    assert.equal(nothing.status, 409, "a confirmed address has nothing to resend");
  });

  test("an e-mail change is confirmed at the new address; the old one stays until then", async () => {
    const who: Person = await person(server);
    const newEmail = `moved-${tag()}@example.test`;
    const asked = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Moved", email: newEmail, currentPassword: "correct horse battery" } });
    assert.equal(asked.status, 200, asked.text);
    assert.deepEqual([asked.body.email, asked.body.pendingEmail, asked.body.name], [who.email, newEmail, "Moved"]);
    assert.equal(await signsIn(server, who.email, "correct horse battery"), true, "the old address still signs in");
    assert.equal(await signsIn(server, newEmail, "correct horse battery"), false);
    assert.equal((await createKey(server, who.cookie)).status, 201, "a confirmed account stays confirmed while a change waits");
    const banner = await page(server, "/links", who.cookie);
    assert.match(banner, /Confirm your new e-mail address/);
    assert.match(banner, new RegExp(newEmail));

    const token = await tokenFor(newEmail);
    assert.match(mailsTo(newEmail)[0].raw, /Subject: Confirm your new e-mail address for Hop/);
    assert.equal(mailsTo(who.email).length, 0, "nothing goes to the old address for the link");
    const done = await confirm(server, token);
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body, { email: newEmail, changed: true });
    // The address the account left is told, so a change made from a stolen session is seen.
    const notice = await until(() => mailsTo(who.email)[0], "the notice to the old address");
    assert.match(notice.raw, /Subject: Your Hop sign-in e-mail was changed/);
    assert.ok(notice.raw.includes(newEmail), "it names the new address");
    assert.doesNotMatch(notice.raw, /confirm-email\//, "and carries no link");
    assert.equal(await signsIn(server, newEmail, "correct horse battery"), true);
    assert.equal(await signsIn(server, who.email, "correct horse battery"), false);
    const actions = (await auditActions(server, who.key)).map((e) => e.action);
    assert.ok(actions.includes("account.email_change_requested") && actions.includes("account.email_changed"), actions.join(", "));
  });

  test("sign-up with a taken address answers exactly as a new one (but the id) and mails the owner, not a link", async () => {
    const owner = await newcomer();
    const taken = await signUp(server, owner.email.toUpperCase(), "an intruder's password");
    const fresh = await signUp(server, `fresh-${tag()}@example.test`);
    assert.equal(taken.status, fresh.status);
    const { id: takenId, ...takenRest } = taken.body;
    const { id: freshId, ...freshRest } = fresh.body;
    assert.match(String(takenId), /^acc_/);
    assert.match(String(freshId), /^acc_/);
    assert.deepEqual({ ...takenRest, email: "" }, { ...freshRest, email: "" });
    assert.equal(takenRest.confirmEmail, true);
    const notice = await until(() => mailsTo(owner.email).find((m) => /You already have a Hop account/.test(m.raw)), "notice to the owner");
    assert.match(notice.raw, /\/login/);
    assert.match(notice.raw, /\/forgot-password/);
    assert.equal(linkIn(notice), undefined, "the notice confirms nothing");
    // The "check your inbox" page is the same for both: it reads nothing.
    const inbox = await page(server, `/signup/check-inbox?email=${encodeURIComponent(owner.email)}`);
    assert.match(inbox, /Check your inbox/);
  });

  test("two accounts: one's resend or confirmation leaves the other's link and state alone; a new address taken first wins", async () => {
    const a = await newcomer();
    const b = await newcomer();
    const aToken = await tokenFor(a.email);
    const bToken = await tokenFor(b.email);
    assert.equal((await resend(server, b.cookie)).status, 200);
    assert.equal((await confirm(server, bToken)).status, 404, "b's own older link went");
    assert.equal((await createKey(server, a.cookie)).status, 403, "b's resend confirmed nobody");
    const bNew = await tokenFor(b.email, 2);
    assert.equal((await confirm(server, bNew, a.cookie)).body.email, b.email, "a link confirms its own account, whoever opens it");
    assert.equal((await createKey(server, a.cookie)).status, 403, "not the account that opened it");
    assert.equal((await createKey(server, b.cookie)).status, 201);
    assert.equal((await confirm(server, aToken)).status, 200, "a's link still works");

    const wanted = `wanted-${tag()}@example.test`;
    for (const who of [a, b]) {
      const asked = await send(server, "PATCH", "/api/dashboard/account", { cookie: who.cookie, body: { name: "Pat", email: wanted, currentPassword: PASSWORD } });
      assert.equal(asked.status, 200, asked.text);
    }
    const [first, second] = [await tokenFor(wanted, 1), await tokenFor(wanted, 2)];
    assert.equal((await confirm(server, second)).status, 200);
    const late = await confirm(server, first);
    assert.equal(late.status, 409, late.text);
    assert.equal(await signsIn(server, wanted, PASSWORD), true);
    assert.equal([await signsIn(server, a.email, PASSWORD), await signsIn(server, b.email, PASSWORD)].filter(Boolean).length, 1, "exactly one account moved");
  });

  test("an expired link is refused", async () => {
    const who = await newcomer();
    const token = await tokenFor(who.email);
    await server.stop("SIGTERM", { keepData: true });
    await sqlOnStoppedServer(server.env, [[`UPDATE "EmailConfirmation" SET "expiresAt" = now() - interval '1 minute'`, []]]);
    server = await startServer({ reuse: server });
    assert.match(await page(server, `/confirm-email/${token}`), /not valid/);
    const late = await confirm(server, token);
    assert.equal(late.status, 404, late.text);
    assert.equal((await createKey(server, await signIn(server, who.email, PASSWORD))).status, 403);
  });
});

describe("confirmed e-mail without SMTP: nothing changes", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { DEFAULT_PLAN: "growth", TRUST_PROXY: "true" } });
    await admin(server, "account", "create", "--email", "operator@example.test", "--password", PASSWORD);
  });
  after(() => server?.stop());

  test("a sign-up is confirmed at once, an e-mail change is immediate, Resend has nothing to send", async () => {
    const email = `plain-${tag()}@example.test`;
    const made = await signUp(server, email);
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.confirmEmail, false);
    const cookie = await signIn(server, email, PASSWORD);
    assert.equal((await createKey(server, cookie)).status, 201);
    assert.equal((await invite(server, cookie)).status, 201);
    assert.doesNotMatch(await page(server, "/keys", cookie), /Resend the link/);
    assert.equal((await resend(server, cookie)).status, 409);
    const moved = `plain-moved-${tag()}@example.test`;
    const changed = await send(server, "PATCH", "/api/dashboard/account", { cookie, body: { name: "Pat", email: moved, currentPassword: PASSWORD } });
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual([changed.body.email, changed.body.pendingEmail], [moved, null]);
    assert.equal(await signsIn(server, moved, PASSWORD), true);
  });
});
