import type { Db } from "../db/open";
import { toLinkDetails } from "./link-object";

/** One link of this account by its id (the dashboard's link page); null for any other account's. */
export async function linkOfAccount(db: Db, accountId: string, publicId: string) {
  const link = await db.link.findFirst({ where: { accountId, publicId } });
  return link ? toLinkDetails(link) : null;
}
