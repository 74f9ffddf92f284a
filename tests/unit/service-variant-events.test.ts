import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// A view of a link with an A/B test records its variant (VisitEvent.variant, rollup dimension
// `variant`); visits of one second share a row only with the same variant; a rebuild of the
// rollups from the raw events agrees; the analytics answer views per variant.
process.env.EVENT_FLUSH_MS = "600000";
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

test("views per variant: stored with the event, rolled up, rebuilt alike and answered as variantStats", async () => {
  const { recordVisit } = await import("../../lib/events/record");
  const { flushEvents } = await import("../../lib/events/flush-events");
  const { rebuildRollups } = await import("../../lib/analytics/rebuild-rollups");
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createLink } = await import("../../lib/links/create-link");
  const { analyticsForIdentifier } = await import("../../lib/analytics/analytics-for-identifier");
  const { AnalyticsQuery } = await import("../../lib/analytics/timeframe");
  const db = env.db;
  const account = await createAccount(db, { email: "ab@example.test", plan: "growth" });
  const variants = [{ url: "https://example.com/a", weight: 50 }, { url: "https://example.com/b", weight: 50 }];
  const link = await createLink(db, { id: account.id, plan: "growth", limitOverrides: {} }, { url: "https://example.com", slug: "ab-events", variants });
  const at = Date.now() - 60_000;
  const visit = (variant: number | null) =>
    recordVisit({ linkId: link.id, accountId: account.id, at, country: "DE", city: null, device: "mobile", platform: "android", browser: "Chrome", referrer: null, redirected: true, variant });
  // Same second, same profile: one row per variant (and one without, a rule's visitor).
  for (const variant of [0, 1, 0, 0, null, 1]) visit(variant);
  await flushEvents();
  const rows = await db.visitEvent.findMany({ where: { linkId: link.id }, orderBy: { variant: "asc" } });
  assert.deepEqual(rows.map((r) => [r.variant, r.visits]), [[0, 3], [1, 2], [null, 1]]);
  const rollups = async () =>
    (await db.eventRollup.findMany({ where: { linkId: link.id, dimension: "variant" }, orderBy: { value: "asc" } })).map((r) => [r.value, r.views]);
  assert.deepEqual(await rollups(), [["0", 3], ["1", 2]]);
  await rebuildRollups(db, { linkId: link.id });
  assert.deepEqual(await rollups(), [["0", 3], ["1", 2]], "rebuilt from the rows, the same");
  const answer = await analyticsForIdentifier(db, account.id, "ab-events", AnalyticsQuery.parse({ timeframe: "last_7_days" }));
  assert.equal(answer.totalViews, 6);
  assert.deepEqual(answer.variantStats, [
    { index: 0, url: "https://example.com/a", weight: 50, views: 3 },
    { index: 1, url: "https://example.com/b", weight: 50, views: 2 },
  ]);
});
