import { apiRoute, json } from "@/lib/api/handler";
import { GroupLinksBody, setGroupLinks } from "@/lib/groups/groups";

export const PATCH = apiRoute({ resource: "groups", body: GroupLinksBody }, async ({ db, account, params, body }) =>
  json(await setGroupLinks(db, account.id, params.groupId, body)),
);
