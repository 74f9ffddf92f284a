import { json } from "@/lib/api/respond";
import { db } from "@/lib/db/open";
import { unsafeIsHostAllowedForTls } from "@/lib/domains/tls-allowed";

// Called by Caddy (on_demand_tls ask) before it requests a certificate; see docs/self-hosting-tls.md.
export async function GET(request: Request): Promise<Response> {
  const domain = new URL(request.url).searchParams.get("domain");
  const allowed = await unsafeIsHostAllowedForTls(await db(), domain);
  return allowed ? json({ domain, allowed: true }) : json({ domain, allowed: false }, 404);
}
