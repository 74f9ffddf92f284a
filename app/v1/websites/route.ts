import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createWebsite } from "@/lib/websites/create-website";
import { CreateWebsiteBody } from "@/lib/websites/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  POST: apiRoute({ resource: "websites", body: CreateWebsiteBody }, async ({ db, account, limits, body }) =>
    json(await createWebsite(db, { id: account.id, plan: account.plan, limits }, body), 201),
  ),
});
