import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { deleteGroup } from "@/lib/groups/groups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  DELETE: apiRoute({ resource: "groups" }, async ({ db, account, params }) =>
    json(await deleteGroup(db, account.id, params.groupId)),
  ),
});
