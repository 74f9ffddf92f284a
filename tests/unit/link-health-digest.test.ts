import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { openTestDb } from "../helpers/test-db";
import type { CheckResult } from "../../lib/links/check-destination";

// The broken-links digest (docs/link-health.md), through a real SMTP server: one mail per account
// listing the links that turned broken since its last digest, at most one a day, none for an
// account that turned it off, and never another account's links.

let env: Awaited<ReturnType<typeof openTestDb>>;
let smtp: TestSmtp;
before(async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "hop@example.test";
  process.env.APP_URL = "https://hop.example.test";
  env = await openTestDb();
});
after(async () => {
  await env.close();
  await smtp.close();
});

const HOUR = 3_600_000;
/** The mail's text with its quoted-printable escapes (the arrow, "=") decoded. */
const textOf = (raw: string) => Buffer.from(raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");

test("a digest of the links that turned broken: once a day, per account, off when turned off", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { checkDueLinks, HostPacer } = await import("../../lib/links/health-sweep");
  const { sendHealthDigests } = await import("../../lib/links/health-digest");
  const { updateNotifications, notificationSettings } = await import("../../lib/accounts/notifications");
  const a = await createAccount(env.db, { email: "digest-a@example.test", plan: "growth" });
  const b = await createAccount(env.db, { email: "digest-b@example.test", plan: "growth" });
  const c = await createAccount(env.db, { email: "digest-c@example.test", plan: "growth" });
  const link = (account: string, slug: string, destination: string) =>
    env.db.link.create({ data: { id: `lnk_${slug}`, publicId: slug, accountId: account, domain: "hop.example.test", slug, destination } });
  await link(a.id, "a-gone", "https://gone.example/a");
  await link(a.id, "a-down", "https://down.example/a");
  await link(a.id, "a-fine", "https://fine.example/a");
  await link(b.id, "b-gone", "https://gone.example/b");
  await link(c.id, "c-fine", "https://fine.example/c");
  assert.deepEqual(await notificationSettings(env.db, a.id), { brokenLinksDigest: true }, "on by default");
  await updateNotifications(env.db, b.id, { brokenLinksDigest: false });

  let answers: Record<string, CheckResult> = {
    "https://gone.example/a": { state: "broken", status: 404, error: null, finalUrl: null },
    "https://down.example/a": { state: "broken", status: null, error: "connection refused", finalUrl: null },
    "https://gone.example/b": { state: "broken", status: 410, error: null, finalUrl: null },
  };
  const check = async (destination: string) => answers[destination] ?? { state: "ok" as const, status: 200, error: null, finalUrl: null };
  await checkDueLinks(env.db, new HostPacer(10), { check });

  const now = Date.now();
  assert.equal(await sendHealthDigests(env.db, new Date(now)), 1, "A only: B turned it off, C has nothing broken");
  assert.equal(smtp.received.length, 1);
  const mail = { to: smtp.received[0].to, raw: textOf(smtp.received[0].raw) };
  assert.deepEqual(mail.to, ["digest-a@example.test"]);
  assert.match(mail.raw, /Subject: 2 links on Hop are broken/);
  assert.match(mail.raw, /hop\.example\.test\/a-gone → https:\/\/gone\.example\/a: answered 404/);
  assert.match(mail.raw, /hop\.example\.test\/a-down → https:\/\/down\.example\/a: connection refused/);
  assert.doesNotMatch(mail.raw, /b-gone|a-fine/, "neither another account's link nor a working one");
  assert.match(mail.raw, /https:\/\/hop\.example\.test\/links\?health=broken/);
  assert.match(mail.raw, /https:\/\/hop\.example\.test\/account#notifications/);

  // The same hour: nothing new, and nothing twice.
  assert.equal(await sendHealthDigests(env.db, new Date(now + HOUR)), 0);

  // A day later the checks run again: a-gone still broken (not news), a-fine now broken (news).
  answers = { ...answers, "https://fine.example/a": { state: "broken", status: 500, error: null, finalUrl: null } };
  await checkDueLinks(env.db, new HostPacer(10), { check, now: new Date(now + 25 * HOUR) });
  assert.equal(await sendHealthDigests(env.db, new Date(now + 2 * HOUR)), 0, "within a day of the last digest: it waits");
  assert.equal(await sendHealthDigests(env.db, new Date(now + 25 * HOUR)), 1);
  const second = textOf(smtp.received[1].raw);
  assert.match(second, /Subject: A link on Hop is broken/);
  assert.match(second, /a-fine → https:\/\/fine\.example\/a: answered 500/);
  assert.doesNotMatch(second, /a-gone|a-down/, "links already in a digest are not sent again");

  // Turned off: a link that breaks later is not mailed.
  await updateNotifications(env.db, a.id, { brokenLinksDigest: false });
  await env.db.link.update({ where: { id: "lnk_a-gone" }, data: { healthState: "ok", healthBrokenAt: null } });
  await checkDueLinks(env.db, new HostPacer(10), { check, now: new Date(now + 50 * HOUR) });
  assert.equal(await sendHealthDigests(env.db, new Date(now + 50 * HOUR)), 0);
  assert.equal(smtp.received.length, 2);
  const audit = await env.db.auditEntry.findMany({ where: { accountId: a.id, action: "account.notifications_updated" } });
  assert.equal(audit.length, 1);
});

test("a link that works again, or gets a new destination, leaves the broken list", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { checkDueLinks, HostPacer } = await import("../../lib/links/health-sweep");
  const { healthReset } = await import("../../lib/links/link-health");
  const d = await createAccount(env.db, { email: "digest-d@example.test", plan: "growth" });
  await env.db.link.create({ data: { id: "lnk_d1", publicId: "d1", accountId: d.id, domain: "hop.example.test", slug: "d1", destination: "https://flaky.example/" } });
  await checkDueLinks(env.db, new HostPacer(10), { check: async () => ({ state: "broken", status: 503, error: null, finalUrl: null }) });
  const broken = await env.db.link.findUniqueOrThrow({ where: { id: "lnk_d1" } });
  assert.ok(broken.healthBrokenAt);
  await checkDueLinks(env.db, new HostPacer(10), { now: new Date(Date.now() + 25 * HOUR), check: async () => ({ state: "ok", status: 200, error: null, finalUrl: null }) });
  assert.equal((await env.db.link.findUniqueOrThrow({ where: { id: "lnk_d1" } })).healthBrokenAt, null);
  assert.equal(healthReset().healthBrokenAt, null, "a new destination clears it too");
});
