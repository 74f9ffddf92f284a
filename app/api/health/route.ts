import { json } from "@/lib/api/respond";

// Liveness for load balancers and the bench's bare-route baseline: no auth, no database.
export function GET(): Response {
  return json({ ok: true });
}
