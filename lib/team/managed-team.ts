// Whose team a Team page request manages. An owner manages their own team; an active admin of
// another account's team, with that workspace selected, manages that owner's team as the owner
// would (invite, cancel invitations, change roles, remove) — except their own membership, which
// only the owner changes (an admin steps down by leaving). Editors and viewers manage only their
// own team, whatever workspace is selected. The workspace was resolved for this request
// (membership active, role re-read), so a demoted admin loses this at once.

export interface TeamActor {
  /** The signed-in account. */
  actorId: string;
  /** The owner whose team is managed. */
  ownerId: string;
}

export function managedTeam(workspace: { account: { id: string }; ownerId: string; role: string }): TeamActor {
  const admin = workspace.ownerId !== workspace.account.id && workspace.role === "admin";
  return { actorId: workspace.account.id, ownerId: admin ? workspace.ownerId : workspace.account.id };
}
