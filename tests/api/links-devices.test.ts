import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agents, PRIMARY, visit } from "../helpers/visit";

// docs/API.md "Extensions": ios and android send phones and tablets to their app stores, after
// the geo and language rules (docs/redirect-behaviors.md "Device targeting").

const IOS = "https://apps.apple.com/app/hop/id123";
const ANDROID = "https://play.google.com/store/apps/details?id=app.hop";
const DESTINATION = "https://example.com/app";

describe("device targeting", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
    const res = await api(server, "POST", "/v1/links", {
      key: account.key,
      body: { url: DESTINATION, slug: "get-app", ios: IOS, android: ANDROID, geoRules: [{ countries: ["FR"], redirectUrl: "https://example.com/fr" }] },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.ios, IOS);
    assert.equal(res.body.data.android, ANDROID);
  });
  after(() => server.stop());

  test("every iOS and Android browser of the shared corpus goes to its store; desktops and command-line clients to the destination", async () => {
    const cases = [
      ...agents({ category: "browser", os: "ios" }).map((a) => [a.ua, IOS]),
      ...agents({ category: "browser", os: "android" }).map((a) => [a.ua, ANDROID]),
      ...["windows", "macos", "linux"].flatMap((os) => agents({ category: "browser", os }).map((a) => [a.ua, DESTINATION])),
      ["curl/8.5.0", DESTINATION],
    ];
    assert.ok(cases.length >= 25);
    for (const [ua, expected] of cases) {
      const res = await visit(server, PRIMARY, "/get-app", { userAgent: ua });
      assert.equal(res.status, 302, ua);
      assert.equal(res.headers.location, expected, ua);
    }
  });

  test("in-app browsers: the escape page leads to the device's URL", async () => {
    for (const [os, expected] of [["ios", IOS], ["android", ANDROID]]) {
      for (const a of agents({ category: "in-app", os }).slice(0, 5)) {
        const res = await visit(server, PRIMARY, "/get-app", { userAgent: a.ua });
        assert.ok(res.status === 200 || res.status === 302, a.ua);
        const target = res.status === 302 ? res.headers.location : /id="hop-continue" class="link" href="([^"]+)"/.exec(res.body)?.[1]?.replace(/&amp;/g, "&");
        assert.equal(target, expected, a.ua);
      }
    }
  });

  test("geo rules come first", async () => {
    const iphone = agents({ category: "browser", os: "ios" })[0].ua;
    const res = await visit(server, PRIMARY, "/get-app", { userAgent: iphone, headers: { "cf-ipcountry": "FR" } });
    assert.equal(res.headers.location, "https://example.com/fr");
  });

  test("ios and android are absolute http(s) URLs (field named), blocked hosts refused on the primary domain; PUT null removes", async () => {
    for (const field of ["ios", "android"]) {
      const bad = await api(server, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: `bad-${field}`, [field]: "itms-apps://x" } });
      assert.deepEqual([bad.status, bad.body.code, bad.body.field], [400, "INVALID_DESTINATION_URL", field]);
      const blocked = await api(server, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: `blocked-${field}`, [field]: "https://bit.ly/x" } });
      assert.deepEqual([blocked.status, blocked.body.code, blocked.body.field], [400, "BLOCKED_BOUNCY_DESTINATION", field]);
    }
    const cleared = await api(server, "PUT", "/v1/links/get-app", { key: account.key, body: { ios: null } });
    assert.deepEqual(cleared.body.updatedFields, ["ios"]);
    const got = await api(server, "GET", "/v1/links/get-app", { key: account.key });
    assert.equal(got.body.data.ios, null);
    assert.equal(got.body.data.android, ANDROID);
    const iphone = agents({ category: "browser", os: "ios" })[0].ua;
    assert.equal((await visit(server, PRIMARY, "/get-app", { userAgent: iphone })).headers.location, DESTINATION);
    assert.equal((await api(server, "PUT", "/v1/links/get-app", { key: account.key, body: { ios: IOS } })).status, 200);
  });
});
