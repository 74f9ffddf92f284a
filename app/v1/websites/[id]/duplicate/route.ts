import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { duplicateWebsite } from "@/lib/websites/duplicate-website";
import { DuplicateWebsiteBody } from "@/lib/websites/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "websites", body: DuplicateWebsiteBody }, async ({ db, account, limits, params, body }) =>
    json(await duplicateWebsite(db, { id: account.id, plan: account.plan, limits }, params.id, body), 201),
  ),
});
