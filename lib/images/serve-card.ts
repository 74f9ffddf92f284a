import { CARD_HEIGHT, CARD_WIDTH, cardSvg, servedCardFile, type CardInputs } from "../bio/social-card";
import { cardAnswer, cards } from "./card-answers";
import { findCardPageAcrossAccounts } from "./card-pages";
import { db, type Db } from "../db/open";
import { isHopError } from "../errors";
import { errorFields, log } from "../log";
import { isPageHost } from "../websites/page-host";
import { sharp } from "./sharp";
import { readImageAcrossAccounts } from "./read-image-across-accounts";
import { withImageWorkSlot } from "./work-slots";

// GET /__hop/card/<link id>-<hash>.png on the page's own host: the page's social card
// (lib/bio/social-card.ts), drawn once and kept in memory by its address (card-answers.ts), its
// page's state in memory too (card-pages.ts), so a link preview service's repeat fetches cost no
// database read. The address holds the hash of what the card shows: a match is cached for a year
// (immutable); an older hash gets the current card, cached for five minutes, so an old preview
// still shows the page.

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60", ...extra } });

/** The card as PNG: the SVG drawn by sharp, an uploaded avatar cut to a circle over it. */
export async function drawCard(database: Db, inputs: CardInputs): Promise<Buffer> {
  const layers: Array<{ input: Buffer; left: number; top: number }> = [];
  if (inputs.avatarKey) {
    const picture = await readImageAcrossAccounts(database, inputs.avatarKey, 320);
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
    const page = await findCardPageAcrossAccounts(database, wanted.linkId);
    if (!page || !isPageHost(page.domain, request.headers.get("host") ?? undefined)) return text(404, "No such card.\n");
    const { inputs, hash } = page;
    const key = `${wanted.linkId}-${hash}`;
    let png = cards().get(key);
    if (!png) {
      png = await withImageWorkSlot(page.accountId, () => drawCard(database, inputs), "social card");
      cards().set(key, png);
    }
    const answer = cardAnswer(hash, wanted.hash, png, request.headers.get("if-none-match"), request.method);
    return new Response(answer.body && new Uint8Array(answer.body), answer);
  } catch (error) {
    if (isHopError(error) && error.status === 429) return text(429, "Busy drawing images; retry in a second.\n", { "retry-after": "1", "cache-control": "no-store" });
    log.error("social card failed", { id: wanted.linkId, ...errorFields(error) });
    return text(503, "The card can't be drawn right now; try again shortly.\n", { "retry-after": "5", "cache-control": "no-store" });
  }
}
