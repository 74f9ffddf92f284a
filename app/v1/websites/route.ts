import { apiRoute, json } from "@/lib/api/handler";
import { createWebsite, CreateWebsiteBody } from "@/lib/websites/create-website";

export const POST = apiRoute({ resource: "websites", body: CreateWebsiteBody }, async ({ db, account, limits, body }) =>
  json(await createWebsite(db, { id: account.id, plan: account.plan, limits }, body), 201),
);
