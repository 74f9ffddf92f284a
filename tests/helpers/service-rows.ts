// Rows the service-layer tests start from, written straight to the test database (openTestDb).
import type { Db } from "../../lib/db/open";

/** Two fresh growth accounts with e-mails of their own. */
export async function twoAccounts(db: Db) {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const suffix = Math.random().toString(36).slice(2, 8);
  return [
    await createAccount(db, { email: `a-${suffix}@example.test`, plan: "growth" }),
    await createAccount(db, { email: `b-${suffix}@example.test`, plan: "growth" }),
  ];
}

/** A link row on the primary domain whose public id and slug are `id` (its row id `lnk_<id>`). */
export async function linkRow(db: Db, accountId: string, id: string, extra: Record<string, unknown> = {}) {
  const { config } = await import("../../lib/config");
  return db.link.create({ data: { id: `lnk_${id}`, publicId: id, accountId, domain: config().primaryDomain, slug: id, destination: "https://example.com", ...extra } });
}
