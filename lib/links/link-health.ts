import { z } from "zod";
import type { Link } from "../generated/prisma/client";
import { Timestamp } from "../validation/response-parts";

// What the background sweep (health-sweep.ts) last found at a link's destination, as every link
// object carries it (docs/link-health.md, docs/decisions/048-link-health.md). Read-only: only the
// sweep writes it, and a change of destination sets it back to unchecked.

export const HEALTH_STATES = ["ok", "redirected", "broken", "unchecked"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const LinkHealth = z
  .object({
    state: z.enum(HEALTH_STATES).meta({
      description: "ok: the destination answered; redirected: it answered after redirects that end on another origin (`finalUrl`); broken: an error status or no answer (`status`, `error`); unchecked: not checked since it was set (or a page without a destination).",
    }),
    status: z.int().nullable().meta({ description: "The final HTTP status of the last check, or null (no answer, or unchecked)." }),
    error: z.string().nullable().meta({ description: "Why the last check got no usable answer (refused, timed out, too many redirects), or null." }),
    checkedAt: Timestamp.nullable().meta({ description: "When the destination was last checked, or null." }),
    finalUrl: z.string().nullable().meta({ description: "Where the redirects ended, when that is another origin than the destination's; else null." }),
  })
  .meta({ id: "LinkHealth", description: "Read-only: what the last background check of the destination found (docs/link-health.md)." });

/** The `health` of a link object. */
export function toLinkHealth(link: Pick<Link, "healthState" | "healthStatus" | "healthError" | "healthCheckedAt" | "healthFinalUrl">): z.input<typeof LinkHealth> {
  return {
    state: link.healthState as HealthState,
    status: link.healthStatus,
    error: link.healthError,
    checkedAt: link.healthCheckedAt?.toISOString() ?? null,
    finalUrl: link.healthFinalUrl,
  };
}

/** The columns a new destination sets: unchecked, and due at once (so the sweep looks at it within a pass). */
export function healthReset(now = new Date()) {
  return { healthState: "unchecked", healthStatus: null, healthError: null, healthFinalUrl: null, healthCheckedAt: null, healthBrokenAt: null, healthDueAt: now };
}
