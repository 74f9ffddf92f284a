import { otherMethods } from "@/lib/api/methods";
import { json } from "@/lib/api/respond";
import { eventQueueStats } from "@/lib/events/record";

// Liveness for load balancers and the bench's bare-route baseline: no auth, no database. The event
// queue's counters show an outage's backlog and any events dropped past the bound.
export function GET(): Response {
  return json({ ok: true, events: eventQueueStats() });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
