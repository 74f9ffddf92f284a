import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { admin, type HopServer, underNextStart } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";
import { readFileSync } from "node:fs";
import path from "node:path";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "..", "fixtures", "imports", name), "utf8");

// POST /v1/links/import (docs/API.md "Extensions"): a CSV from Bitly, Dub or a spreadsheet, each
// row checked and created as POST /v1/links would.

const SYSTEM = "sys.hop.test";

interface CacheStats {
  visit: { queries: { links: number } };
}

describe("POST /v1/links/import", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  });
  after(() => server.stop());

  const importCsv = (account: TestAccount, csv: string, query = "", key = account.key) =>
    api(server, "POST", `/v1/links/import${query}`, { key, raw: csv, headers: { "content-type": "text/csv" } });
  const slugsOf = async (account: TestAccount) => ((await api(server, "GET", "/v1/links?limit=100", { key: account.key })).body.data as Array<{ slug: string }>).map((l) => l.slug).sort();

  test("a Bitly export: long_url, and the short link's path as the slug on a domain named in a column", async () => {
    const account = await createAccount(server);
    const csv = [
      "id,link,custom_bitlinks,long_url,title,created_at,domain",
      `bit.ly/3abcDEF,https://bit.ly/spring-bit,,https://example.com/spring,Spring sale,2024-01-01,${SYSTEM}`,
      `bit.ly/3ghiJKL,https://bit.ly/autumn-bit,,https://example.com/autumn,"Autumn, again",2024-01-02,${SYSTEM}`,
    ].join("\n");
    const res = await importCsv(account, csv);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { created: 2, failed: [], dryRun: false });
    const link = (await api(server, "GET", `/v1/links/${SYSTEM}__autumn-bit`, { key: account.key })).body.data;
    assert.deepEqual([link.destination, link.title, link.domain], ["https://example.com/autumn", "Autumn, again", SYSTEM]);
    assert.equal((await visit(server, SYSTEM, "/spring-bit")).headers.location, "https://example.com/spring");
  });

  test("a Dub export: key and url, tags separated by commas, a row without a slug gets one, in any column order and case", async () => {
    const account = await createAccount(server);
    const csv = ["Tags,URL,Key,Title,Clicks", '"promo, summer",https://example.com/dub-1,dub-one,Dub one,12', "newsletter,https://example.com/dub-2,,Generated,0"].join("\r\n");
    const res = await importCsv(account, csv);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.created, 2);
    const links = (await api(server, "GET", "/v1/links", { key: account.key })).body.data as Array<{ slug: string; tags: string[]; title: string }>;
    const one = links.find((l) => l.slug === "dub-one")!;
    assert.deepEqual(one.tags, ["promo", "summer"]);
    const generated = links.find((l) => l.title === "Generated")!;
    assert.match(generated.slug, /^[a-z0-9]{7}$/);
  });

  test("dry run checks every row and creates nothing; failures name the row, the slug, the error and its code", async () => {
    const account = await createAccount(server);
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", slug: "taken-one" } })).status, 201);
    const csv = [
      "url,slug,expiresAt,ios",
      "https://example.com/ok,fresh-one,,",
      "ftp://nope,bad-url,,",
      "https://example.com/x,taken-one,,",
      "https://example.com/y,fresh-one,,",
      "https://example.com/z,docs,,",
      "https://example.com/w,past-one,2020-01-01T00:00:00Z,",
      "https://example.com/v,app-one,,not-a-url",
      "https://bit.ly/bounce,bouncy,,",
    ].join("\n");
    const dry = await importCsv(account, csv, "?dryRun=true");
    assert.equal(dry.status, 200, dry.text);
    assert.equal(dry.body.dryRun, true);
    assert.equal(dry.body.created, 1);
    assert.deepEqual(
      dry.body.failed.map((f: { row: number; slug?: string; code?: string }) => [f.row, f.slug, f.code]),
      [
        [2, "bad-url", "INVALID_DESTINATION_URL"],
        [3, "taken-one", undefined],
        [4, "fresh-one", "slug_already_exists"],
        [5, "docs", "INVALID_SLUG"],
        [6, "past-one", "INVALID_EXPIRATION"],
        [7, "app-one", "INVALID_DESTINATION_URL"],
        [8, "bouncy", "BLOCKED_BOUNCY_DESTINATION"],
      ],
    );
    assert.equal(dry.body.failed[1].error, "Custom slug or domain already taken");
    assert.match(dry.body.failed[2].error, /repeats row 1/);
    assert.equal(dry.body.failed[3].suggestion, "docs-1", "a reserved slug comes with a variant to use");
    assert.deepEqual(await slugsOf(account), ["taken-one"], "nothing created");
    const real = await importCsv(account, csv);
    assert.equal(real.body.created, 1);
    assert.deepEqual(real.body.failed, dry.body.failed, "the real run fails the same rows");
    assert.deepEqual(await slugsOf(account), ["fresh-one", "taken-one"]);
  });

  test("limits per row: past the total limit rows fail, past the active limit they are created inactive", async () => {
    const account = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "3", "--active", "2");
    const csv = ["url,slug", ...[1, 2, 3, 4, 5].map((i) => `https://example.com/${i},limited-${i}`)].join("\n");
    const dry = await importCsv(account, csv, "?dryRun=1");
    assert.equal(dry.body.created, 3);
    const res = await importCsv(account, csv);
    assert.equal(res.body.created, 3);
    assert.deepEqual(res.body.failed.map((f: { row: number; code: string }) => [f.row, f.code]), [[4, "TOTAL_LINK_LIMIT_REACHED"], [5, "TOTAL_LINK_LIMIT_REACHED"]]);
    const links = (await api(server, "GET", "/v1/links", { key: account.key })).body.data as Array<{ slug: string; isActive: boolean; inactiveReason?: string }>;
    const third = links.find((l) => l.slug === "limited-3")!;
    assert.deepEqual([third.isActive, third.inactiveReason], [false, "active_limit_reached"]);
    assert.equal(links.filter((l) => l.isActive).length, 2);
  });

  test("a formula's protecting apostrophe is removed; a shortUrl column supplies domain and slug", async () => {
    const account = await createAccount(server);
    const csv = ["shortUrl,url,title", `https://${SYSTEM}/from-short,https://example.com/f,"'=1+1"`, `http://${PRIMARY}/primary-short,https://example.com/g,'-minus`].join("\n");
    const res = await importCsv(account, csv);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.created, 2, res.text);
    assert.equal((await api(server, "GET", `/v1/links/${SYSTEM}__from-short`, { key: account.key })).body.data.title, "=1+1");
    assert.equal((await api(server, "GET", "/v1/links/primary-short", { key: account.key })).body.data.title, "-minus");
  });

  test("an import of 300 links drops exactly their addresses from the visitor cache: another account's hot link stays cached, a cached miss of an imported address now redirects", { skip: underNextStart && "reads server.ts's caches (cache stats); next start has no admin endpoint" }, async () => {
    const owner = await createAccount(server);
    const importer = await createAccount(server);
    const tag = Date.now().toString(36);
    assert.equal((await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/hot", slug: `hot-${tag}` } })).status, 201);
    assert.equal((await visit(server, PRIMARY, `/hot-${tag}`)).status, 302);
    assert.equal((await visit(server, PRIMARY, `/imported-${tag}-7`)).status, 404, "remembered as no such link");
    const queriesBefore = ((await admin(server, "cache", "stats")) as unknown as CacheStats).visit.queries.links;
    const rows = Array.from({ length: 300 }, (_, i) => `https://example.com/imported-${i},imported-${tag}-${i}`);
    const res = await importCsv(importer, ["url,slug", ...rows].join("\n"));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.created, 300);
    assert.equal((await visit(server, PRIMARY, `/hot-${tag}`)).status, 302);
    const queriesAfterHot = ((await admin(server, "cache", "stats")) as unknown as CacheStats).visit.queries.links;
    assert.equal(queriesAfterHot, queriesBefore, "the other account's link is answered from the cache, not looked up again");
    assert.equal((await visit(server, PRIMARY, `/imported-${tag}-7`)).headers.location, "https://example.com/imported-7");
  });

  test("the body: a header with a url column, at most 10,000 rows and 5 MB; creator keys may import, viewers may not", async () => {
    const account = await createAccount(server);
    const noUrl = await importCsv(account, "slug,title\nabc,Abc\n");
    assert.equal(noUrl.status, 400);
    assert.match(noUrl.body.error.message, /url column/);
    assert.equal((await importCsv(account, "")).status, 400);
    assert.equal((await importCsv(account, 'url,slug\n"https://example.com/open,quote\n')).status, 400);
    const many = await importCsv(account, `url\n${"https://example.com/x\n".repeat(10_001)}`);
    assert.equal(many.status, 400);
    assert.match(many.body.error.message, /At most 10,000 rows/);
    const big = await importCsv(account, `url,title\n${`https://example.com/x,${"t".repeat(1000)}\n`.repeat(5300)}`);
    assert.equal(big.status, 413);
    const creator = await addKey(server, account.email, "creator");
    assert.equal((await importCsv(account, "url,slug\nhttps://example.com/c,by-creator\n", "", creator.key)).status, 200);
    const viewer = await addKey(server, account.email, "viewer");
    assert.equal((await importCsv(account, "url,slug\nhttps://example.com/v,by-viewer\n", "", viewer.key)).status, 403);
  });

  test("the four services' exports as they are: back-halves kept as slugs on the account's default domain, creation dates kept, a reserved word reported with a suggestion", async () => {
    const account = await createAccount(server);
    const results = Object.fromEntries(await Promise.all(["bitly", "dub", "shortio", "rebrandly"].map(async (name) => [name, (await importCsv(account, fixture(`${name}.csv`))).body])));
    assert.deepEqual(results.bitly, { created: 5, failed: [], dryRun: false });
    assert.equal(results.dub.created, 2);
    assert.deepEqual(results.dub.failed, [{ row: 1, slug: "docs", code: "INVALID_SLUG", suggestion: "docs-1", error: "docs is reserved for Hop's own pages on the primary domain. Try docs-1." }]);
    assert.deepEqual([results.shortio.created, results.rebrandly.created], [3, 3]);
    const links = (await api(server, "GET", "/v1/links?limit=100", { key: account.key })).body.data as Array<{ slug: string; domain: string; createdAt: string; title: string; tags: string[] }>;
    assert.deepEqual(links.map((l) => l.slug).sort(), ["3vx9klm", "4hq2wer", "about", "app", "blog-launch", "email", "help-desk", "news-april", "pricing", "pricing-2024", "privacy", "status", "terms"]);
    assert.ok(links.every((l) => l.domain === PRIMARY));
    const spring = links.find((l) => l.slug === "3vx9klm")!;
    assert.deepEqual([spring.createdAt, spring.title, spring.tags], ["2024-03-01T09:30:00.000Z", "Spring sale", ["spring", "sale"]]);
    assert.equal(links.find((l) => l.slug === "pricing-2024")!.createdAt, "2024-03-02T10:00:00.000Z");
    assert.equal(links.find((l) => l.slug === "pricing")!.createdAt, "2024-05-08T08:30:00.000Z");
    assert.equal(links.find((l) => l.slug === "terms")!.createdAt, "2023-11-13T10:54:12.000Z");
    assert.equal((await visit(server, PRIMARY, "/pricing")).headers.location, "https://www.example.com/pricing");
  });

  test("?domain= takes the rows of another service; no word is reserved off the primary domain; an unknown domain is a 4xx", async () => {
    const account = await createAccount(server);
    const dry = await importCsv(account, fixture("dub.csv"), `?dryRun=true&domain=${SYSTEM}`);
    assert.deepEqual(dry.body, { created: 3, failed: [], dryRun: true });
    const res = await importCsv(account, fixture("dub.csv"), `?domain=${SYSTEM.toUpperCase()}`);
    assert.equal(res.body.created, 3, res.text);
    assert.equal((await api(server, "GET", `/v1/links/${SYSTEM}__docs`, { key: account.key })).body.data.destination, "https://docs.example.com/");
    const unknown = await importCsv(account, fixture("dub.csv"), "?domain=not-mine.example");
    assert.equal(unknown.status, 403, unknown.text);
    assert.equal(unknown.body.code, "DOMAIN_NOT_FOUND");
    assert.equal((await importCsv(account, fixture("dub.csv"), "?domain=")).status, 400);
    // The primary domain as links show it, port and all.
    const primary = await importCsv(account, fixture("dub.csv"), `?dryRun=true&domain=${PRIMARY}`);
    assert.equal(primary.status, 200, primary.text);
  });

  test("European spreadsheets: semicolon- and tab-separated files, dotted dates; a date Hop cannot read fails its row", async () => {
    const account = await createAccount(server);
    const semicolon = ["url;slug;title;created", "https://example.com/eu-1;eu-one;\"Preis; Rabatt\";01.03.2024 09:30", "https://example.com/eu-2;eu-two;Zwei;03/01/2024"].join("\r\n");
    const res = await importCsv(account, semicolon);
    assert.equal(res.body.created, 1, res.text);
    assert.deepEqual(res.body.failed.map((f: { row: number; code: string }) => [f.row, f.code]), [[2, "invalid_request"]]);
    assert.match(res.body.failed[0].error, /not a date/);
    const one = (await api(server, "GET", "/v1/links/eu-one", { key: account.key })).body.data;
    assert.deepEqual([one.title, one.createdAt], ["Preis; Rabatt", "2024-03-01T09:30:00.000Z"]);
    const tabs = await importCsv(account, "url\tslug\tTitle\nhttps://example.com/tab\ttab-one\twith, commas\n");
    assert.equal(tabs.body.created, 1, tabs.text);
    assert.equal((await api(server, "GET", "/v1/links/tab-one", { key: account.key })).body.data.title, "with, commas");
  });
});
