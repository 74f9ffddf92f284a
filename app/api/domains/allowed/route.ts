import { randomUUID } from "node:crypto";
import { otherMethods } from "@/lib/api/methods";
import { errorResponse, json } from "@/lib/api/respond";
import { db } from "@/lib/db/open";
import { isHostAllowedForTlsAcrossAccounts } from "@/lib/domains/tls-allowed";
import { HopError } from "@/lib/errors";

// Called by Caddy (on_demand_tls ask) before it requests a certificate; see docs/self-hosting-tls.md.
// Caddy reads only the status; the refusal is in the nested error shape as every /api answer is.
// A database outage is a 503 with Retry-After (Caddy asks again later), never a bare 500.
export async function GET(request: Request): Promise<Response> {
  const domain = new URL(request.url).searchParams.get("domain");
  try {
    const allowed = await isHostAllowedForTlsAcrossAccounts(await db(), domain);
    if (allowed) return json({ domain, allowed: true });
  } catch (error) {
    return errorResponse(error, randomUUID(), { path: "/api/domains/allowed" });
  }
  const refusal = new HopError("not_found", { message: "No certificate is issued for this host." }).toBody();
  return json({ ...refusal, domain, allowed: false }, 404);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
