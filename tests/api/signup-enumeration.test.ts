import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Sign-up does not tell whether an address has an account (docs/decisions/001-sign-up-without-
// enumeration.md): a taken address gets the answer a new one gets, the existing account is left as
// it is, and with SMTP set its owner is told by e-mail.

const signUp = (server: HopServer, email: string, password: string) =>
  api(server, "POST", "/api/dashboard/signup", { body: { name: "Pat", email, password }, headers: { origin: server.url } });

async function signsIn(server: HopServer, email: string, password: string): Promise<boolean> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  await response.arrayBuffer();
  return response.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="));
}

describe("sign-up and addresses that have an account", () => {
  let server: HopServer;
  let smtp: TestSmtp;
  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url } });
    // The instance's first account, so the ones below are ordinary sign-ups.
    assert.equal((await signUp(server, "operator@example.test", "operator password")).status, 201);
  });
  after(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("a taken address: the same status and shape as a new one, the account unchanged, its owner e-mailed", async () => {
    const owner = await signUp(server, "owner@example.test", "the owner's password");
    assert.equal(owner.status, 201, owner.text);
    const taken = await signUp(server, "Owner@Example.test", "an intruder's password");
    const fresh = await signUp(server, "newcomer@example.test", "a newcomer's password");
    assert.equal(taken.status, fresh.status);
    assert.deepEqual(Object.keys(taken.body).sort(), Object.keys(fresh.body).sort());
    assert.deepEqual([taken.body.email, taken.body.plan], ["owner@example.test", fresh.body.plan]);
    assert.notEqual(taken.body.id, owner.body.id);
    assert.equal(await signsIn(server, "owner@example.test", "the owner's password"), true, "the account keeps its password");
    assert.equal(await signsIn(server, "owner@example.test", "an intruder's password"), false);
    const isNotice = (raw: string) => /You already have a Hop account/.test(raw);
    const deadline = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.to.includes("owner@example.test") && isNotice(m.raw)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const notices = smtp.received.filter((m) => m.to.includes("owner@example.test") && isNotice(m.raw));
    assert.equal(notices.length, 1);
    assert.match(notices[0].raw, /already has an account/);
    assert.doesNotMatch(notices[0].raw, /intruder/);
    assert.doesNotMatch(notices[0].raw, /confirm-email/, "the notice confirms nothing");
    // A new account gets its confirmation link (docs/decisions/047), never the notice.
    const newcomer = smtp.received.filter((m) => m.to.includes("newcomer@example.test"));
    assert.ok(newcomer.every((m) => !isNotice(m.raw)), "a new account is not told it exists");
    assert.equal(taken.body.confirmEmail, true);
    assert.equal(fresh.body.confirmEmail, true);
  });
});
