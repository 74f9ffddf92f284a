import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { createPreset, listPresets } from "@/lib/geo/presets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.listGeoPresets, async ({ db, account, ok }) => ok(await listPresets(db, account.id))),
  apiRoute(operations.createGeoPreset, async ({ db, account, body, ok }) => ok(await createPreset(db, account.id, body))),
);
