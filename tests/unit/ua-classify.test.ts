import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { classifyUserAgent } from "../../lib/ua/classify";

const agents: Array<{ ua: string; category: string; app: string | null; os: string; device: string }> = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "..", "fixtures", "user-agents.json"), "utf8"),
).agents;

// Our names for the file's apps; the Google app's and WhatsApp's browsers are not escaped.
const APP_NAMES: Record<string, string | null> = { twitter: "x", gsa: null, whatsapp: null };

test("every shared user agent is classified as the file says (preview fetcher, other bot, in-app app, device, platform)", () => {
  assert.equal(agents.length, 163);
  const wrong: string[] = [];
  for (const a of agents) {
    const info = classifyUserAgent(a.ua);
    const bot = a.category === "bot" || a.category === "preview";
    const app = a.category === "in-app" ? (a.app! in APP_NAMES ? APP_NAMES[a.app!] : a.app) : null;
    if (info.isBot !== bot) wrong.push(`bot ${info.isBot}: ${a.ua}`);
    if (info.isPreview !== (a.category === "preview")) wrong.push(`preview ${info.isPreview}: ${a.ua}`);
    if (info.device !== a.device) wrong.push(`device ${info.device} ≠ ${a.device}: ${a.ua}`);
    if (!bot && info.inApp !== app) wrong.push(`app ${info.inApp} ≠ ${app}: ${a.ua}`);
    if (!bot && info.platform !== a.os) wrong.push(`platform ${info.platform} ≠ ${a.os}: ${a.ua}`);
  }
  assert.deepEqual(wrong, []);
});

test("an empty user agent is a bot; results are memoised", () => {
  assert.equal(classifyUserAgent("").isBot, true);
  assert.equal(classifyUserAgent(undefined).device, "bot");
  const ua = agents[0].ua;
  assert.equal(classifyUserAgent(ua), classifyUserAgent(ua));
});

test("command-line clients, HTTP libraries and uptime checkers are bots but not preview fetchers", () => {
  for (const ua of ["curl/8.5.0", "Wget/1.21.1", "python-requests/2.32", "Go-http-client/2.0", "axios/1.7.2", "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)", "undici", "okhttp/4.9.0", "UptimeRobot/2.0 (http://www.uptimerobot.com/)", "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", ""]) {
    const info = classifyUserAgent(ua);
    assert.equal(info.isBot, true, ua);
    assert.equal(info.isPreview, false, ua);
  }
  for (const ua of ["Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/)", "facebookexternalhit/1.1;line-poker/1.0", "http.rb/5.1.1 (Mastodon/4.2.0; +https://mastodon.social/)"]) {
    assert.equal(classifyUserAgent(ua).isPreview, true, ua);
  }
});
