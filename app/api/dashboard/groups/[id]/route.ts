import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { deleteGroup, renameGroup, RenameGroupBody } from "@/lib/groups/groups";

export const PATCH = dashboardRoute({ body: RenameGroupBody, workspace: "write" }, async ({ db, workspace, params, body }) =>
  json(await renameGroup(db, workspace.ownerId, params.id, body)),
);

export const DELETE = dashboardRoute({ workspace: "write" }, async ({ db, workspace, params }) =>
  json(await deleteGroup(db, workspace.ownerId, params.id)),
);

export const { GET, POST, PUT, OPTIONS } = otherMethods({ PATCH, DELETE });
