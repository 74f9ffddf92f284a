import { apiRoute, json } from "@/lib/api/handler";
import { createPreset, CreatePresetBody, listPresets } from "@/lib/geo/presets";

export const GET = apiRoute({ resource: "geo-presets" }, async ({ db, account }) => json(await listPresets(db, account.id)));

export const POST = apiRoute({ resource: "geo-presets", body: CreatePresetBody }, async ({ db, account, body }) =>
  json(await createPreset(db, account.id, body), 201),
);
