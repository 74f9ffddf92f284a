import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Sign-ups on a real database with a controlled clock (storeSignup takes `now`). With SMTP set (an
// address that refuses at once: the mail fails, the row stays pending, as when a mail server is
// down) a sign-up waits 48 hours for its confirmation; the background sweep is one DELETE of exactly
// the rows past their time, never a confirmed one. A free plan's page loses its sign-up block.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  env = await openTestDb();
});
after(() => env.close());

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-01T12:00:00.000Z");

test("an unconfirmed sign-up lives 48 hours; the sweep deletes it then, and only it", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { effectiveLimits } = await import("../../lib/accounts/plans");
  const { createWebsite } = await import("../../lib/websites/create-website");
  const { storeSignup, confirmSignup } = await import("../../lib/websites/store-signup");
  const { sweepExpiredSignups } = await import("../../lib/websites/subscribers");
  const account = await createAccount(env.db, { email: "lists@example.test", plan: "growth" });
  await createWebsite(env.db, { id: account.id, plan: "growth", limits: effectiveLimits("growth", {}) }, { websiteId: "w", templateId: "bonbon-card", customSlug: "lists", data: { profile: { name: "Lists" }, links: [{ type: "signup", id: "s" }] } });
  const page = await env.db.link.findUniqueOrThrow({ where: { publicId: "lists" } });

  assert.equal(await storeSignup(env.db, page, { page: "lists", block: "s", email: "late@example.com" }, T0), "check-mail");
  assert.equal(await storeSignup(env.db, page, { page: "lists", block: "s", email: "kept@example.com" }, T0), "check-mail");
  const kept = await env.db.subscriber.findFirstOrThrow({ where: { email: "kept@example.com" } });
  // The token is only in the mail; the test confirms the row as the link's POST would, by the stored hash's row.
  await env.db.subscriber.update({ where: { id: kept.id }, data: { confirmedAt: new Date(T0), tokenHash: null, expiresAt: null } });
  const late = await env.db.subscriber.findFirstOrThrow({ where: { email: "late@example.com" } });
  assert.equal(late.expiresAt?.getTime(), T0 + 48 * HOUR);
  assert.match(late.tokenHash ?? "", /^[0-9a-f]{64}$/, "only the token's SHA-256 is kept");
  assert.equal(await confirmSignup(env.db, "x".repeat(43), T0), null, "a made-up token confirms nothing");

  assert.equal(await sweepExpiredSignups(env.db, new Date(T0 + 48 * HOUR - 1)), 0, "not yet expired");
  assert.equal(await sweepExpiredSignups(env.db, new Date(T0 + 48 * HOUR)), 1);
  assert.deepEqual((await env.db.subscriber.findMany({ select: { email: true } })).map((s) => s.email), ["kept@example.com"]);
});

test("a free plan's page is published without its sign-up block", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { effectiveLimits } = await import("../../lib/accounts/plans");
  const { createWebsite } = await import("../../lib/websites/create-website");
  const account = await createAccount(env.db, { email: "free-lists@example.test", plan: "free" });
  await createWebsite(env.db, { id: account.id, plan: "free", limits: effectiveLimits("free", {}) }, { websiteId: "w", templateId: "bonbon-card", customSlug: "free-lists", data: { profile: { name: "Free" }, links: [{ type: "simple", title: "A", url: "https://example.com" }, { type: "signup", id: "s" }] } });
  const page = await env.db.link.findUniqueOrThrow({ where: { publicId: "free-lists" } });
  assert.deepEqual((page.data as { links: Array<{ type: string }> }).links.map((l) => l.type), ["simple"]);
});
