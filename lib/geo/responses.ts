import { z } from "zod";
import { Timestamp } from "../validation/response-parts";

// The success bodies of the /v1/geo-presets operations; lib/geo/presets.ts builds each `satisfies` its schema.

export const GeoPresetObject = z
  .object({ id: z.string(), name: z.string(), countries: z.array(z.string()).meta({ example: ["DE", "AT", "CH"] }), createdAt: Timestamp })
  .meta({ id: "GeoPreset" });
export const GeoPresetList = z.object({ data: z.array(GeoPresetObject) });
export const GeoPresetDeleteResult = z.object({ success: z.literal(true), id: z.string(), message: z.string() });
