import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createGroup, listGroups } from "@/lib/groups/groups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.listGroups, async ({ db, account, ok }) => ok(await listGroups(db, account.id))),
  apiRoute(operations.createGroup, async ({ db, account, body, ok }) => ok(await createGroup(db, account.id, body))),
);
