import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { deleteGroup } from "@/lib/groups/groups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.deleteGroup, async ({ db, account, params, ok }) => ok(await deleteGroup(db, account.id, params.groupId))),
);
