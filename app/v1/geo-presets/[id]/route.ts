import { apiRoute } from "@/lib/api/handler";
import { apiMethods } from "@/lib/api/methods";
import { operations } from "@/lib/api/openapi/operations";
import { deletePreset, updatePreset } from "@/lib/geo/presets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(operations.updateGeoPreset, async ({ db, account, params, body, ok }) => ok(await updatePreset(db, account.id, params.id, body))),
  apiRoute(operations.deleteGeoPreset, async ({ db, account, params, ok }) => ok(await deletePreset(db, account.id, params.id))),
);
