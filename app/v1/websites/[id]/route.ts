import { apiRoute, json } from "@/lib/api/handler";
import { getWebsite } from "@/lib/websites/get-website";

export const GET = apiRoute({ resource: "websites" }, async ({ db, account, params }) => json(await getWebsite(db, account.id, params.id)));
