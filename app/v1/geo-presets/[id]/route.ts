import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { deletePreset, updatePreset, UpdatePresetBody } from "@/lib/geo/presets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  PUT: apiRoute({ resource: "geo-presets", body: UpdatePresetBody }, async ({ db, account, params, body }) =>
    json(await updatePreset(db, account.id, params.id, body)),
  ),
  DELETE: apiRoute({ resource: "geo-presets" }, async ({ db, account, params }) =>
    json(await deletePreset(db, account.id, params.id)),
  ),
});
