import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { GroupLinksBody, setGroupLinks } from "@/lib/groups/groups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PATCH: apiRoute({ resource: "groups", body: GroupLinksBody }, async ({ db, account, params, body }) =>
    json(await setGroupLinks(db, account.id, params.groupId, body)),
  ),
});
