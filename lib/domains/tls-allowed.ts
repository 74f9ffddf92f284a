import type { Db } from "../db/open";
import { isServiceDomain } from "./normalize-domain";

/** What a stored domain can hold (normalizeDomain keeps lowercase ASCII labels): anything else names none. */
const HOST_CHARACTERS = /^[a-z0-9.-]+$/;

/** Caddy's on-demand TLS `ask`: may a certificate be issued for this host? Ours and verified customer domains only. */
export async function isHostAllowedForTlsAcrossAccounts(db: Db, host: string | null): Promise<boolean> {
  if (!host || host.length > 253) return false;
  const domain = host.trim().toLowerCase().replace(/\.$/, "");
  if (isServiceDomain(domain)) return true;
  // A NUL or a lone surrogate would fail the query itself (a 500): such a name cannot be stored.
  if (!HOST_CHARACTERS.test(domain)) return false;
  const found = await db.domain.findUnique({ where: { domain }, select: { verified: true } });
  return Boolean(found?.verified);
}
