import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Free accounts have no API access, so their publishing is shown through the service layer: the
// same createWebsite the API and the editor call, on a real database. What API.md names is
// removed before the page is stored, the behavior is stored as conservative, the page shows
// none of it, and the plan's total of 5 holds.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const everything = {
  hideBranding: true,
  profile: { name: "Free Ada", bio: "Trying things", verified: true },
  links: [{ type: "simple", title: "Blog", url: "https://ada.example/blog" }, { type: "contact", id: "join", title: "Join" }, { type: "email-capture", title: "Mail" }],
  socials: [{ platform: "github", handle: "ada", followers: 12000 }],
  socialsAppearance: { showFollowers: true, style: "buttons" },
  settings: { adultMode: true, smart18: true, hideBranding: true, deepLinkBehavior: "aggressive" as const },
};

test("a free account's page is stored and served without the paid features", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { effectiveLimits } = await import("../../lib/accounts/plans");
  const { createWebsite } = await import("../../lib/websites/create-website");
  const { getWebsite } = await import("../../lib/websites/get-website");
  const { renderWebsitePage } = await import("../../lib/bio/render-page");
  const account = await createAccount(env.db, { email: "free@example.test", plan: "free" });
  const limits = effectiveLimits("free", {});
  const actor = { id: account.id, plan: "free", limits };

  const created = await createWebsite(env.db, actor, { websiteId: "w", templateId: "music-onyx", customSlug: "free-ada", deepLinkBehavior: "aggressive", data: structuredClone(everything) });
  assert.equal(created.isActive, true);
  const stored = (await getWebsite(env.db, account.id, "free-ada")).data.data as typeof everything;
  assert.equal(stored.hideBranding, undefined);
  assert.equal(stored.profile.verified, undefined);
  assert.deepEqual(stored.links.map((l) => l.type), ["simple"], "contact collection blocks removed");
  assert.deepEqual(stored.socialsAppearance, { style: "buttons" });
  assert.deepEqual(stored.settings, { deepLinkBehavior: "aggressive" }, "18+ mode and hideBranding removed");
  const row = await env.db.link.findUniqueOrThrow({ where: { publicId: "free-ada" } });
  assert.equal(row.behavior, "conservative", "free plans always store conservative");

  const html = renderWebsitePage({ publicId: "free-ada", url: created.url, templateId: "music-onyx", data: stored, nonce: "n", adultConfirmed: false, brandingUrl: "https://hop.example" });
  assert.ok(html.includes("Made with"), "branding shown");
  assert.ok(!html.includes('id="hop-gate"') && !html.includes("<form") && !html.includes('aria-label="Verified"') && !html.includes("12k"));

  for (let i = 2; i <= 5; i += 1) await createWebsite(env.db, actor, { websiteId: "w", templateId: "simple-stack-v2", data: { profile: { name: `#${i}` } } });
  await assert.rejects(createWebsite(env.db, actor, { websiteId: "w", templateId: "simple-stack-v2", data: {} }), (error: { code?: string; extras?: Record<string, unknown> }) => {
    assert.equal(error.code, "TOTAL_LINK_LIMIT_REACHED");
    assert.deepEqual(error.extras, { currentUsed: 5, totalLimit: 5, plan: "free" });
    return true;
  });
  assert.equal(await env.db.link.count({ where: { accountId: account.id } }), 5);
});
