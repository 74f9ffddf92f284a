import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { getWebsite } from "@/lib/websites/get-website";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "websites" }, async ({ db, account, params }) => json(await getWebsite(db, account.id, params.id))),
});
