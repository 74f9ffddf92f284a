import type { ReadSql } from "../db/open";

const HOST_SERVES = `SELECT (SELECT "verified" FROM "Domain" WHERE "domain" = $1) AS "verified",
  EXISTS (SELECT 1 FROM "Link" WHERE "domain" = $1) AS "hasLinks"`;

/**
 * Whether a host that is neither the app's, the primary nor a system domain answers visitors:
 * a connected domain only while verified (an unverified claim, or a domain that lost verification
 * after the re-check's grace, answers nothing); a host with no Domain row when it still holds
 * links (e.g. a system domain dropped from SYSTEM_DOMAINS). Unsafe: across accounts. One
 * statement through the driver: it is the visitor path's lookup (docs/decisions/015-visitor-path-sql-beside-prisma.md).
 */
export async function customHostServesAcrossAccounts(read: ReadSql, host: string): Promise<boolean> {
  const [row] = await read<{ verified: boolean | null; hasLinks: boolean }>(HOST_SERVES, [host]);
  return row.verified === null ? row.hasLinks : row.verified;
}
