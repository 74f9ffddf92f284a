import { otherMethods } from "@/lib/api/methods";
import { json } from "@/lib/api/respond";
import { db } from "@/lib/db/open";
import { unsafeIsHostAllowedForTls } from "@/lib/domains/tls-allowed";
import { HopError } from "@/lib/errors";

// Called by Caddy (on_demand_tls ask) before it requests a certificate; see docs/self-hosting-tls.md.
// Caddy reads only the status; the refusal is in the nested error shape as every /api answer is.
export async function GET(request: Request): Promise<Response> {
  const domain = new URL(request.url).searchParams.get("domain");
  const allowed = await unsafeIsHostAllowedForTls(await db(), domain);
  if (allowed) return json({ domain, allowed: true });
  const refusal = new HopError("not_found", { message: "No certificate is issued for this host." }).toBody();
  return json({ ...refusal, domain, allowed: false }, 404);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
