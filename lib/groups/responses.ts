import { z } from "zod";
import { NestedCodeMessage, Timestamp } from "../validation/response-parts";

// The success bodies of the /v1/groups operations; lib/groups builds each `satisfies` its schema.

export const GroupObject = z
  .object({ id: z.string(), name: z.string(), description: z.string().nullable(), linkCount: z.int(), createdAt: Timestamp })
  .meta({ id: "Group" });
export const GroupList = z.object({ data: z.array(GroupObject) });
export const GroupLinksResult = z.object({
  groupId: z.string(),
  message: z.string(),
  updated: z.int(),
  failed: z.array(z.object({ linkId: z.string(), error: NestedCodeMessage })),
});
export const GroupDeleteResult = z.object({ id: z.string(), message: z.string(), linksUngrouped: z.int() });
