import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// One rule for every URL a link or page stores (docs/API.md "URLs"): at most 8,192 characters once
// normalised, no control characters, absolute http(s); and a link's own URLs may not send visitors
// back to the link (a redirect loop). Each refusal is the documented 400 naming the field.

const LONG = `https://example.com/${"a".repeat(8980)}`; // 9,000 characters
const LONGEST = `https://example.com/${"a".repeat(8192 - 20)}`; // exactly 8,192

describe("URL length, control characters and loops", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: "false" } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const create = (body: Record<string, unknown>) => api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/ok", ...body } });
  const refusedOn = (res: { status: number; body: any; text: string }, field: string, what: RegExp) => {
    // The flat shape of INVALID_DESTINATION_URL (docs/API.md, lib/errors.ts).
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.code, "INVALID_DESTINATION_URL", res.text);
    assert.equal(res.body.field, field, res.text);
    assert.match(res.body.message, what);
  };

  test("a 9,000-character URL is refused in every link field; 8,192 is accepted", async () => {
    const fields: Array<[Record<string, unknown>, string]> = [
      [{ url: LONG }, "url"],
      [{ expiresAt: "2099-01-01T00:00:00Z", expiredUrl: LONG }, "expiredUrl"],
      [{ ios: LONG }, "ios"],
      [{ android: LONG }, "android"],
      [{ geoRules: [{ countries: ["GB"], redirectUrl: LONG }] }, "geoRules[0].redirectUrl"],
      [{ languageRules: [{ languages: ["fr"], redirectUrl: LONG }] }, "languageRules[0].redirectUrl"],
    ];
    for (const [body, field] of fields) refusedOn(await create({ slug: `long-${field.replace(/\W/g, "")}`.toLowerCase(), ...body }), field, /at most 8,192 characters/);
    const made = await create({ url: LONGEST, slug: "longest" });
    assert.equal(made.status, 201, made.text);
    const visited = await visit(server, PRIMARY, "/longest");
    assert.equal(visited.headers.location, LONGEST);
    refusedOn(await api(server, "PUT", "/v1/links/longest", { key: account.key, body: { destination: LONG } }), "destination", /at most 8,192/);
    refusedOn(await api(server, "PUT", "/v1/links/longest", { key: account.key, body: { alternateBackUrl: LONG } }), "alternateBackUrl", /at most 8,192/);
    const normalisedLonger = `https://example.com/${"é".repeat(3000)}`; // 3,020 typed, 18,020 once percent-encoded
    refusedOn(await create({ url: normalisedLonger, slug: "grows" }), "url", /at most 8,192/);
  });

  test("the import, the bulk create, a webhook and a page button refuse it too", async () => {
    const imported = await api(server, "POST", "/v1/links/import", { key: account.key, raw: `url,slug\n${LONG},imported-long\nhttps://example.com/fine,imported-fine\n`, headers: { "content-type": "text/csv" } });
    assert.equal(imported.status, 200, imported.text);
    assert.equal(imported.body.created, 1);
    assert.deepEqual(imported.body.failed.map((f: { row: number; code: string }) => [f.row, f.code]), [[1, "INVALID_DESTINATION_URL"]]);
    const bulk = await api(server, "POST", "/v1/links/bulk", { key: account.key, body: { links: [{ url: LONG, slug: "bulk-long" }] } });
    assert.equal(bulk.status, 200, bulk.text);
    assert.equal(bulk.body.createdCount, 0);
    assert.equal(bulk.body.results.failed[0].error.code, "INVALID_DESTINATION_URL", "the bulk shape: failures by index");
    const hook = await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: `https://8.8.8.8/${"a".repeat(8980)}`, events: ["link.created"] } });
    assert.equal(hook.status, 400, hook.text);
    assert.equal(hook.body.error.field, "url");
    const page = await api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "w", templateId: "folio-card", data: { profile: { name: "Long" }, links: [{ id: "b1", title: "Far", url: LONG }] } } });
    assert.equal(page.status, 400, page.text);
    assert.match(page.text, /links/);
  });

  test("raw CR or LF is refused in a link URL and a webhook URL, never stored as the parser rewrites it", async () => {
    refusedOn(await create({ url: "https://example.com/a\r\nSet-Cookie: x=1", slug: "crlf" }), "url", /control characters/);
    refusedOn(await create({ ios: "https://example.com/\nx", slug: "crlf-ios" }), "ios", /control characters/);
    const hook = await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: "https://8.8.8.8/ho\r\nok", events: ["link.created"] } });
    assert.equal(hook.status, 400, hook.text);
    assert.match(hook.body.error.message, /control characters/);
  });

  test("a link's expiredUrl, device and rule URLs may not point back at the link (a redirect loop)", async () => {
    const self = `http://${PRIMARY}/loop-me`;
    const loops: Array<[Record<string, unknown>, string]> = [
      [{ url: self }, "url"],
      [{ expiresAt: "2099-01-01T00:00:00Z", expiredUrl: self }, "expiredUrl"],
      [{ expiredUrl: `https://${PRIMARY}/LOOP-me?x=1` }, "expiredUrl"],
      [{ ios: self }, "ios"],
      [{ android: self }, "android"],
      [{ geoRules: [{ countries: ["GB"], redirectUrl: self }] }, "geoRules[0].redirectUrl"],
      [{ languageRules: [{ languages: ["fr"], redirectUrl: self }] }, "languageRules[0].redirectUrl"],
    ];
    for (const [body, field] of loops) refusedOn(await create({ slug: "loop-me", ...body }), field, /points back at this link/);
    const made = await create({ slug: "loop-me", expiredUrl: `http://${PRIMARY}/another-link` });
    assert.equal(made.status, 201, made.text);
    refusedOn(await api(server, "PUT", "/v1/links/loop-me", { key: account.key, body: { expiredUrl: self } }), "expiredUrl", /points back at this link/);
    refusedOn(await api(server, "PUT", "/v1/links/loop-me", { key: account.key, body: { destination: self } }), "destination", /points back at this link/);
  });
});
