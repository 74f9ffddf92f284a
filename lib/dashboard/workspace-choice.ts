import type { SessionAccount } from "../accounts/credentials";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { unstorableReason } from "../validation/storable";
import type { Workspace } from "./workspace";

// Which account's links and websites the dashboard acts on. The API's team rules (docs/API.md): an active
// admin or editor member acts on the owner's items as the API lets it (forTeamOwner, identifiers
// resolved to the owner's links); an active viewer only reads. A pending or removed membership
// gives nothing, so a stale cookie simply falls back to the member's own account.

export const WORKSPACE_COOKIE = "hop_workspace";

export type WorkspaceRole = Workspace["role"];

export function ownWorkspace(account: SessionAccount): Workspace {
  return { account, ownerId: account.id, ownerEmail: account.email, role: "owner", readOnly: false };
}

/**
 * The selected owner when the account is still an active member of that team, else its own. The
 * choice comes from a cookie anyone can write: one that cannot name a stored account (a NUL or a
 * lone surrogate, which would fail the query) is no choice at all.
 */
export async function resolveWorkspace(db: Db, account: SessionAccount, selectedOwnerId: string | undefined): Promise<Workspace> {
  const team = await teamWorkspace(db, account, selectedOwnerId);
  return typeof team === "string" ? ownWorkspace(account) : team;
}

/**
 * The team's workspace, or why not: no active membership, the owner requires two-factor
 * sign-in (docs/decisions/036) and the member has not turned it on, or the owner requires single
 * sign-on and this session came from a password.
 */
async function teamWorkspace(db: Db, account: SessionAccount, selectedOwnerId: string | undefined): Promise<Workspace | "own" | "needs-two-factor" | "needs-sso"> {
  if (!selectedOwnerId || selectedOwnerId === account.id || unstorableReason(selectedOwnerId)) return "own";
  const membership = await db.teamMembership.findUnique({
    where: { ownerId_memberId: { ownerId: selectedOwnerId, memberId: account.id } },
    select: { role: true, status: true, owner: { select: { email: true, teamRequiresTwoFactor: true, teamRequiresSso: true } } },
  });
  if (!membership || membership.status !== "active") return "own";
  // The owner requires single sign-on (docs/decisions/051): a password's session is not enough.
  if (membership.owner.teamRequiresSso && !account.sso) return "needs-sso";
  if (membership.owner.teamRequiresTwoFactor) {
    const member = await db.account.findUniqueOrThrow({ where: { id: account.id }, select: { totpSecret: true } });
    if (!member.totpSecret) return "needs-two-factor";
  }
  const role = membership.role === "admin" || membership.role === "editor" ? membership.role : "viewer";
  return { account, ownerId: selectedOwnerId, ownerEmail: membership.owner.email, role, readOnly: role === "viewer" };
}

/** The workspaces the switcher offers: the own account, then every active membership. */
export async function workspaceChoices(db: Db, account: SessionAccount) {
  const memberships = await db.teamMembership.findMany({
    where: { memberId: account.id, status: "active" },
    orderBy: { createdAt: "asc" },
    select: { ownerId: true, role: true, owner: { select: { email: true, name: true } } },
  });
  return [
    { ownerId: account.id, label: "My workspace", email: account.email, role: "owner" as WorkspaceRole },
    ...memberships.map((m) => ({ ownerId: m.ownerId, label: m.owner.name ?? m.owner.email, email: m.owner.email, role: m.role as WorkspaceRole })),
  ];
}

/** The switcher's choice: the own account or a team where the account is an active member. */
export async function selectWorkspace(db: Db, account: SessionAccount, ownerId: string): Promise<Workspace> {
  if (ownerId === account.id) return ownWorkspace(account);
  const workspace = await teamWorkspace(db, account, ownerId);
  if (workspace === "needs-two-factor") {
    throw new HopError("forbidden", { message: "This team's owner requires two-factor sign-in. Turn it on under Account, then switch again." });
  }
  if (workspace === "needs-sso") {
    throw new HopError("forbidden", { message: "This team's owner requires single sign-on. Sign out, then sign in with your organisation's provider on the sign-in page, and switch again." });
  }
  if (workspace === "own") throw new HopError("not_found", { message: "You are not an active member of this team." });
  return workspace;
}

export type WorkspaceChoice = Awaited<ReturnType<typeof workspaceChoices>>[number];
