import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { classifyUserAgent, createUaCache } from "../../lib/ua/classify";

// Every bot of the shared corpus has a reason (docs/events.md, "People and bots"): link-preview
// fetchers `preview`; command-line clients, HTTP libraries and headless browsers `datacenter`;
// search engines and other crawlers `crawler`. People (browsers, in-app browsers) have none.

const { agents } = JSON.parse(readFileSync(new URL("../fixtures/user-agents.json", import.meta.url), "utf8")) as { agents: Array<{ ua: string; category: string }> };
const reasonOf = (ua: string) => classifyUserAgent(ua, createUaCache(10)).bot;

test("people have no bot reason; every bot of the corpus has one", () => {
  for (const { ua, category } of agents) {
    const reason = reasonOf(ua);
    if (category === "browser" || category === "in-app") assert.equal(reason, null, ua);
    else if (category === "preview") assert.equal(reason, "preview", ua);
    else assert.ok(reason === "crawler" || reason === "datacenter", ua);
  }
});

test("data-centre and library agents, crawlers", () => {
  for (const ua of ["curl/7.64.1", "Wget/1.21.1", "python-requests/2.32", "Go-http-client/1.1", "axios/1.7.2", "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)", "okhttp/4.9.0", "Java/1.8.0_151", "libwww-perl/6.05", "PostmanRuntime/7.36.0", "HTTPie/3.2.2", "",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36"]) {
    assert.equal(reasonOf(ua), "datacenter", ua);
  }
  for (const ua of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "UptimeRobot/2.0 (http://www.uptimerobot.com/)"]) {
    assert.equal(reasonOf(ua), "crawler", ua);
  }
});
