import { actingTeamOwners } from "../accounts/add-team-member";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { liveDraft } from "./lifetime";

// Who may open and edit a draft: its owner, and an active admin or editor of the owner's team.
// Anyone else, an unknown id and an expired draft are the same 404 (existence is not revealed).

export async function editableAccountIds(db: Db, callerId: string): Promise<string[]> {
  return [callerId, ...(await actingTeamOwners(db, callerId))];
}

/** The `where` of a draft the caller may edit and that is live at `now`. */
export async function editableDraftWhere(db: Db, callerId: string, draftId: string, now: Date) {
  return { id: draftId, accountId: { in: await editableAccountIds(db, callerId) }, ...liveDraft(now) };
}

export async function findEditableDraft(db: Db, callerId: string, draftId: string, now: Date) {
  const draft = await db.draft.findFirst({ where: await editableDraftWhere(db, callerId, draftId, now) });
  if (!draft) throw new HopError("draft_not_found", { message: `No draft '${draftId}'.` });
  return draft;
}
