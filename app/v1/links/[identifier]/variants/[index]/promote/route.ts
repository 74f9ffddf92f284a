import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { promoteVariant } from "@/lib/links/promote-variant";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.promoteLinkVariant, async ({ db, account, params, ok }) => ok(await promoteVariant(db, account.id, params.identifier, params.index))),
);
