import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { api, createAccount, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agent, BROWSER_UA, PRIMARY, redirectBody, visit } from "../helpers/visit";

// The fast path remembers, per connection, the visitor its earlier requests named (the agent's
// classification; the place, when the address is the socket's). One keep-alive connection may
// still carry different agents (and, behind a trusted proxy, different visitors): each request is
// answered and counted as its own headers say.

describe("many visitors on one keep-alive connection", () => {
  let server: HopServer;
  let account: TestAccount;
  let connection: http.Agent;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
    const links = [
      { url: "https://example.com/main", slug: "shared", title: "Shared" },
      { url: "https://example.com/main", slug: "placed", geoRules: [{ countries: ["US"], redirectUrl: "https://example.com/us" }, { countries: ["GB"], redirectUrl: "https://example.com/gb" }] },
    ];
    for (const body of links) assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body })).status, 201);
  });
  after(() => server.stop());
  before(() => void (connection = new http.Agent({ keepAlive: true, maxSockets: 1 })));
  after(() => connection.destroy());

  test("each request is answered and counted by its own User-Agent, not by the connection's first", async () => {
    const iphone = agent({ category: "browser", os: "ios", device: "mobile" });
    const instagram = agent({ category: "in-app", app: "instagram", os: "android" });
    const preview = agent({ category: "preview" });
    const redirected = (body: string) => body === redirectBody(server, "https://example.com/main");
    const steps: Array<[string, number, (body: string) => boolean]> = [
      [BROWSER_UA, 302, redirected],
      [instagram, 200, (body) => body.includes("https://example.com/main") && !body.includes("og:title")],
      ["curl/8.5.0", 302, redirected],
      [preview, 200, (body) => body.includes('property="og:title"')],
      [iphone, 302, redirected],
      [BROWSER_UA, 302, redirected],
    ];
    const answers = [];
    for (const [ua, status, looksRight] of steps) {
      const res = await visit(server, PRIMARY, "/shared", { userAgent: ua, agent: connection });
      assert.equal(res.status, status, ua);
      assert.ok(looksRight(res.body), `${ua}: ${res.body.slice(0, 200)}`);
      answers.push(res);
    }
    assert.deepEqual(answers.map((a) => a.reusedSocket), [false, true, true, true, true, true], "one connection for all six");
    // Views: the two desktop browsers, the iPhone and the in-app browser; curl and the preview fetcher are not counted.
    const body = await linkAnalyticsWhen(server, account.key, "shared", (b) => b.totalViews >= 4);
    assert.equal(body.totalViews, 4);
    assert.deepEqual(body.deviceStats, { desktop: 2, mobile: 2 });
    assert.deepEqual(body.platformStats, { windows: 2, android: 1, ios: 1 });
  });

  test("behind a trusted proxy the place is each request's own", async () => {
    const where = async (headers: Record<string, string>) => (await visit(server, PRIMARY, "/placed", { headers, agent: connection })).headers.location;
    assert.equal(await where({ "cf-ipcountry": "US" }), "https://example.com/us");
    assert.equal(await where({ "cf-ipcountry": "GB" }), "https://example.com/gb");
    assert.equal(await where({}), "https://example.com/main");
    assert.equal(await where({ "x-forwarded-for": "81.2.69.160" }), "https://example.com/gb");
    assert.equal(await where({ "cf-ipcountry": "US" }), "https://example.com/us");
  });
});
