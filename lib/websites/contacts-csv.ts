import type { Db } from "../db/open";
import { findWebsite } from "./get-website";
import { csvCell } from "../text/csv";

const COLUMNS = ["createdAt", "name", "email", "phone", "message", "blockId"] as const;
const BATCH = 1000;

/** Every contact a page collected, oldest first, as CSV; read in batches by keyset, never all rows at once. */
export async function* contactsCsv(db: Db, callerId: string, identifier: string): AsyncGenerator<string> {
  const website = await findWebsite(db, callerId, identifier);
  yield `${COLUMNS.join(",")}\r\n`;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Array<{ id: string; createdAt: Date; name: string | null; email: string | null; phone: string | null; message: string | null; blockId: string | null }> = await db.contact.findMany({
      where: {
        linkId: website.id,
        accountId: website.accountId,
        ...(after ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: BATCH,
    });
    if (!rows.length) return;
    yield rows.map((c) => [c.createdAt.toISOString(), c.name, c.email, c.phone, c.message, c.blockId].map(csvCell).join(",")).join("\r\n") + "\r\n";
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export function contactsFileName(publicId: string): string {
  return `contacts-${publicId.replace(/[^A-Za-z0-9_-]+/g, "-")}.csv`;
}
