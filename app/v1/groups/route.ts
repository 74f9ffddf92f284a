import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createGroup, CreateGroupBody, listGroups } from "@/lib/groups/groups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "groups" }, async ({ db, account }) => json(await listGroups(db, account.id))),
  POST: apiRoute({ resource: "groups", body: CreateGroupBody }, async ({ db, account, body }) =>
    json(await createGroup(db, account.id, body), 201),
  ),
});
