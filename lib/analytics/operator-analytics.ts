import type { Db } from "../db/open";
import { HopError } from "../errors";
import { parseShortUrl } from "../links/resolve-identifier";
import { analyticsForIdentifier } from "./analytics-for-identifier";
import type { AnalyticsQuery } from "./timeframe";
import type { z } from "zod";

/**
 * `npm run cli -- analytics <identifier>`: the endpoint's JSON for operators, who have no account
 * context; the identifier is a link id or short URL (unique across accounts), so it is resolved
 * across all accounts first, then answered as its owner would see it.
 */
export async function operatorAnalyticsAcrossAccounts(db: Db, identifier: string, query: z.infer<typeof AnalyticsQuery>) {
  const address = parseShortUrl(identifier);
  const link = address
    ? await db.link.findUnique({ where: { domain_slug: address }, select: { accountId: true } })
    : await db.link.findUnique({ where: { publicId: identifier }, select: { accountId: true } });
  if (!link) throw HopError.plain(404, "Link or website not found");
  return analyticsForIdentifier(db, link.accountId, identifier, query);
}
