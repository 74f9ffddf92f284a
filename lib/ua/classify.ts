import { tunable } from "../config";
import InAppSpy from "inapp-spy";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { UAParser } from "ua-parser-js";
import { shared } from "../shared";

// One classification per user agent, used by the visitor path (link-preview fetchers, other bots,
// in-app browsers) and by the event recorder (device, platform, browser). Results are kept in an
// LRU of UA_CACHE_MAX agents: the same few hundred user agents make almost all traffic, and three
// parsers cost ~100 µs where a lookup costs well under one; a stream of never-seen agents (a bot
// rotating its header) only churns the least recently used entries, never the common ones.

export const IN_APP_NAMES = ["instagram", "facebook", "messenger", "threads", "tiktok", "snapchat", "linkedin", "x", "reddit", "telegram", "wechat", "line"] as const;
export type InAppName = (typeof IN_APP_NAMES)[number];

/** The bot reasons an agent alone tells; `head` and `prefetch` come from the request (lib/visit/answer-visit.ts). */
export type UaBotReason = "preview" | "crawler" | "datacenter";

export interface UaInfo {
  /** Any automated client: preview fetchers, crawlers, command-line and library clients. Never a person's view (recorded as a bot's). */
  isBot: boolean;
  /** A link-preview fetcher (Slack, Facebook, X, Discord …): the one bot that gets the preview page. */
  isPreview: boolean;
  /** Why a bot is one (recorded as its view's reason, docs/events.md): null for people. */
  bot: UaBotReason | null;
  device: "desktop" | "mobile" | "tablet" | "bot";
  platform: "ios" | "android" | "windows" | "macos" | "linux" | "other";
  browser: string | null;
  inApp: InAppName | null;
}

// Link-preview fetchers: the clients that build a card from a page's Open Graph tags when a link is
// shared (chat apps, social networks, Apple's, Microsoft's and Google's previewers). Search-engine
// crawlers are not among them: they follow the 302 and index the destination.
const PREVIEW_FETCHERS = /facebookexternalhit|facebot|facebookcatalog|twitterbot|slackbot|slack-imgproxy|discordbot|whatsapp\/|telegrambot|linkedinbot|pinterestbot|pinterest\/0\.|applebot|skypeuripreview|microsoftpreview|bingpreview|iframely|embedly|redditbot|snap url preview|vkshare|cardyb|mastodon\/|pleroma|misskey|synapse \(bot|google-pagerenderer|developers\.google\.com\/\+\/web\/snippet|line-poker|kakaotalk-scrap|yahoo link preview|zoombot|discourse forum onebox|quora link preview/i;
// Other automated clients that isbot may not know (or that it knows and we must be sure of).
const OTHER_BOTS = /googlebot|google-inspectiontool|bingbot|meta-externalagent|w3c_validator|bitlybot|headlesschrome|curl\/|wget\/|python-requests|go-http-client|okhttp\/(?!.*mobile)/i;
// Command-line clients, HTTP libraries and headless browsers: scripts run from servers (a data
// centre's traffic), not crawlers that index the web. An empty agent is one of them too.
const DATACENTER_AGENTS = /^$|curl\/|wget\/|python-requests|python-urllib|python-httpx|aiohttp|httpx\/|go-http-client|headlesschrome|phantomjs|puppeteer|playwright|selenium|okhttp\/(?!.*mobile)|axios\/|node-fetch|^undici|^node$|java\/|libwww-perl|apache-httpclient|postmanruntime|httpie|guzzlehttp|^ruby|scrapy|wordpress\//i;
const IN_APP_TOKENS = /instagram|fban|fbav|fb_iab|fbios|messenger|barcelona|musical_ly|bytedance|trill|snapchat|linkedinapp|twitter|reddit|micromessenger|\bline\/|telegram/i;

const SPY_TO_NAME: Record<string, InAppName> = {
  instagram: "instagram",
  facebook: "facebook",
  messenger: "messenger",
  threads: "threads",
  tiktok: "tiktok",
  snapchat: "snapchat",
  linkedin: "linkedin",
  twitter: "x",
  reddit: "reddit",
  telegram: "telegram",
  wechat: "wechat",
  line: "line",
};

function platformOf(os: string | undefined, ua: string): UaInfo["platform"] {
  const name = (os ?? "").toLowerCase();
  if (name === "ios" || /iphone|ipad|ipod/i.test(ua)) return "ios";
  if (name === "android" || /android/i.test(ua)) return "android";
  if (name.startsWith("windows")) return "windows";
  if (name === "macos" || name === "mac os") return "macos";
  if (["linux", "ubuntu", "debian", "fedora", "arch", "mint", "gentoo", "centos", "red hat", "suse", "slackware"].includes(name)) return "linux";
  return "other";
}

// Checked in order before inapp-spy: Meta's apps share tokens (Messenger and Instagram builds
// carry FB tokens too), and several TikTok builds only name themselves in AppName/….
const OWN_RULES: Array<[InAppName, RegExp]> = [
  ["instagram", /\bInstagram\b/i],
  ["threads", /\bBarcelona\b|\bThreads\b/],
  ["messenger", /FBAN\/Messenger|MessengerForiOS|FB_IAB\/MESSENGER|FB_IAB\/Orca-Android|\bOrca-Android\b/i],
  ["facebook", /FBAN\/|FBAV\/|FB_IAB|FBIOS|FB4A|MetaIAB/i],
  ["tiktok", /musical_ly|\btrill_|BytedanceWebview|AppName\/(?:musical_ly|trill|ultralite)|\bTikTok\b/i],
];

function inAppOf(ua: string): InAppName | null {
  for (const [name, pattern] of OWN_RULES) if (pattern.test(ua)) return name;
  const { isInApp, appKey } = InAppSpy({ ua });
  if (isInApp && appKey && SPY_TO_NAME[appKey]) return SPY_TO_NAME[appKey];
  if (/telegram/i.test(ua)) return "telegram";
  if (/\bBarcelona\b/.test(ua)) return "threads";
  return null;
}

function classify(ua: string): UaInfo {
  const inApp = inAppOf(ua);
  const isPreview = PREVIEW_FETCHERS.test(ua);
  const isBot = isPreview || ua.trim() === "" || OTHER_BOTS.test(ua) || (isbot(ua) && !IN_APP_TOKENS.test(ua));
  const result = new UAParser(ua).getResult();
  const platform = platformOf(result.os.name, ua);
  if (isBot) return { isBot: true, isPreview, bot: isPreview ? "preview" : DATACENTER_AGENTS.test(ua.trim()) ? "datacenter" : "crawler", device: "bot", platform, browser: null, inApp: null };
  const type = result.device.type;
  const device = type === "tablet" || /ipad|tablet/i.test(ua) ? "tablet" : type === "mobile" || type === "wearable" || /mobile|iphone|android/i.test(ua) ? "mobile" : "desktop";
  return { isBot: false, isPreview: false, bot: null, device, platform, browser: result.browser.name ?? null, inApp };
}

/** At most this many agents (each key ≤ 1 KB): ~6 MB at the very worst, typically under 2 MB. */
export const UA_CACHE_MAX = tunable("UA_CACHE_MAX");
const MAX_UA_LENGTH = 1024;

export function createUaCache(max = UA_CACHE_MAX): LRUCache<string, UaInfo> {
  return new LRUCache<string, UaInfo>({ max });
}

const cache = () => shared("uaCache", () => createUaCache());

export function classifyUserAgent(ua: string | null | undefined, memo: LRUCache<string, UaInfo> = cache()): UaInfo {
  const key = ua ? (ua.length > MAX_UA_LENGTH ? ua.slice(0, MAX_UA_LENGTH) : ua) : "";
  const hit = memo.get(key);
  if (hit) return hit;
  const info = classify(key);
  memo.set(key, info);
  return info;
}

export function uaCacheStats() {
  const c = cache();
  return { entries: c.size, max: c.max };
}
