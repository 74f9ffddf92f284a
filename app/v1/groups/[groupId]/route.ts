import { apiRoute, json } from "@/lib/api/handler";
import { deleteGroup } from "@/lib/groups/groups";

export const DELETE = apiRoute({ resource: "groups" }, async ({ db, account, params }) =>
  json(await deleteGroup(db, account.id, params.groupId)),
);
