import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { linkRow, twoAccounts } from "../helpers/service-rows";
import { openTestDb } from "../helpers/test-db";

// The dashboard's filtered analytics (lib/analytics/link-analytics.ts, filteredEvents): with a
// country, device, platform or referrer, every figure is of the matching visitors only, read from
// the raw events; the parts add up to the unfiltered answer, which comes from the rollups.

let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const at = (minute: number) => new Date(Date.parse("2026-11-20T10:00:00Z") + minute * 60_000);
const range = { from: new Date("2026-11-14T00:00:00Z"), to: new Date("2026-11-21T00:00:00Z"), bucket: "day" as const };

test("a filter narrows every figure to its visitors; the parts add up to the whole", async () => {
  const { rollupDeltas } = await import("../../lib/events/rollups");
  const { linkAnalytics } = await import("../../lib/analytics/link-analytics");
  const [owner] = await twoAccounts(env.db);
  const suffix = owner.id.slice(-6);
  const deeplink = await linkRow(env.db, owner.id, `fa-${suffix}`);
  const page = await linkRow(env.db, owner.id, `fw-${suffix}`, { type: "website", slug: `fw-${suffix}`, templateId: "simple-stack-v2", data: {} });
  const visit = (linkId: string, minute: number, visits: number, country: string, device: string, platform: string, referrer: string, redirected: boolean) => ({
    linkId, accountId: owner.id, occurredAt: at(minute), visits, country, city: null, device, platform, browser: null, referrer, redirected,
  });
  const click = (linkId: string, minute: number, buttonId: string, country: string, device: string, platform: string) => ({
    linkId, accountId: owner.id, occurredAt: at(minute), buttonId, buttonTitle: buttonId, buttonUrl: null, buttonType: "link", country, device, platform, referrer: "direct",
  });
  const visits = [
    visit(deeplink.id, 1, 2, "de", "desktop", "windows", "news.example", true),
    visit(deeplink.id, 2, 1, "de", "mobile", "ios", "direct", true),
    visit(deeplink.id, 70, 1, "us", "mobile", "android", "direct", false),
    visit(page.id, 3, 1, "de", "mobile", "ios", "direct", false),
    visit(page.id, 4, 1, "fr", "desktop", "macos", "direct", false),
  ];
  const clicks = [click(page.id, 5, "blog", "de", "mobile", "ios"), click(page.id, 6, "blog", "fr", "desktop", "macos"), click(page.id, 7, "adult-18plus-btn", "fr", "desktop", "macos")];
  await env.db.visitEvent.createMany({ data: visits });
  await env.db.clickEvent.createMany({ data: clicks });
  await env.db.eventRollup.createMany({ data: rollupDeltas(visits, clicks) });

  const subject = (link: typeof deeplink) => ({ linkId: link.id, publicId: link.publicId, type: link.type, title: link.title, destination: link.destination });
  const whole = await linkAnalytics(env.db, subject(deeplink), range);
  const germans = await linkAnalytics(env.db, subject(deeplink), range, { country: "de" });
  assert.deepEqual([whole.totalViews, whole.totalClicks], [4, 3]);
  assert.deepEqual([germans.totalViews, germans.totalClicks], [3, 3]);
  assert.deepEqual(germans.countryStats, [{ name: "DE", views: 3 }]);
  assert.deepEqual(germans.deviceStats, { desktop: 2, mobile: 1 });
  assert.deepEqual(germans.referrerStats, [{ domain: "news.example", views: 2 }, { domain: "direct", views: 1 }]);
  assert.equal(germans.dailyViews.find((b) => b.date === "2026-11-20")?.views, 3);
  assert.equal(germans.lastViewed, at(2).toISOString());

  // The parts of one dimension add up to the rollups' whole, bucket by bucket.
  const byCountry = await Promise.all(["de", "us"].map((country) => linkAnalytics(env.db, subject(deeplink), range, { country })));
  assert.deepEqual(
    whole.dailyViews.map((b) => [b.views, b.clicks]),
    whole.dailyViews.map((_, i) => [byCountry[0].dailyViews[i].views + byCountry[1].dailyViews[i].views, byCountry[0].dailyViews[i].clicks + byCountry[1].dailyViews[i].clicks]),
  );
  const twoFilters = await linkAnalytics(env.db, subject(deeplink), range, { country: "de", device: "mobile", platform: "ios" });
  assert.deepEqual([twoFilters.totalViews, twoFilters.platformStats], [1, { ios: 1 }]);
  const nobody = await linkAnalytics(env.db, subject(deeplink), range, { referrer: "nowhere.example" });
  assert.deepEqual([nobody.totalViews, nobody.totalClicks, nobody.topCountry, nobody.lastViewed], [0, 0, null, null]);

  // A page: its buttons' clicks and the 18+ confirmations are filtered too.
  const french = await linkAnalytics(env.db, subject(page), range, { country: "fr" });
  assert.deepEqual([french.totalViews, french.totalClicks], [1, 2]);
  assert.deepEqual(french.clicksByLink.map((b) => [b.id, b.totalClicks]), [["adult-18plus-btn", 1], ["blog", 1]]);
  assert.deepEqual(french.adultConfirmation, { clicks: 1, rate: 100 });
  const phones = await linkAnalytics(env.db, subject(page), range, { device: "mobile" });
  assert.deepEqual([phones.totalViews, phones.totalClicks, phones.adultConfirmation], [1, 1, null]);
});
