import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { agent, agents, BROWSER_UA, framedLength, PRIMARY, redirectBody, visit } from "../helpers/visit";

// docs/redirect-behaviors.md, "Who gets what": link-preview fetchers get the preview page; other bots,
// crawlers and command-line or library clients get the plain 302 (so `curl -L` and link checkers
// work); HEAD gets the GET's status and headers without a body. None of them is a view.

const DESTINATION = "https://shop.example.com/item?id=7";
// Clients not in the shared file that people point at short links every day.
const MORE_CLIENTS = [
  "UptimeRobot/2.0 (http://www.uptimerobot.com/)",
  "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
  "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
  "undici",
  "okhttp/4.9.0",
  "Java/1.8.0_151",
  "libwww-perl/6.05",
  "PostmanRuntime/7.36.0",
  "HTTPie/3.2.2",
  "",
];

async function views(server: HopServer, key: string, id: string): Promise<number> {
  return (await api(server, "GET", `/v1/analytics/links/${id}?timeframe=last_7_days`, { key })).body.totalViews;
}

describe("bots, fetchers, command-line clients and HEAD", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer();
    account = await createAccount(server);
    for (const behavior of ["conservative", "aggressive"]) {
      const res = await api(server, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: `bot-${behavior}`, behavior, title: "Shop" } });
      assert.equal(res.status, 201, res.text);
    }
    await api(server, "PUT", "/v1/links/bot-conservative", { key: account.key, body: { seo: { title: "Big <Sale>", description: "50% off", image: "https://img.example.com/a.png" } } });
    const page = await api(server, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: "x", templateId: "simple-stack-v2", customSlug: "bot-page", deepLinkBehavior: "aggressive", data: { profile: { name: "Ada" }, links: [{ type: "simple", title: "Shop", url: DESTINATION }] } },
    });
    assert.equal(page.status, 201, page.text);
  });
  after(() => server.stop());

  test("curl, wget, HTTP libraries, crawlers and uptime checkers get the plain 302 from every behavior", async () => {
    const clients = [...agents({ category: "bot" }).map((a) => a.ua), ...MORE_CLIENTS];
    assert.ok(clients.some((ua) => ua.startsWith("curl/")) && clients.some((ua) => ua.startsWith("Wget/")) && clients.some((ua) => ua.startsWith("python-requests/")));
    for (const ua of clients) {
      for (const slug of ["bot-conservative", "bot-aggressive"]) {
        const res = await visit(server, PRIMARY, `/${slug}`, { userAgent: ua });
        assert.equal(res.status, 302, `${slug} ${JSON.stringify(ua)}`);
        assert.equal(res.headers.location, DESTINATION, `${slug} ${JSON.stringify(ua)}`);
        assert.equal(res.body, redirectBody(server, DESTINATION));
      }
    }
  });

  test("link-preview fetchers (Slack, Facebook, X, Discord, WhatsApp, Telegram, LinkedIn, Apple, Microsoft …) get the preview page", async () => {
    const fetchers = agents({ category: "preview" }).map((a) => a.ua);
    assert.ok(fetchers.some((ua) => ua.startsWith("Slackbot")) && fetchers.some((ua) => ua.startsWith("facebookexternalhit")));
    for (const ua of fetchers) {
      const res = await visit(server, PRIMARY, "/bot-conservative", { userAgent: ua });
      assert.equal(res.status, 200, ua);
      assert.ok(res.body.includes('<meta property="og:title" content="Big &lt;Sale&gt;">'), ua);
      assert.ok(res.body.includes('<meta property="og:image" content="https://img.example.com/a.png">'), ua);
    }
  });

  test("HEAD gets the status and headers the GET would get, with no body", async () => {
    const get = await visit(server, PRIMARY, "/bot-conservative");
    const head = await visit(server, PRIMARY, "/bot-conservative", { method: "HEAD" });
    assert.equal(head.status, 302);
    assert.equal(head.headers.location, DESTINATION);
    assert.equal(head.headers["cache-control"], get.headers["cache-control"]);
    assert.equal(head.body, "");
    const curlHead = await visit(server, PRIMARY, "/bot-aggressive?utm_source=cli", { method: "HEAD", userAgent: "curl/8.5.0" });
    assert.equal(curlHead.status, 302, "curl -I");
    assert.equal(curlHead.headers.location, `${DESTINATION}&utm_source=cli`);
    const slackGet = await visit(server, PRIMARY, "/bot-conservative", { userAgent: agent({ category: "preview" }) });
    const slackHead = await visit(server, PRIMARY, "/bot-conservative", { method: "HEAD", userAgent: agent({ category: "preview" }) });
    assert.equal(slackHead.status, 200);
    assert.match(String(slackHead.headers["content-type"]), /text\/html/);
    assert.equal(slackGet.headers["content-length"], framedLength(server, slackGet.body));
    assert.equal(slackHead.headers["content-length"], slackGet.headers["content-length"], "the GET's length");
    assert.equal(slackHead.body, "");
    const instagram = agent({ category: "in-app", app: "instagram", os: "android" });
    const inAppHead = await visit(server, PRIMARY, "/bot-aggressive", { method: "HEAD", userAgent: instagram });
    assert.equal(inAppHead.status, 200, "the escape page's status, as the GET");
    assert.equal(inAppHead.body, "");
    const missing = await visit(server, PRIMARY, "/no-such-link", { method: "HEAD" });
    assert.equal(missing.status, 404);
    assert.equal(missing.body, "");
  });

  test("a bio page: bots get the page (it has no redirect), ?hop_go=n is a plain 302 for them (to the page when there is no button n); HEAD is bodiless", async () => {
    const curl = await visit(server, PRIMARY, "/bot-page", { userAgent: "curl/8.5.0" });
    assert.equal(curl.status, 200);
    assert.ok(curl.body.includes(`href="${DESTINATION.replace("&", "&amp;")}"`));
    const go = await visit(server, PRIMARY, "/bot-page?hop_go=0", { userAgent: "curl/8.5.0" });
    assert.equal(go.status, 302);
    assert.equal(go.headers.location, DESTINATION);
    const noSuchButton = await visit(server, PRIMARY, "/bot-page?hop_go=99", { userAgent: "curl/8.5.0" });
    assert.equal(noSuchButton.status, 302, "no such button: back to the page");
    assert.equal(noSuchButton.headers.location, "/bot-page");
    const head = await visit(server, PRIMARY, "/bot-page", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.match(String(head.headers["content-security-policy"]), /default-src 'none'/);
    assert.equal(head.body, "");
  });

  test("no bot, fetcher, command-line client or HEAD visit is a view", async () => {
    for (const ua of ["curl/8.5.0", "Wget/1.21.1", "python-requests/2.32", agent({ category: "preview" })]) {
      await visit(server, PRIMARY, "/bot-aggressive", { userAgent: ua });
      await visit(server, PRIMARY, "/bot-page", { userAgent: ua });
    }
    await visit(server, PRIMARY, "/bot-aggressive", { method: "HEAD" });
    await visit(server, PRIMARY, "/bot-page", { method: "HEAD" });
    assert.equal((await visit(server, PRIMARY, "/bot-aggressive", { userAgent: BROWSER_UA })).status, 302);
    assert.equal((await visit(server, PRIMARY, "/bot-page", { userAgent: BROWSER_UA })).status, 200);
    const deadline = Date.now() + 10_000;
    while ((await views(server, account.key, "bot-page")) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await views(server, account.key, "bot-aggressive"), 1, "only the person's visit");
    assert.equal(await views(server, account.key, "bot-page"), 1, "only the person's visit");
    assert.equal(await views(server, account.key, "bot-conservative"), 1, "of the earlier tests' visits, only the person's GET");
  });
});
