import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { trackedButton, type TrackedButton } from "../bio/blocks";
import { db } from "../db/open";
import { recordClick } from "../events/record";
import { ADULT_BUTTON_ID } from "../events/rollups";
import { visitorGeo, type VisitorGeo } from "../geoip/lookup";
import { errorFields, log } from "../log";
import { classifyUserAgent, type UaInfo } from "../ua/classify";
import { findPostedPageAcrossAccounts } from "../websites/store-contact";
import { clientIp } from "../net/client-ip";
import { isFirstPress, withinPressRate } from "./visitor-limits";
import { readBodyText } from "../http/read-body";
import { header, send, type VisitAnswer, type VisitorPost } from "./respond";
import { usageNow } from "../usage/clock";

// A bio page's tracking beacon: `navigator.sendBeacon("/__hop/click", {"page","id"})` from the
// page, on the page's own host. A press is counted only for a button the published page has, with
// that button's title, URL and type from the page's data (whatever else the body says), and only
// within the visitor limits (lib/visit/visitor-limits.ts). Answers 204 whatever happens, so pages
// never wait on it and a sender learns nothing.

export const CLICK_PATH = "/__hop/click";
const MAX_BYTES = 4096;

const Beacon = z.object({
  page: z.string().min(1).max(300),
  id: z.string().min(1).max(200),
});

export interface CountedPress {
  page: { id: string; accountId: string };
  button: TrackedButton;
  ua: UaInfo;
  geo: VisitorGeo;
  userAgent: string | undefined;
  referrer: string | null;
}

/**
 * Records a press of a button the page has, unless the visitor's press of it was already counted
 * in its window. Shared by the beacon and the 18+ gate's no-JavaScript confirmation (`?adult=1`);
 * each checks withinPressRate first.
 */
export async function countPress(press: CountedPress): Promise<boolean> {
  if (press.ua.isBot) return false;
  if (!(await isFirstPress({ pageId: press.page.id, buttonId: press.button.id, ip: press.geo.ip, userAgent: press.userAgent }))) return false;
  recordClick({
    linkId: press.page.id,
    accountId: press.page.accountId,
    at: new Date(),
    buttonId: press.button.id,
    buttonTitle: press.button.title,
    buttonUrl: press.button.url,
    buttonType: press.button.type,
    country: press.geo.country,
    device: press.ua.device,
    platform: press.ua.platform,
    referrer: press.referrer,
  });
  return true;
}

function parseBeacon(raw: string | null): z.infer<typeof Beacon> | null {
  if (!raw) return null;
  try {
    const parsed = Beacon.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Counts the press if it passes every check; never throws, so the answer is always the 204. */
export async function acceptClickBeacon(post: VisitorPost): Promise<VisitAnswer> {
  try {
    const userAgent = header(post.headers, "user-agent");
    const ua = classifyUserAgent(userAgent);
    const raw = await post.readBody(MAX_BYTES);
    const beacon = ua.isBot ? null : parseBeacon(raw);
    // The address limit comes before the database: a flood costs a counter, not a query.
    const allowed = beacon !== null && (await withinPressRate(beacon.page, clientIp(post.headers, post.socketIp)));
    const page = allowed ? await findPostedPageAcrossAccounts(await db(), beacon.page, header(post.headers, "host")) : null;
    const button = page?.isActive ? trackedButton(page.data, beacon!.id, usageNow()) : null;
    if (page && button) {
      const geo = visitorGeo(post.headers, post.socketIp);
      await countPress({ page, button, ua, geo, userAgent, referrer: header(post.headers, "referer") ?? null });
    }
  } catch (error) {
    log.warn("click beacon failed", errorFields(error));
  }
  return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
}

export async function handleClickBeacon(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = await acceptClickBeacon({ headers: req.headers, socketIp: req.socket.remoteAddress, readBody: (max) => readBodyText(req, max) });
  if (!res.headersSent) send(res, answer);
}

/**
 * The 18+ gate's confirmation without JavaScript (`?adult=1`): counted as the beacon would count
 * the press, in the background, so the page never waits on the limits.
 */
export function countAdultConfirmation(page: { id: string; publicId: string; accountId: string; data: unknown }, visitor: Omit<CountedPress, "page" | "button">): void {
  const button = trackedButton(page.data, ADULT_BUTTON_ID, usageNow());
  if (!button || visitor.ua.isBot) return;
  void (async () => {
    if (await withinPressRate(page.publicId, visitor.geo.ip)) await countPress({ page, button, ...visitor });
  })().catch((error: unknown) => log.warn("18+ confirmation not counted", errorFields(error)));
}
