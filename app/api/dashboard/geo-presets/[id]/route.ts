import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { deletePreset, updatePreset, UpdatePresetBody } from "@/lib/geo/presets";

export const PUT = dashboardRoute({ body: UpdatePresetBody, workspace: "write" }, async ({ db, workspace, params, body }) =>
  json(await updatePreset(db, workspace.ownerId, params.id, body)),
);

export const DELETE = dashboardRoute({ workspace: "write" }, async ({ db, workspace, params }) =>
  json(await deletePreset(db, workspace.ownerId, params.id)),
);

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
