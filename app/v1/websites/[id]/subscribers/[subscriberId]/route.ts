import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { deleteSubscriber } from "@/lib/websites/subscribers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.deleteWebsiteSubscriber, async ({ db, account, params, ok }) => ok(await deleteSubscriber(db, account.id, params.id, params.subscriberId))),
);
