import { LRUCache } from "lru-cache";
import { CARD_HEIGHT, CARD_WIDTH, cardHash, cardInputs, cardSvg, servedCardFile, type CardInputs } from "../bio/social-card";
import { db, type Db } from "../db/open";
import { isHopError } from "../errors";
import { errorFields, log } from "../log";
import { shared } from "../shared";
import { isPageHost } from "../websites/page-host";
import { sharp } from "./sharp";
import { unsafeReadImage } from "./unsafe-read-image";
import { withImageWorkSlot } from "./work-slots";

// GET /__hop/card/<link id>-<hash>.png on the page's own host: the page's social card
// (lib/bio/social-card.ts), drawn once and kept in memory by its address (16 MB, ~30–60 KB a
// card), so a link preview service's repeat fetches cost a lookup. The address holds the hash of
// what the card shows: a match is cached for a year (immutable); an older hash gets the current
// card, cached for five minutes, so an old preview still shows the page.

const IMMUTABLE = "public, max-age=31536000, immutable";
const cards = () => shared("socialCards", () => new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (png) => png.length + 64 }));

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60", ...extra } });

async function unsafeFindCardPage(database: Db, id: string) {
  const page = await database.link.findUnique({ where: { id }, select: { accountId: true, type: true, domain: true, isActive: true, templateId: true, data: true } });
  return page && page.type === "website" && page.isActive ? page : null;
}

/** The card as PNG: the SVG drawn by sharp, an uploaded avatar cut to a circle over it. */
export async function drawCard(database: Db, inputs: CardInputs): Promise<Buffer> {
  const layers: Array<{ input: Buffer; left: number; top: number }> = [];
  if (inputs.avatarKey) {
    const picture = await unsafeReadImage(database, inputs.avatarKey, 320);
    if (picture) {
      const circle = Buffer.from('<svg width="260" height="260"><circle cx="130" cy="130" r="130"/></svg>');
      const round = await sharp(picture.data).resize(260, 260, { fit: "cover" }).composite([{ input: circle, blend: "dest-in" }]).png().toBuffer();
      layers.push({ input: round, left: 170, top: 185 });
    }
  }
  return sharp(Buffer.from(cardSvg(inputs)), { density: 72 }).resize(CARD_WIDTH, CARD_HEIGHT).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

export async function serveCard(request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const wanted = servedCardFile((await context.params).file);
  if (!wanted) return text(404, "No such card.\n");
  try {
    const database = await db();
    const page = await unsafeFindCardPage(database, wanted.linkId);
    if (!page || !isPageHost(page.domain, request.headers.get("host") ?? undefined)) return text(404, "No such card.\n");
    const inputs = cardInputs(page.templateId, page.data);
    const hash = cardHash(inputs);
    const key = `${wanted.linkId}-${hash}`;
    let png = cards().get(key);
    if (!png) {
      png = await withImageWorkSlot(page.accountId, () => drawCard(database, inputs), "social card");
      cards().set(key, png);
    }
    const etag = `"${hash}"`;
    const caching = hash === wanted.hash ? IMMUTABLE : "public, max-age=300";
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag, "cache-control": caching } });
    const headers = { "content-type": "image/png", "cache-control": caching, etag, "content-length": String(png.length), "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'; sandbox" };
    return new Response(request.method === "HEAD" ? null : new Uint8Array(png), { headers });
  } catch (error) {
    if (isHopError(error) && error.status === 429) return text(429, "Busy drawing images; retry in a second.\n", { "retry-after": "1", "cache-control": "no-store" });
    log.error("social card failed", { id: wanted.linkId, ...errorFields(error) });
    return text(503, "The card can't be drawn right now; try again shortly.\n", { "retry-after": "5", "cache-control": "no-store" });
  }
}
