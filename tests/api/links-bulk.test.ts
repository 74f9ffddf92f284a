import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { admin, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

const SYSTEM = "sys.hop.test";

describe("bulk create and bulk delete", () => {
  let server: HopServer;
  before(async () => {
    server = await sharedServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  });
  after(() => server.stop());

  const make = async (account: TestAccount, slug: string, domain?: string) => {
    const res = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com", slug, domain } });
    assert.equal(res.status, 201, res.text);
    return res.body.data;
  };
  const bulkDelete = (account: TestAccount, links: unknown) => api(server, "DELETE", "/v1/links/bulk", { key: account.key, body: { links } });

  test("POST /v1/links/bulk applies every create rule in order and reports failures by index", async () => {
    const account = await createAccount(server);
    await admin(server, "account", "set-limits", "--email", account.email, "--total", "3");
    const res = await api(server, "POST", "/v1/links/bulk", {
      key: account.key,
      body: {
        links: [
          { url: "https://example.com/1", slug: "bulk-one" },
          { url: "javascript:alert(1)", slug: "bulk-bad-url" },
          { url: "https://example.com/2", slug: "bulk-one" },
          { url: "https://example.com/3" },
          { url: "https://example.com/4", slug: "ab" },
          { url: "https://example.com/5", slug: "bulk-two" },
          { url: "https://example.com/6", slug: "bulk-three" },
          { url: "https://example.com/7", slug: "bulk-four" },
        ],
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.success, true);
    assert.equal(res.body.createdCount, 3);
    assert.deepEqual(res.body.results.successful.map((l: { id: string }) => l.id), ["bulk-one", "bulk-two", "bulk-three"]);
    assert.deepEqual(
      res.body.results.failed.map((f: { index: number; slug: unknown; error: { code: string } }) => [f.index, f.slug, f.error.code]),
      [[1, "bulk-bad-url", "INVALID_DESTINATION_URL"], [2, "bulk-one", "slug_already_exists"], [3, null, "missing_required_field"], [4, "ab", "INVALID_SLUG"], [7, "bulk-four", "TOTAL_LINK_LIMIT_REACHED"]],
    );
    assert.ok(res.body.results.failed.every((f: { error: { message: string } }) => typeof f.error.message === "string"));
  });

  test("bulk create takes 1 to 100 links", async () => {
    const account = await createAccount(server);
    const hundred = Array.from({ length: 100 }, (_, i) => ({ url: "https://example.com", slug: `hundred-${i}` }));
    const ok = await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: hundred } });
    assert.equal(ok.body.createdCount, 100);
    const over = await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: [...hundred, { url: "https://x.io", slug: "one-more" }] } });
    assert.equal(over.status, 400);
    assert.equal(over.body.error.field, "links");
    assert.equal((await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: [] } })).status, 400);
  });

  test("DELETE /v1/links/bulk deletes ids and short URLs, lists duplicates as skipped and unknowns as failed", async () => {
    const account = await createAccount(server);
    const a = await make(account, "del-a");
    const b = await make(account, "del-b", SYSTEM);
    const keep = await make(account, "del-keep");
    const res = await bulkDelete(account, [a.id, b.url, a.url, "del-b", "nope-nope", b.id]);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.deepEqual(res.body.results.successful.sort(), [a.id, b.id].sort());
    assert.deepEqual(res.body.results.failed, [{ identifier: "del-b", error: "Link not found" }, { identifier: "nope-nope", error: "Link not found" }]);
    assert.deepEqual(res.body.results.skipped.map((s: { identifier: string }) => s.identifier), [a.url, b.id]);
    assert.equal(res.body.deletedCount, 2);
    assert.deepEqual(res.body.redeployPending, []);
    assert.match(res.body.message, /Deleted 2, failed 2, skipped 2/);
    const resent = await bulkDelete(account, [a.id, b.url]);
    assert.equal(resent.body.deletedCount, 0, "a resent request reports not found");
    assert.deepEqual(resent.body.results.failed.map((f: { identifier: string }) => f.identifier), [a.id, b.url]);
    assert.equal((await api(server, "GET", `/v1/links/${keep.id}`, { key: account.key })).status, 200, "and touches no other link");
  });

  test("matching is exact: no case folding of custom paths, no a_b for a/b, no #, no dot segments, no encoded slash", async () => {
    const account = await createAccount(server);
    const link = await make(account, "exact-one", SYSTEM);
    const near = [
      `http://${SYSTEM}/exact-one#frag`,
      `http://${SYSTEM}/./exact-one`,
      `http://${SYSTEM}/x/../exact-one`,
      `http://${SYSTEM}/exact%2Done`,
      `http://www.${SYSTEM}/exact-one`,
      `http://${SYSTEM}/exact-one/`,
      `http://${SYSTEM}/exact-one?x=1`,
      `${SYSTEM}_exact-one`,
      "exact_one",
    ];
    const res = await bulkDelete(account, near);
    assert.equal(res.body.deletedCount, 0);
    assert.equal(res.body.results.failed.length, near.length);
    assert.equal((await api(server, "GET", `/v1/links/${encodeURIComponent(link.id)}`, { key: account.key })).status, 200);
  });

  test("1 to 100 identifiers; a bad body is 400 with the flat Bad Request shape", async () => {
    const account = await createAccount(server);
    const hundred = Array.from({ length: 100 }, (_, i) => `missing-${i}`);
    const ok = await bulkDelete(account, hundred);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.results.failed.length, 100);
    for (const links of [[...hundred, "one-more"], [], "abc", undefined]) {
      const res = await bulkDelete(account, links);
      assert.equal(res.status, 400, JSON.stringify(links));
      assert.equal(res.body.error, "Bad Request");
      assert.equal(typeof res.body.message, "string");
    }
  });

  test("team owners' links are deleted for active editors", async () => {
    const owner = await createAccount(server);
    const editor = await createAccount(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "admin");
    const link = await make(owner, "owner-del", SYSTEM);
    const res = await bulkDelete(editor, [link.url]);
    assert.equal(res.body.deletedCount, 1);
  });

  test("more than 10 custom domains → 400 TOO_MANY_CUSTOM_DOMAINS and nothing deleted; 10 are redeployed once each", async () => {
    const account = await createAccount(server);
    const urls: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const domain = `d${i}-${Date.now().toString(36)}.example`;
      assert.equal((await api(server, "POST", "/v1/domains", { key: account.key, body: { domain } })).status, 201);
      await admin(server, "domain", "force-verify", "--domain", domain);
      urls.push((await make(account, `page-${i}`, domain)).url);
      if (i === 0) urls.push((await make(account, "second-on-d0", domain)).url);
    }
    const refused = await bulkDelete(account, urls);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, "Bad Request");
    assert.equal(refused.body.code, "TOO_MANY_CUSTOM_DOMAINS");
    assert.equal((await api(server, "GET", "/v1/links", { key: account.key })).body.pagination.totalCount, 12, "nothing deleted");
    const ok = await bulkDelete(account, urls.slice(0, 11));
    assert.equal(ok.status, 200);
    assert.equal(ok.body.deletedCount, 11);
    assert.deepEqual(ok.body.redeployPending, []);
  });

  test("another account's links are not found", async () => {
    const mine = await createAccount(server);
    const theirs = await createAccount(server);
    const link = await make(theirs, "not-yours");
    const res = await bulkDelete(mine, [link.id, link.url]);
    assert.equal(res.body.deletedCount, 0);
    assert.equal((await api(server, "GET", `/v1/links/${link.id}`, { key: theirs.key })).status, 200);
  });
});
