import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { setGroupLinks } from "@/lib/groups/groups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.setGroupLinks, async ({ db, account, params, body, ok }) => ok(await setGroupLinks(db, account.id, params.groupId, body))),
);
