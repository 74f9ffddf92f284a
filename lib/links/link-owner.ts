import { withLimits } from "../accounts/account-plan";
import type { Limits } from "../accounts/plans";
import type { Db } from "../db/open";
import { HopError } from "../errors";

export interface LinkOwner {
  id: string;
  plan: string;
  limits: Limits;
}

/**
 * Whose account a new link goes to: the caller's, or with `forTeamOwner` the team owner's (an
 * active admin/editor membership is needed; counts toward the owner's limits and plan).
 */
export async function resolveLinkOwner(
  db: Db,
  caller: { id: string; plan: string; limitOverrides: unknown },
  forTeamOwner: boolean,
): Promise<LinkOwner> {
  if (!forTeamOwner) return withLimits(caller);
  const memberships = await db.teamMembership.findMany({
    where: { memberId: caller.id },
    orderBy: { createdAt: "asc" },
    include: { owner: { select: { id: true, plan: true, limitOverrides: true } } },
  });
  if (memberships.length === 0) {
    throw new HopError("invalid_request", { field: "forTeamOwner", message: "forTeamOwner needs a team membership; this account belongs to no team." });
  }
  const acting = memberships.find((m) => m.status === "active" && (m.role === "admin" || m.role === "editor"));
  if (!acting) throw new HopError("forbidden", { message: "Creating links for the team owner needs an active admin or editor membership." });
  return withLimits(acting.owner);
}

export const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 } as const;
