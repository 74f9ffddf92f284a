import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createLinkInWorkspace } from "@/lib/links/create-link-in-workspace";
import { toLinkObject } from "@/lib/links/link-object";
import { CreateLinkBody } from "@/lib/links/schemas";

export const POST = dashboardRoute({ body: CreateLinkBody, workspace: "write" }, async ({ db, workspace, body }) =>
  json({ data: toLinkObject(await createLinkInWorkspace(db, workspace.ownerId, body)) }, 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
