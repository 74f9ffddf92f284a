import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { setStatusByIdentifier } from "@/lib/links/link-by-identifier";
import { StatusBody } from "@/lib/links/schemas";

export const PATCH = dashboardRoute({ body: StatusBody, workspace: "write" }, async ({ db, account, params, body }) =>
  json(await setStatusByIdentifier(db, account.id, params.id, body)),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods({ PATCH });
