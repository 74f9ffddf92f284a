import type { Db } from "../db/open";
import { isServiceDomain } from "./normalize-domain";

/** Caddy's on-demand TLS `ask`: may a certificate be issued for this host? Ours and verified customer domains only. */
export async function unsafeIsHostAllowedForTls(db: Db, host: string | null): Promise<boolean> {
  if (!host || host.length > 253) return false;
  const domain = host.trim().toLowerCase().replace(/\.$/, "");
  if (isServiceDomain(domain)) return true;
  const found = await db.domain.findUnique({ where: { domain }, select: { verified: true } });
  return Boolean(found?.verified);
}
