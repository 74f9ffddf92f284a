import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { linkRow, twoAccounts as twoAccountsIn } from "../helpers/service-rows";
import { openTestDb } from "../helpers/test-db";

// The read models behind the Domains, Websites and Analytics pages: each reads one account's rows
// only, and the CSV export neutralises formulas and reads contacts in batches.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const twoAccounts = () => twoAccountsIn(env.db);
const link = (accountId: string, id: string, extra: Record<string, unknown> = {}) => linkRow(env.db, accountId, id, extra);

describe("contacts CSV", () => {
  test("cells are quoted as RFC 4180 says and formula starts get an apostrophe", async () => {
    const { csvCell } = await import("../../lib/text/csv");
    assert.equal(csvCell(null), "");
    assert.equal(csvCell("plain"), "plain");
    assert.equal(csvCell('say "hi", ok'), '"say ""hi"", ok"');
    assert.equal(csvCell("two\nlines"), '"two\nlines"');
    for (const start of ["=", "+", "-", "@", "\t"]) assert.equal(csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`), true, start);
    assert.equal(csvCell('=HYPERLINK("x")'), '"\'=HYPERLINK(""x"")"');
  });

  test("every contact, oldest first, across batches of 1,000; another account's page is not found", async () => {
    const { contactsCsv } = await import("../../lib/websites/contacts-csv");
    const [owner, stranger] = await twoAccounts();
    await link(owner.id, "csv-page", { type: "website", slug: "site/csv-page", templateId: "simple-stack-v2", data: {} });
    const base = Date.parse("2026-11-01T00:00:00Z");
    await env.db.contact.createMany({
      data: Array.from({ length: 1205 }, (_, i) => ({ id: `cnt_${String(i).padStart(5, "0")}`, linkId: "lnk_csv-page", accountId: owner.id, email: `p${i}@example.test`, createdAt: new Date(base + Math.floor(i / 2) * 1000) })),
    });
    let text = "";
    for await (const chunk of contactsCsv(env.db, owner.id, "csv-page")) text += chunk;
    const lines = text.trimEnd().split("\r\n");
    assert.equal(lines[0], "createdAt,name,email,phone,message,blockId");
    assert.equal(lines.length, 1206);
    assert.deepEqual(lines.slice(1).map((line) => line.split(",")[2]), Array.from({ length: 1205 }, (_, i) => `p${i}@example.test`));
    await assert.rejects(async () => {
      for await (const _ of contactsCsv(env.db, stranger.id, "csv-page")) void _;
    }, (error: { status?: number }) => error.status === 404);
  });
});

describe("read models", () => {
  test("account overview, views by link and links per domain count one account only", async () => {
    const { accountOverview } = await import("../../lib/analytics/account-overview");
    const { viewsByLink } = await import("../../lib/analytics/views-by-link");
    const { countLinksByDomain } = await import("../../lib/domains/count-domain-links");
    const [owner, stranger] = await twoAccounts();
    await link(owner.id, "ov-a", { title: "A" });
    await link(owner.id, "ov-b", { title: "B", domain: "go.brand.test", slug: "b" });
    await link(stranger.id, "ov-x");
    const now = Date.parse("2026-11-22T12:00:00Z");
    const hour = new Date("2026-11-20T10:00:00Z");
    const old = new Date("2026-09-01T10:00:00Z");
    await env.db.eventRollup.createMany({
      data: [
        { linkId: "lnk_ov-a", hour, dimension: "", value: "", views: 5, clicks: 3 },
        { linkId: "lnk_ov-b", hour, dimension: "", value: "", views: 9, clicks: 1 },
        { linkId: "lnk_ov-x", hour, dimension: "", value: "", views: 100, clicks: 100 },
        { linkId: "lnk_ov-a", hour: old, dimension: "", value: "", views: 50, clicks: 50 },
        { linkId: "lnk_ov-a", hour, dimension: "country", value: "de", views: 4 },
        { linkId: "lnk_ov-b", hour, dimension: "country", value: "de", views: 2 },
        { linkId: "lnk_ov-x", hour, dimension: "country", value: "us", views: 100 },
      ],
    });
    const overview = await accountOverview(env.db, owner.id, undefined, now);
    assert.equal(overview.totalViews, 14);
    assert.equal(overview.totalClicks, 4);
    assert.equal(overview.series.length, 30);
    assert.deepEqual(overview.series.find((d) => d.date === "2026-11-20"), { date: "2026-11-20", views: 14, clicks: 4 });
    assert.deepEqual(overview.topLinks.map((l) => [l.id, l.views]), [["ov-b", 9], ["ov-a", 5]]);
    assert.deepEqual(overview.topCountries, [{ name: "DE", views: 6 }]);

    const views = await viewsByLink(env.db, owner.id, ["lnk_ov-a", "lnk_ov-x"], new Date("2026-10-23T00:00:00Z"));
    assert.deepEqual([...views.entries()], [["lnk_ov-a", 5]]);

    const counts = await countLinksByDomain(env.db, owner.id, ["go.brand.test", "none.brand.test"]);
    assert.deepEqual([...counts.entries()], [["go.brand.test", 1]]);
    assert.equal((await countLinksByDomain(env.db, stranger.id, ["go.brand.test"])).size, 0);
  });
});

describe("the verify answer in words", () => {
  test("record missing, an A record where a CNAME is expected, wrong value, verified", async () => {
    const { describeDnsStatus } = await import("../../components/dashboard/domains/dns-status");
    const answer = (verified: boolean, recordFound: boolean, recordValue: string | null) => ({ domain: "go.brand.test", verified, message: "", verifiedAt: null, dnsStatus: { recordFound, recordValue, expectedValue: "cname.hop.test" } });
    assert.equal(describeDnsStatus(answer(false, false, null), "CNAME").title, "Record missing");
    const aRecord = describeDnsStatus(answer(false, true, "198.51.100.9"), "CNAME");
    assert.equal(aRecord.title, "An A record where a CNAME is expected");
    assert.match(aRecord.detail, /198\.51\.100\.9/);
    assert.equal(describeDnsStatus(answer(false, true, "elsewhere.example"), "CNAME").title, "Wrong value");
    assert.equal(describeDnsStatus(answer(false, true, "203.0.113.1"), "A").title, "Wrong value");
    assert.equal(describeDnsStatus(answer(true, true, "cname.hop.test"), "CNAME").tone, "success");
  });
});
