import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { shared } from "../shared";
import { isPageHost } from "../websites/page-host";
import { knownCardPage } from "./card-pages";
import { CARD_PATH_PREFIX } from "./image-address";
import { servedCardFile } from "../bio/social-card";

// The answers for social cards already drawn (serve-card.ts draws them): kept in memory by address
// (16 MB, ~30–60 KB a card), and — on server.ts's entry point — sent without Next for a page this process
// already knows. No image library here: the fast path loads this module.

const IMMUTABLE = "public, max-age=31536000, immutable";
export const cards = () => shared("socialCards", () => new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (png) => png.length + 64 }));

interface CardAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The answer for a drawn card: immutable when the address holds today's hash, else five minutes; 304 for its ETag. */
export function cardAnswer(hash: string, askedHash: string, png: Buffer, ifNoneMatch: string | null | undefined, method: string | undefined): CardAnswer {
  const etag = `"${hash}"`;
  const caching = hash === askedHash ? IMMUTABLE : "public, max-age=300";
  if (ifNoneMatch === etag) return { status: 304, headers: { etag, "cache-control": caching }, body: null };
  const headers = { "content-type": "image/png", "cache-control": caching, etag, "content-length": String(png.length), "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'; sandbox" };
  return { status: 200, headers, body: method === "HEAD" ? null : png };
}

/**
 * server.ts's entry point: a card already drawn, of a page this process already knows, answered from
 * memory without Next (a preview service's repeat fetches; p99 under 100 ms at the bench's load).
 * False when it is not: Next's route reads the page and draws the card.
 */
export function answerKnownCard(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  const wanted = url.includes("?") ? null : servedCardFile(url.slice(CARD_PATH_PREFIX.length));
  const page = wanted && knownCardPage(wanted.linkId);
  if (!wanted || !page || !isPageHost(page.domain, req.headers.host)) return false;
  const png = cards().get(`${wanted.linkId}-${page.hash}`);
  if (!png) return false;
  const answer = cardAnswer(page.hash, wanted.hash, png, req.headers["if-none-match"], req.method);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
  return true;
}

