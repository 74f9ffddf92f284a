import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { db } from "../db/open";
import { recordClick } from "../events/record";
import { visitorGeo } from "../geoip/lookup";
import { errorFields, log } from "../log";
import { classifyUserAgent } from "../ua/classify";
import { unsafeFindPostedPage } from "../websites/store-contact";
import { readBodyText } from "../http/read-body";

// A bio page's tracking beacon: `navigator.sendBeacon("/__hop/click", JSON)` from the page, on the
// page's own host. One ClickEvent per button press (the 18+ gate's button is adult-18plus-btn);
// bots are ignored. Answers 204 whatever happens, so pages never wait on it.

export const CLICK_PATH = "/__hop/click";
const MAX_BYTES = 4096;

const Beacon = z.object({
  page: z.string().min(1).max(300),
  id: z.string().min(1).max(200),
  title: z.string().max(300).nullish(),
  url: z.string().max(2000).nullish(),
  type: z.string().max(50).nullish(),
});

export async function handleClickBeacon(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const ua = classifyUserAgent(req.headers["user-agent"]);
    const raw = await readBodyText(req, MAX_BYTES);
    const parsed = raw && !ua.isBot ? Beacon.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) {
      const page = await unsafeFindPostedPage(await db(), parsed.data.page, req.headers.host);
      if (page) {
        const geo = visitorGeo(req.headers, req.socket.remoteAddress);
        recordClick({
          linkId: page.id,
          accountId: page.accountId,
          at: new Date(),
          buttonId: parsed.data.id,
          buttonTitle: parsed.data.title ?? null,
          buttonUrl: parsed.data.url ?? null,
          buttonType: parsed.data.type ?? null,
          country: geo.country,
          device: ua.device,
          platform: ua.platform,
          referrer: (req.headers.referer as string | undefined) ?? null,
        });
      }
    }
  } catch (error) {
    if (!(error instanceof SyntaxError)) log.warn("click beacon failed", errorFields(error));
  }
  res.writeHead(204, { "cache-control": "no-store" });
  res.end();
}
