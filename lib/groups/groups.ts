import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import type { GroupDeleteResult, GroupLinksResult, GroupList, GroupObject } from "./responses";
import { currentRestrictions } from "../keys/acting-key";
import { restrictedLinkWhere } from "../keys/restrictions";
import { recordAudit } from "../audit/record-audit";

export const CreateGroupBody = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().optional(),
});
export const GroupLinksBody = z.object({
  linkIds: z.array(z.string().min(1)).min(1).max(500),
  action: z.enum(["add", "remove"]).default("add"),
});

/** A key restricted to some groups sees and changes only those (lib/keys/restrictions.ts). */
function groupWithinKey(groupId: string): boolean {
  const { groupIds } = currentRestrictions();
  return groupIds.length === 0 || groupIds.includes(groupId);
}

function groupNotFound(id: string): HopError {
  return new HopError("group_not_found", { message: `No group '${id}'.` });
}

export async function listGroups(db: Db, accountId: string) {
  const { groupIds } = currentRestrictions();
  const groups = await db.group.findMany({
    where: { accountId, ...(groupIds.length ? { id: { in: [...groupIds] } } : {}) },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { links: true } } },
  });
  return {
    data: groups.map((g) => ({ id: g.id, name: g.name, description: g.description, linkCount: g._count.links, createdAt: g.createdAt.toISOString() })),
  } satisfies z.input<typeof GroupList>;
}

export async function createGroup(db: Db, accountId: string, body: z.infer<typeof CreateGroupBody>) {
  const group = await db.$transaction(async (tx) => {
    const made = await tx.group.create({ data: { id: newId("grp"), accountId, name: body.name, description: body.description ?? null } });
    await recordAudit(tx, accountId, { action: "group.created", target: { type: "group", id: made.id, label: made.name }, changes: { description: made.description } });
    return made;
  });
  return { id: group.id, name: group.name, description: group.description, linkCount: 0, createdAt: group.createdAt.toISOString() } satisfies z.input<typeof GroupObject>;
}

type LinkError = { code: string; message: string };
interface LinkMoves {
  moved: string[];
  skipped: string[];
  failed: Array<{ linkId: string; error: LinkError }>;
}

const linkNotFound = (linkId: string): LinkError => ({ code: "link_not_found", message: `No link '${linkId}'.` });

/**
 * Sets the group of the account's named links (by public id) inside the caller's transaction.
 * `judge` says of each found link whether it moves, is skipped (already where it should be) or
 * fails; a link of another account is not found, as if it did not exist.
 */
async function moveLinks(
  tx: Pick<Db, "link">,
  accountId: string,
  linkIds: string[],
  groupId: string | null,
  judge: (link: { publicId: string; groupId: string | null }) => "move" | "skip" | LinkError,
): Promise<LinkMoves> {
  const ids = [...new Set(linkIds)];
  const links = await tx.link.findMany({ where: { accountId, publicId: { in: ids }, AND: [restrictedLinkWhere(currentRestrictions())] }, select: { id: true, publicId: true, groupId: true } });
  const byPublicId = new Map(links.map((l) => [l.publicId, l]));
  const moves: LinkMoves = { moved: [], skipped: [], failed: [] };
  for (const linkId of ids) {
    const link = byPublicId.get(linkId);
    const verdict = link ? judge(link) : linkNotFound(linkId);
    if (verdict === "move") moves.moved.push(linkId);
    else if (verdict === "skip") moves.skipped.push(linkId);
    else moves.failed.push({ linkId, error: verdict });
  }
  const rowIds = moves.moved.map((linkId) => byPublicId.get(linkId)!.id);
  if (rowIds.length) await tx.link.updateMany({ where: { accountId, id: { in: rowIds } }, data: { groupId } });
  return moves;
}

/**
 * Adds or removes links by id; a link that cannot be moved is reported, the rest still move. One
 * transaction, so a group deleted meanwhile gets no links.
 */
export async function setGroupLinks(db: Db, accountId: string, groupId: string, body: z.infer<typeof GroupLinksBody>) {
  return db.$transaction(async (tx) => {
    const group = await tx.group.findFirst({ where: { id: groupId, accountId }, select: { id: true } });
    if (!group || !groupWithinKey(groupId)) throw groupNotFound(groupId);
    const adding = body.action === "add";
    const { moved, failed } = await moveLinks(tx, accountId, body.linkIds, adding ? groupId : null, (link) =>
      adding || link.groupId === groupId ? "move" : { code: "link_not_in_group", message: `Link '${link.publicId}' is not in this group.` },
    );
    if (moved.length) await recordAudit(tx, accountId, { action: adding ? "group.links_added" : "group.links_removed", target: { type: "group", id: groupId }, details: { ids: moved } });
    const verb = adding ? "added to" : "removed from";
    return { groupId, message: `${moved.length} link(s) ${verb} the group`, updated: moved.length, failed } satisfies z.input<typeof GroupLinksResult>;
  });
}

/** Takes links out of whatever group each is in (the dashboard's "No group"); one in none is skipped. */
export async function ungroupLinks(db: Db, accountId: string, linkIds: string[]): Promise<LinkMoves> {
  return db.$transaction((tx) => moveLinks(tx, accountId, linkIds, null, (link) => (link.groupId ? "move" : "skip")));
}

/** Deleting a group keeps its links; they become ungrouped. */
export async function deleteGroup(db: Db, accountId: string, groupId: string) {
  return db.$transaction(async (tx) => {
    const group = await tx.group.findFirst({ where: { id: groupId, accountId }, select: { id: true } });
    if (!group || !groupWithinKey(groupId)) throw groupNotFound(groupId);
    const { count } = await tx.link.updateMany({ where: { groupId, accountId }, data: { groupId: null } });
    await tx.group.delete({ where: { id: groupId } });
    await recordAudit(tx, accountId, { action: "group.deleted", target: { type: "group", id: groupId }, details: { linksUngrouped: count } });
    return { id: groupId, message: "Group deleted; its links were kept", linksUngrouped: count } satisfies z.input<typeof GroupDeleteResult>;
  });
}

export const RenameGroupBody = z.object({ name: CreateGroupBody.shape.name });

export async function renameGroup(db: Db, accountId: string, groupId: string, body: z.infer<typeof RenameGroupBody>) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.group.updateMany({ where: { id: groupId, accountId }, data: { name: body.name } });
    if (count === 0) throw groupNotFound(groupId);
    await recordAudit(tx, accountId, { action: "group.updated", target: { type: "group", id: groupId, label: body.name }, changes: { name: body.name } });
  });
  return { id: groupId, name: body.name };
}
