import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { csvRow } from "../text/csv";
import { linkListWhere, ListLinksQuery, type LinkFilters } from "./list-links";
import { shortUrlOf } from "./public-id";

// GET /v1/links/export and the dashboard's "Export CSV": every link the list's filters match, as
// RFC 4180 CSV, newest first, read by keyset in batches so 100,000 links cost one batch of memory.

export const EXPORT_COLUMNS = ["shortUrl", "domain", "slug", "url", "title", "description", "tags", "groupId", "isActive", "createdAt", "expiresAt", "expiredUrl", "ios", "android", "startsAt", "maxClicks"] as const;
const BATCH = 1000;

/** GET /v1/links' filters without its pagination: every match is exported. */
export const ExportLinksQuery = ListLinksQuery.omit({ page: true, limit: true });

const EXPORTED = {
  id: true, domain: true, slug: true, destination: true, title: true, description: true, tags: true, groupId: true,
  isActive: true, createdAt: true, expiresAt: true, expiredUrl: true, ios: true, android: true, startsAt: true, maxClicks: true,
} satisfies Prisma.LinkSelect;
type ExportedLink = Prisma.LinkGetPayload<{ select: typeof EXPORTED }>;

function exportRow(link: ExportedLink): string {
  return csvRow([
    shortUrlOf(link.domain, link.slug), link.domain, link.slug, link.destination, link.title, link.description,
    link.tags.join("|"), link.groupId, String(link.isActive), link.createdAt.toISOString(), link.expiresAt?.toISOString(),
    link.expiredUrl, link.ios, link.android, link.startsAt?.toISOString(), link.maxClicks === null ? null : String(link.maxClicks),
  ]);
}

/** The header, then each batch of matching links as CSV text. */
export function exportLinksCsv(db: Db, accountId: string, filters: LinkFilters): AsyncGenerator<string> {
  // Taken now, while the request (and a restricted key's context) is known: the batches are read later, as the body streams.
  return exportBatches(db, linkListWhere(accountId, filters));
}

async function* exportBatches(db: Db, where: Prisma.LinkWhereInput): AsyncGenerator<string> {
  yield csvRow([...EXPORT_COLUMNS]);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: ExportedLink[] = await db.link.findMany({
      where: after ? { AND: [where, { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] } : where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BATCH,
      select: EXPORTED,
    });
    if (rows.length) yield rows.map(exportRow).join("");
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** A streamed CSV download of the chunks (the first is read by the caller's await, so a failure before it is an error answer). */
export function csvDownload(chunks: AsyncGenerator<string>, fileName: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" },
  });
}

/** `hop-links-2026-11-28.csv` */
export function exportFileName(now = new Date()): string {
  return `hop-links-${now.toISOString().slice(0, 10)}.csv`;
}
