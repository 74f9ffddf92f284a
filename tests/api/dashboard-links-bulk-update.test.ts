import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { person, refusalProblem, send, type Person } from "../helpers/dashboard-routes";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// "Edit in bulk" on the links table (POST /api/dashboard/links/bulk-update): the links chosen by
// the table's filters or its selection, changed by the API's bulk-update use case. Two accounts
// with the same tag, search term and host: one's edit never matches or changes the other's links;
// the preview changes nothing; bad input is a 4xx in the dashboard's error shape.

const ROUTE = "/api/dashboard/links/bulk-update";

type LinkObject = { id: string; slug: string; destination: string; tags: string[]; isActive: boolean; expiresAt: string | null };

async function linksOf(server: HopServer, who: Person): Promise<LinkObject[]> {
  const listed = await api(server, "GET", "/v1/links?limit=100", { key: who.key });
  assert.equal(listed.status, 200, listed.text);
  return listed.body.data;
}

/** Three links on old-shop.test tagged `tag` (one already expired), one other link. */
async function seed(server: HopServer, who: Person, tag: string) {
  const make = async (slug: string, body: Record<string, unknown>) => {
    const made = await api(server, "POST", "/v1/links", { key: who.key, body: { slug, ...body } });
    assert.equal(made.status, 201, made.text);
    return made.body.data as LinkObject;
  };
  const suffix = randomBytes(3).toString("hex");
  const spring = [
    await make(`spring-a-${suffix}`, { url: "https://old-shop.test/a?ref=x", tags: [tag] }),
    await make(`spring-b-${suffix}`, { url: "https://old-shop.test/b", tags: [tag] }),
  ];
  const other = await make(`other-${suffix}`, { url: "https://old-shop.test/other", tags: ["other"] });
  return { spring, other };
}

describe("dashboard: edit links in bulk", () => {
  let server: HopServer;
  let owner: Person;
  let stranger: Person;
  const tag = `spring-${randomBytes(3).toString("hex")}`;
  before(async () => {
    server = await sharedServer();
    owner = await person(server);
    stranger = await person(server);
    await seed(server, owner, tag);
    await seed(server, stranger, tag);
  });
  after(() => server.stop());

  test("the preview counts and shows only the signed-in account's matches, old → new, and changes nothing", async () => {
    const before = await linksOf(server, stranger);
    const ownBefore = await linksOf(server, owner);
    const answer = await send(server, "POST", ROUTE, {
      cookie: owner.cookie,
      body: { links: { by: "filter", tag, search: "old-shop" }, change: { replaceHost: { from: "old-shop.test", to: "shop.test" }, tags: ["moved"] }, dryRun: true },
    });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.matched, 2);
    assert.equal(answer.body.changed, 2);
    assert.equal(answer.body.dryRun, true);
    const ownIds = new Set(ownBefore.map((link) => link.id));
    assert.ok(answer.body.sample.every((link: { id: string }) => ownIds.has(link.id)), "the sample holds the owner's links only");
    const a = answer.body.sample.find((link: { url: string }) => link.url.includes("spring-a-"));
    assert.deepEqual([a.before.destination, a.after.destination], ["https://old-shop.test/a?ref=x", "https://shop.test/a?ref=x"]);
    assert.deepEqual([a.before.tags, a.after.tags], [[tag], ["moved"]]);
    assert.deepEqual(await linksOf(server, owner), ownBefore, "a preview changes nothing");
    assert.deepEqual(await linksOf(server, stranger), before);
  });

  test("applying changes the account's matched links, writes one audit entry, and leaves the other account's alone", async () => {
    const strangerBefore = await linksOf(server, stranger);
    const answer = await send(server, "POST", ROUTE, {
      cookie: owner.cookie,
      body: { links: { by: "filter", tag }, change: { replaceHost: { from: "old-shop.test", to: "shop.test" }, utm: { source: "spring" }, isActive: false } },
    });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual([answer.body.matched, answer.body.changed, answer.body.failedCount, answer.body.dryRun], [2, 2, 0, false]);
    const mine = await linksOf(server, owner);
    const edited = mine.filter((link) => link.tags.includes(tag));
    assert.deepEqual(edited.map((link) => link.destination).sort(), ["https://shop.test/a?ref=x&utm_source=spring", "https://shop.test/b?utm_source=spring"]);
    assert.ok(edited.every((link) => !link.isActive));
    assert.equal(mine.find((link) => link.tags.includes("other"))?.destination, "https://old-shop.test/other", "a link outside the filter is untouched");
    assert.deepEqual(await linksOf(server, stranger), strangerBefore, "the other account's same-tag links are untouched");
    const log = await api(server, "GET", "/v1/audit-log?action=links.bulk_updated", { key: owner.key });
    assert.equal(log.body.data.length, 1, "one entry for the real run, none for the preview");
    const [entry] = log.body.data;
    assert.deepEqual([entry.actor.id, entry.actor.via], [owner.id, "dashboard"]);
    assert.deepEqual([entry.changes.details.matched, entry.changes.details.changed], [2, 2]);
    assert.equal((await api(server, "GET", "/v1/audit-log?action=links.bulk_updated", { key: stranger.key })).body.data.length, 0);
  });

  test("the table's own statuses narrow the match (inactive here), as the list shows them", async () => {
    const answer = await send(server, "POST", ROUTE, { cookie: owner.cookie, body: { links: { by: "filter", status: "inactive", search: "spring-" }, change: { tags: ["paused"] }, dryRun: true } });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.matched, 2, "the two links switched off above, not the active one nor the stranger's");
    const none = await send(server, "POST", ROUTE, { cookie: owner.cookie, body: { links: { by: "filter", status: "expired", tag }, change: { tags: ["x"] }, dryRun: true } });
    assert.deepEqual([none.status, none.body.matched, none.body.sample], [200, 0, []]);
    // The Health filter too: no destination of a test server is ever checked (unchecked, not broken).
    const all = await send(server, "POST", ROUTE, { cookie: owner.cookie, body: { links: { by: "filter", search: "spring-" }, change: { tags: ["x"] }, dryRun: true } });
    const unchecked = await send(server, "POST", ROUTE, { cookie: owner.cookie, body: { links: { by: "filter", health: "unchecked", search: "spring-" }, change: { tags: ["x"] }, dryRun: true } });
    assert.ok(all.body.matched >= 2, all.text);
    assert.deepEqual([unchecked.status, unchecked.body.matched], [200, all.body.matched], unchecked.text);
    const broken = await send(server, "POST", ROUTE, { cookie: owner.cookie, body: { links: { by: "filter", health: "broken", search: "spring-" }, change: { tags: ["x"] }, dryRun: true } });
    assert.deepEqual([broken.status, broken.body.matched], [200, 0], broken.text);
  });

  test("another account's link ids and its group are never matched or used", async () => {
    const strangerLinks = await linksOf(server, stranger);
    const before = await linksOf(server, owner);
    const ids = (await linksOf(server, owner)).map((link) => link.id);
    const answer = await send(server, "POST", ROUTE, { cookie: stranger.cookie, body: { links: { by: "ids", ids }, change: { tags: ["taken"], isActive: true } } });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual([answer.body.matched, answer.body.changed, answer.body.sample], [0, 0, []]);
    assert.deepEqual(await linksOf(server, owner), before);
    const group = await api(server, "POST", "/v1/groups", { key: owner.key, body: { name: `Owner group ${randomBytes(3).toString("hex")}` } });
    const groupId = group.body.data?.id ?? group.body.id;
    const foreignGroup = await send(server, "POST", ROUTE, { cookie: stranger.cookie, body: { links: { by: "ids", ids: strangerLinks.map((link) => link.id) }, change: { groupId } } });
    assert.equal(refusalProblem(foreignGroup, 404), null);
    assert.equal(foreignGroup.body.error.code, "group_not_found");
    assert.deepEqual(await linksOf(server, stranger), strangerLinks);
  });

  test("bad input is a 4xx in the dashboard's error shape, naming what to fix", async () => {
    const ids = (await linksOf(server, owner)).map((link) => link.id);
    const cases: Array<[string, unknown, string]> = [
      ["no filter at all", { links: { by: "filter" }, change: { tags: [] } }, "Search or filter the list first"],
      ["a search of spaces", { links: { by: "filter", search: "   " }, change: { tags: [] } }, "Search or filter the list first"],
      ["an unknown status", { links: { by: "filter", status: "everything" }, change: { tags: [] } }, "status"],
      ["no change", { links: { by: "ids", ids }, change: {} }, "change needs at least one"],
      ["host and prefix together", { links: { by: "ids", ids }, change: { replaceHost: { from: "a.test", to: "b.test" }, replacePrefix: { from: "https://a.test/", to: "https://b.test/" } } }, "not both"],
      ["a host with a scheme", { links: { by: "ids", ids }, change: { replaceHost: { from: "https://a.test", to: "b.test" } } }, "host name"],
      ["no ids", { links: { by: "ids", ids: [] }, change: { tags: [] } }, "Choose at least one link"],
      ["an expiry without an offset", { links: { by: "ids", ids }, change: { expiresAt: "2030-01-01T00:00" } }, "ISO 8601"],
    ];
    const before = await linksOf(server, owner);
    for (const [label, body, says] of cases) {
      const answer = await send(server, "POST", ROUTE, { cookie: owner.cookie, body });
      assert.equal(refusalProblem(answer, 400), null, label);
      // lib/errors.ts's nested shape, or API.md's flat one for the uppercase codes (INVALID_EXPIRATION).
      const message: string = answer.body.error?.message ?? answer.body.message;
      assert.ok(message.includes(says), `${label}: ${answer.text}`);
    }
    // A new destination PUT would refuse is a per-link failure, not a refusal of the request.
    const loop = await send(server, "POST", ROUTE, { cookie: owner.cookie, body: { links: { by: "ids", ids }, change: { replacePrefix: { from: "https://", to: "javascript:" } }, dryRun: true } });
    assert.equal(loop.status, 200, loop.text);
    assert.ok(loop.body.failedCount > 0 && loop.body.failed.every((f: { url: string; code: string }) => f.url.startsWith("http") && f.code), loop.text);
    assert.deepEqual(await linksOf(server, owner), before, "nothing changed");
  });
});
