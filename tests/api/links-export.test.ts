import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { parseCsv } from "../../lib/text/csv";

// GET /v1/links/export (docs/API.md "Extensions"): every matching link as CSV, streamed, and
// read back by POST /v1/links/import into another account.

const HEADER = "shortUrl,domain,slug,url,title,description,tags,groupId,isActive,createdAt,expiresAt,expiredUrl,ios,android,startsAt,maxClicks";

/** The export as it arrives: the chunks, the headers, the status. */
function download(server: HopServer, key: string, query = ""): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; chunks: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path: `/v1/links/export${query}`, headers: { authorization: `Bearer ${key}` } }, (res) => {
      let text = "";
      let chunks = 0;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        chunks += 1;
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, chunks }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /v1/links/export", () => {
  let server: HopServer;
  before(async () => {
    // A server of its own, not a shared one: its imports would be paced behind other files' requests.
    server = await startServer();
  });
  after(() => server.stop());

  test("the header row and columns in order; tags joined by |; formula cells protected; filters apply; viewers may export", async () => {
    const account = await createAccount(server);
    const make = (body: Record<string, unknown>) => api(server, "POST", "/v1/links", { key: account.key, body });
    assert.equal((await make({ url: "https://example.com/a", slug: "exp-a", title: "=HYPERLINK(\"http://evil\")", description: "Line one, \"quoted\"\nline two", tags: ["x", "y"] })).status, 201);
    assert.equal((await make({ url: "https://example.com/b", slug: "exp-b", tags: ["y"], ios: "https://apps.apple.com/app/id1", expiresAt: "2099-01-01T00:00:00Z", startsAt: "2098-01-01T00:00:00Z", maxClicks: 250 })).status, 201);
    const all = await download(server, account.key);
    assert.equal(all.status, 200);
    assert.equal(all.headers["content-type"], "text/csv; charset=utf-8");
    assert.match(String(all.headers["content-disposition"]), /^attachment; filename="hop-links-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = all.text.split("\r\n");
    assert.equal(lines[0], HEADER);
    const records = parseCsv(all.text);
    assert.equal(records.length, 3);
    const [b, a] = records.slice(1);
    assert.deepEqual(b.slice(1, 4), ["localhost:3000", "exp-b", "https://example.com/b"]);
    assert.equal(b[8], "true");
    assert.equal(b[10], "2099-01-01T00:00:00.000Z");
    assert.equal(b[12], "https://apps.apple.com/app/id1");
    assert.deepEqual(b.slice(14), ["2098-01-01T00:00:00.000Z", "250"]);
    assert.deepEqual(a.slice(14), ["", ""]);
    assert.equal(a[4], "'=HYPERLINK(\"http://evil\")", "a formula is protected with an apostrophe");
    assert.equal(a[5], "Line one, \"quoted\"\nline two");
    assert.equal(a[6], "x|y");
    const tagged = parseCsv((await download(server, account.key, "?tag=x")).text);
    assert.deepEqual(tagged.slice(1).map((r) => r[2]), ["exp-a"]);
    const viewer = await addKey(server, account.email, "viewer");
    assert.equal((await download(server, viewer.key)).status, 200);
    const other = await createAccount(server);
    assert.equal(parseCsv((await download(server, other.key)).text).length, 1, "another account's export has only the header");
    // The start and the visit limit import back as they were; a limit in words is the row's error.
    assert.equal((await api(server, "DELETE", "/v1/links/exp-b", { key: account.key })).status, 200);
    const back = await api(server, "POST", "/v1/links/import", { key: other.key, raw: `${lines[0]}\r\n${lines[1]}\r\n,,exp-c,https://example.com/c,,,,,,,,,,,,lots\r\n`, headers: { "content-type": "text/csv" } });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.created, 1);
    assert.deepEqual([back.body.failed[0].row, back.body.failed[0].code], [2, "invalid_request"]);
    const imported = (await api(server, "GET", "/v1/links/exp-b", { key: other.key })).body.data;
    assert.deepEqual([imported.startsAt, imported.maxClicks], ["2098-01-01T00:00:00.000Z", 250]);
  });

  // 2,500 links: three of the export's 1,000-row batches, the last one partial.
  test("2,500 links stream out in batches and round-trip through import into another account", async () => {
    const from = await createAccount(server, { plan: "unlimited" });
    const rows = Array.from({ length: 2_500 }, (_, i) => `https://example.com/p/${i},rt-${i},Title ${i},"t${i % 7}|all"`);
    const made = await api(server, "POST", "/v1/links/import", { key: from.key, raw: `url,slug,title,tags\r\n${rows.join("\r\n")}\r\n`, headers: { "content-type": "text/csv" } });
    assert.equal(made.status, 200, made.text.slice(0, 500));
    assert.deepEqual([made.body.created, made.body.failed.length], [2_500, 0]);

    const exported = await download(server, from.key);
    assert.equal(exported.status, 200);
    assert.equal(exported.headers["content-length"], undefined, "streamed, not buffered");
    assert.ok(exported.chunks >= 3, `arrived in ${exported.chunks} chunks`);
    const records = parseCsv(exported.text);
    assert.equal(records.length, 2_501);

    const slugs = records.slice(1).map((r) => r[2]);
    for (let i = 0; i < slugs.length; i += 100) {
      const res = await api(server, "DELETE", "/v1/links/bulk", { key: from.key, body: { links: slugs.slice(i, i + 100) } });
      assert.equal(res.status, 200, res.text.slice(0, 300));
    }
    const to = await createAccount(server, { plan: "unlimited" });
    const imported = await api(server, "POST", "/v1/links/import", { key: to.key, raw: exported.text, headers: { "content-type": "text/csv" } });
    assert.equal(imported.status, 200, imported.text.slice(0, 500));
    assert.deepEqual([imported.body.created, imported.body.failed], [2_500, []]);
    const again = parseCsv((await download(server, to.key)).text);
    const pick = (r: string[]) => [r[2], r[3], r[4], r[6]].join(" ");
    assert.deepEqual(again.slice(1).map(pick).sort(), records.slice(1).map(pick).sort(), "same slugs, urls, titles, tags");
  });
});
