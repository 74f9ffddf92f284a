import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";

// Geo comes from trusted proxy headers here (TRUST_PROXY=true), or from the bundled GeoIP
// database for the x-forwarded-for address when the proxy sends no country.

describe("geo and language rules", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
    const res = await api(server, "POST", "/v1/links", {
      key: account.key,
      body: {
        url: "https://example.com/main",
        slug: "ruled",
        geoRules: [
          { countries: ["US"], cities: ["york"], redirectUrl: "https://example.com/us-nyc" },
          { countries: ["United States"], redirectUrl: "https://example.com/us" },
          { cities: ["Berlin"], redirectUrl: "https://example.com/berlin" },
          { countries: ["GB"], redirectUrl: "https://example.com/gb" },
        ],
        languageRules: [
          { languages: ["fr"], redirectUrl: "https://example.com/fr" },
          { languages: ["pt-BR"], redirectUrl: "https://example.com/pt-br" },
        ],
      },
    });
    assert.equal(res.status, 201, res.text);
  });
  after(() => server.stop());

  const where = async (headers: Record<string, string>, path = "/ruled") => (await visit(server, PRIMARY, path, { headers })).headers.location;

  test("geo rules: first match wins; countries and cities combine; cities are case-insensitive substrings", async () => {
    assert.equal(await where({ "cf-ipcountry": "US", "x-vercel-ip-city": "New%20York" }), "https://example.com/us-nyc");
    assert.equal(await where({ "x-vercel-ip-country": "us", "x-vercel-ip-city": "Boston" }), "https://example.com/us");
    assert.equal(await where({ "cf-ipcountry": "DE", "x-vercel-ip-city": "BERLIN" }), "https://example.com/berlin");
    assert.equal(await where({ "cf-ipcountry": "DE", "x-vercel-ip-city": "Munich" }), "https://example.com/main");
  });

  test("without a country header the bundled GeoIP database places the forwarded address", async () => {
    assert.equal(await where({ "x-forwarded-for": "10.0.0.1, 81.2.69.160" }), "https://example.com/gb", "the entry the proxy appended, whatever the client wrote before it");
    assert.equal(await where({ "x-forwarded-for": "81.2.69.160, 10.0.0.1" }), "https://example.com/main", "one hop: the last entry decides, even a private one");
    assert.equal(await where({ "x-forwarded-for": "8.8.8.8" }), "https://example.com/us");
  });

  test("language rules after geo rules: q > 0, primary subtag matches, exact region tags", async () => {
    assert.equal(await where({ "cf-ipcountry": "CA", "accept-language": "fr-CA,fr;q=0.9,en;q=0.8" }), "https://example.com/fr");
    assert.equal(await where({ "cf-ipcountry": "CA", "accept-language": "en-US,fr;q=0" }), "https://example.com/main");
    assert.equal(await where({ "cf-ipcountry": "BR", "accept-language": "pt-BR" }), "https://example.com/pt-br");
    assert.equal(await where({ "cf-ipcountry": "PT", "accept-language": "pt-PT,pt" }), "https://example.com/main");
    assert.equal(await where({ "cf-ipcountry": "US", "accept-language": "fr" }), "https://example.com/us", "geo first");
  });

  test("the visit's query string is forwarded to the chosen destination", async () => {
    assert.equal(await where({ "cf-ipcountry": "JP" }, "/ruled?utm_source=x&ref=a%20b"), "https://example.com/main?utm_source=x&ref=a+b");
    assert.equal(await where({ "cf-ipcountry": "GB" }, "/ruled?q=1"), "https://example.com/gb?q=1");
  });

  test("slugs answer in any case on the primary domain; unknown paths get the branded 404", async () => {
    assert.equal((await visit(server, PRIMARY, "/RULED")).status, 302);
    for (const path of ["/nothing-here", "/ruled/extra", "/%72uled", "/../ruled"]) {
      const res = await visit(server, PRIMARY, path);
      assert.equal(res.status, 404, path);
      assert.match(res.body, /This link does not exist/);
    }
  });
});
