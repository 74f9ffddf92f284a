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

test("every shared user agent is classified as the file says (bot, in-app app, device, platform)", () => {
  assert.equal(agents.length, 163);
  const wrong: string[] = [];
  for (const a of agents) {
    const info = classifyUserAgent(a.ua);
    const bot = a.category === "bot" || a.category === "preview";
    const app = a.category === "in-app" ? (a.app! in APP_NAMES ? APP_NAMES[a.app!] : a.app) : null;
    if (info.isBot !== bot) wrong.push(`bot ${info.isBot}: ${a.ua}`);
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
