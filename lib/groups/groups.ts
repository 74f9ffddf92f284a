import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import type { GroupDeleteResult, GroupLinksResult, GroupList, GroupObject } from "./responses";

export const CreateGroupBody = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullable().optional(),
});
export const GroupLinksBody = z.object({
  linkIds: z.array(z.string().min(1)).min(1).max(500),
  action: z.enum(["add", "remove"]).default("add"),
});

function groupNotFound(id: string): HopError {
  return new HopError("group_not_found", { message: `No group '${id}'.` });
}

export async function listGroups(db: Db, accountId: string) {
  const groups = await db.group.findMany({
    where: { accountId },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { links: true } } },
  });
  return {
    data: groups.map((g) => ({ id: g.id, name: g.name, description: g.description, linkCount: g._count.links, createdAt: g.createdAt.toISOString() })),
  } satisfies z.input<typeof GroupList>;
}

export async function createGroup(db: Db, accountId: string, body: z.infer<typeof CreateGroupBody>) {
  const group = await db.group.create({ data: { id: newId("grp"), accountId, name: body.name, description: body.description ?? null } });
  return { id: group.id, name: group.name, description: group.description, linkCount: 0, createdAt: group.createdAt.toISOString() } satisfies z.input<typeof GroupObject>;
}

/** Adds or removes links by id; a link that cannot be moved is reported, the rest still move. */
export async function setGroupLinks(db: Db, accountId: string, groupId: string, body: z.infer<typeof GroupLinksBody>) {
  const group = await db.group.findFirst({ where: { id: groupId, accountId }, select: { id: true } });
  if (!group) throw groupNotFound(groupId);
  const ids = [...new Set(body.linkIds)];
  const links = await db.link.findMany({ where: { accountId, publicId: { in: ids } }, select: { id: true, publicId: true, groupId: true } });
  const byPublicId = new Map(links.map((l) => [l.publicId, l]));
  const failed: Array<{ linkId: string; error: { code: string; message: string } }> = [];
  const toUpdate: string[] = [];
  for (const linkId of ids) {
    const link = byPublicId.get(linkId);
    if (!link) failed.push({ linkId, error: { code: "link_not_found", message: `No link '${linkId}'.` } });
    else if (body.action === "remove" && link.groupId !== groupId) failed.push({ linkId, error: { code: "link_not_in_group", message: `Link '${linkId}' is not in this group.` } });
    else toUpdate.push(link.id);
  }
  const { count } = await db.link.updateMany({
    where: { accountId, id: { in: toUpdate } },
    data: { groupId: body.action === "add" ? groupId : null },
  });
  const verb = body.action === "add" ? "added to" : "removed from";
  return { groupId, message: `${count} link(s) ${verb} the group`, updated: count, failed } satisfies z.input<typeof GroupLinksResult>;
}

/** Deleting a group keeps its links; they become ungrouped. */
export async function deleteGroup(db: Db, accountId: string, groupId: string) {
  return db.$transaction(async (tx) => {
    const group = await tx.group.findFirst({ where: { id: groupId, accountId }, select: { id: true } });
    if (!group) throw groupNotFound(groupId);
    const { count } = await tx.link.updateMany({ where: { groupId, accountId }, data: { groupId: null } });
    await tx.group.delete({ where: { id: groupId } });
    return { id: groupId, message: "Group deleted; its links were kept", linksUngrouped: count } satisfies z.input<typeof GroupDeleteResult>;
  });
}

export const RenameGroupBody = z.object({ name: CreateGroupBody.shape.name });

export async function renameGroup(db: Db, accountId: string, groupId: string, body: z.infer<typeof RenameGroupBody>) {
  const { count } = await db.group.updateMany({ where: { id: groupId, accountId }, data: { name: body.name } });
  if (count === 0) throw groupNotFound(groupId);
  return { id: groupId, name: body.name };
}
