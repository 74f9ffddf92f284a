import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createGroup, CreateGroupBody } from "@/lib/groups/groups";

export const POST = dashboardRoute({ body: CreateGroupBody, workspace: "write" }, async ({ db, workspace, body }) =>
  json(await createGroup(db, workspace.ownerId, body), 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
