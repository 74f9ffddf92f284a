import { otherMethods } from "@/lib/api/methods";
import { dashboardRoute, json } from "@/lib/dashboard/route";
import { createPreset, CreatePresetBody } from "@/lib/geo/presets";

export const POST = dashboardRoute({ body: CreatePresetBody, workspace: "write" }, async ({ db, workspace, body }) =>
  json(await createPreset(db, workspace.ownerId, body), 201),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
