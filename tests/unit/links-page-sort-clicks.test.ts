import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { linkRow, twoAccounts } from "../helpers/service-rows";
import { openTestDb } from "../helpers/test-db";

// The links table sorted by clicks (lib/links/list-links-page.ts): most clicks in the last 30
// days first, then the links without clicks, newest first; the filters and the pages hold across
// the two parts, and another account's clicks change nothing.

let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

test("most clicks first, then the rest newest first; pages and filters hold across the seam", async () => {
  const { DashboardLinksQuery, listLinksPage } = await import("../../lib/links/list-links-page");
  const [owner, stranger] = await twoAccounts(env.db);
  const tag = owner.id.slice(-6);
  const now = new Date("2026-11-26T12:00:00Z");
  const made = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  // c-* have clicks, n-* none; n-new is the newest link of all.
  for (const [slug, age, isActive] of [["c-few", 50, true], ["c-many", 40, true], ["c-mid", 30, false], ["n-old", 20, true], ["n-new", 10, true]] as const) {
    await linkRow(env.db, owner.id, `${slug}-${tag}`, { createdAt: made(age), isActive, tags: [tag] });
  }
  await linkRow(env.db, stranger.id, `x-${tag}`, { tags: [tag] });
  const hour = new Date("2026-11-25T10:00:00Z");
  const old = new Date("2026-09-01T10:00:00Z");
  await env.db.eventRollup.createMany({
    data: [
      { linkId: `lnk_c-few-${tag}`, hour, dimension: "", value: "", views: 1, clicks: 1 },
      { linkId: `lnk_c-many-${tag}`, hour, dimension: "", value: "", views: 9, clicks: 9 },
      { linkId: `lnk_c-mid-${tag}`, hour, dimension: "", value: "", views: 5, clicks: 5 },
      // Older than 30 days: does not count.
      { linkId: `lnk_n-old-${tag}`, hour: old, dimension: "", value: "", views: 99, clicks: 99 },
      { linkId: `lnk_x-${tag}`, hour, dimension: "", value: "", views: 50, clicks: 50 },
    ],
  });
  const slugs = async (params: Record<string, string>) => {
    const page = await listLinksPage(env.db, owner.id, DashboardLinksQuery.parse({ tag, sort: "clicks", ...params }), now);
    return { slugs: page.data.map((row) => row.slug.replace(`-${tag}`, "")), clicks: page.data.map((row) => row.clicks30d), total: page.pagination.totalCount };
  };
  assert.deepEqual(await slugs({}), { slugs: ["c-many", "c-mid", "c-few", "n-new", "n-old"], clicks: [9, 5, 1, 0, 0], total: 5 });
  // Two a page: the seam between clicked and unclicked falls inside page 2.
  assert.deepEqual((await slugs({ limit: "2" })).slugs, ["c-many", "c-mid"]);
  assert.deepEqual((await slugs({ limit: "2", page: "2" })).slugs, ["c-few", "n-new"]);
  assert.deepEqual((await slugs({ limit: "2", page: "3" })).slugs, ["n-old"]);
  assert.deepEqual((await slugs({ limit: "2", page: "4" })).slugs, []);
  // A filter applies to both parts.
  assert.deepEqual(await slugs({ status: "active" }), { slugs: ["c-many", "c-few", "n-new", "n-old"], clicks: [9, 1, 0, 0], total: 4 });
  assert.deepEqual((await slugs({ status: "inactive" })).slugs, ["c-mid"]);
});
