import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agents, BROWSER_UA, PRIMARY, visit } from "../helpers/visit";

// Every behavior against real in-app user agents (shared/data/user-agents.json), an ordinary
// browser, and bots. The escape page must work without JavaScript (a visible link) and, for the
// attempting behaviors, carry the script that tries the hand-off at once.

const IN_APPS: Array<[string, string]> = [
  ["instagram", "Instagram"], ["facebook", "Facebook"], ["messenger", "Messenger"], ["threads", "Threads"], ["tiktok", "TikTok"],
  ["snapchat", "Snapchat"], ["linkedin", "LinkedIn"], ["twitter", "X"], ["reddit", "Reddit"], ["telegram", "Telegram"],
  ["wechat", "WeChat"], ["line", "LINE"],
];
const META = new Set(["instagram", "facebook", "messenger", "threads"]);
const DESTINATION = "https://shop.example.com/item?id=7";

describe("redirect behaviors", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer();
    account = await createAccount(server);
    for (const behavior of ["basic", "conservative", "aggressive", "non-meta", "reddit", "experimental", "experimental2"]) {
      const res = await api(server, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: `b-${behavior}`, behavior, title: "Shop" } });
      assert.equal(res.status, 201);
    }
  });
  after(() => server.stop());

  const expectRedirect = async (slug: string, ua: string, label: string) => {
    const res = await visit(server, PRIMARY, `/${slug}`, { userAgent: ua });
    assert.equal(res.status, 302, `${slug} ${label}`);
    assert.equal(res.headers.location, DESTINATION, `${slug} ${label}`);
  };
  const expectEscape = async (slug: string, ua: string, label: string, attempt: boolean, appName: string) => {
    const res = await visit(server, PRIMARY, `/${slug}`, { userAgent: ua });
    assert.equal(res.status, 200, `${slug} ${label}`);
    assert.match(res.headers["content-type"] ?? "", /text\/html/);
    assert.match(String(res.headers["content-security-policy"] ?? ""), /default-src 'none'/);
    assert.match(res.body, /id="hop-open" class="btn" href="(intent:\/\/|x-safari-https:\/\/|https:\/\/)/, `${slug} ${label}: a visible button`);
    assert.ok(res.body.includes(`href="${DESTINATION.replace("&", "&amp;")}"`), `${slug} ${label}: continue link to the destination`);
    assert.ok(res.body.includes(`in ${appName}'s built-in browser`), `${slug} ${label}: names the app`);
    assert.equal(/<script>/.test(res.body), attempt, `${slug} ${label}: script ${attempt ? "expected" : "not expected"}`);
    // A kept page: its style and hand-off script allowed by hash, no nonce; nothing else may run.
    const csp = String(res.headers["content-security-policy"]);
    assert.match(csp, attempt ? /style-src 'sha256-[^']+'; script-src 'sha256-[^']+';/ : /style-src 'sha256-[^']+'; script-src 'none';/, `${slug} ${label}: CSP`);
    assert.ok(!res.body.includes("nonce"), `${slug} ${label}: no nonce`);
  };

  for (const [app, name] of IN_APPS) {
    test(`${app}: each behavior`, async () => {
      const uas = agents({ category: "in-app", app });
      assert.ok(uas.length > 0);
      for (const { ua, os } of uas) {
        const label = `${app}/${os}`;
        await expectRedirect("b-basic", ua, label);
        await expectEscape("b-conservative", ua, label, false, name);
        await expectEscape("b-aggressive", ua, label, true, name);
        if (META.has(app)) await expectRedirect("b-non-meta", ua, label);
        else await expectEscape("b-non-meta", ua, label, true, name);
        for (const slug of ["b-reddit", "b-experimental", "b-experimental2"]) await expectEscape(slug, ua, label, true, name);
      }
    });
  }

  test("ordinary browsers get a plain 302 from every behavior", async () => {
    for (const { ua, os } of agents({ category: "browser" })) {
      for (const behavior of ["basic", "conservative", "aggressive", "non-meta", "reddit", "experimental", "experimental2"]) {
        await expectRedirect(`b-${behavior}`, ua, os);
      }
    }
  });

  test("Android hands off through an intent URL with a fallback, iOS through Safari's scheme", async () => {
    const android = agents({ category: "in-app", app: "instagram", os: "android" })[0].ua;
    const ios = agents({ category: "in-app", app: "instagram", os: "ios" })[0].ua;
    const a = await visit(server, PRIMARY, "/b-aggressive", { userAgent: android });
    assert.ok(a.body.includes("intent://shop.example.com/item?id=7#Intent;scheme=https;package=com.android.chrome;S.browser_fallback_url=https%3A%2F%2Fshop.example.com%2Fitem%3Fid%3D7;end"));
    const i = await visit(server, PRIMARY, "/b-aggressive", { userAgent: ios });
    assert.ok(i.body.includes('href="x-safari-https://shop.example.com/item?id=7"'));
  });

  test("alternateBackUrl is the fallback of the hand-off and a visible recovery link", async () => {
    await api(server, "PUT", "/v1/links/b-aggressive", { key: account.key, body: { alternateBackUrl: "https://backup.example.com/" } });
    const android = agents({ category: "in-app", app: "tiktok", os: "android" })[0].ua;
    const res = await visit(server, PRIMARY, "/b-aggressive", { userAgent: android });
    assert.ok(res.body.includes("S.browser_fallback_url=https%3A%2F%2Fbackup.example.com%2F;end"));
    assert.ok(res.body.includes('id="hop-back" class="link" href="https://backup.example.com/"'));
    const browser = await visit(server, PRIMARY, "/b-aggressive", { userAgent: BROWSER_UA });
    assert.equal(browser.headers.location, DESTINATION, "people outside in-app browsers go straight to the destination");
  });

  test("link-preview fetchers get the preview page from every behavior; other bots the plain 302; HEAD the GET's headers", async () => {
    await api(server, "PUT", "/v1/links/b-basic", { key: account.key, body: { seo: { title: "Big <Sale>", description: "50% \"off\"", image: "https://img.example.com/a.png" } } });
    for (const { ua } of agents({ category: "preview" })) {
      const res = await visit(server, PRIMARY, "/b-basic", { userAgent: ua });
      assert.equal(res.status, 200, ua);
      assert.ok(res.body.includes('<meta property="og:title" content="Big &lt;Sale&gt;">'), ua);
      assert.ok(res.body.includes('<meta property="og:description" content="50% &quot;off&quot;">'), ua);
      assert.ok(res.body.includes('<meta property="og:image" content="https://img.example.com/a.png">'), ua);
      assert.ok(res.body.includes('<meta name="twitter:card" content="summary_large_image">'), ua);
    }
    for (const { ua } of agents({ category: "bot" })) {
      for (const behavior of ["basic", "aggressive"]) {
        const res = await visit(server, PRIMARY, `/b-${behavior}`, { userAgent: ua });
        assert.equal(res.status, 302, `${behavior} ${ua}`);
        assert.equal(res.headers.location, DESTINATION, `${behavior} ${ua}`);
      }
    }
    const head = await visit(server, PRIMARY, "/b-basic", { method: "HEAD" });
    assert.equal(head.status, 302);
    assert.equal(head.headers.location, DESTINATION);
    assert.equal(head.body, "");
  });
});
