import { apiRoute, json } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { createPreset, CreatePresetBody, listPresets } from "@/lib/geo/presets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({
  GET: apiRoute({ resource: "geo-presets" }, async ({ db, account }) => json(await listPresets(db, account.id))),
  POST: apiRoute({ resource: "geo-presets", body: CreatePresetBody }, async ({ db, account, body }) =>
    json(await createPreset(db, account.id, body), 201),
  ),
});
