import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { toCountryCode } from "./countries";
import type { GeoPresetDeleteResult, GeoPresetList, GeoPresetObject } from "./responses";

const Countries = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(300)
  .transform((names, ctx) => {
    const codes = new Set<string>();
    for (const [index, name] of names.entries()) {
      const code = toCountryCode(name);
      // shared/spec/DECISIONS.md names the list itself as the field; the message says which entry.
      if (!code) ctx.addIssue({ code: "custom", message: `unknown country '${name}' (entry ${index})` });
      else codes.add(code);
    }
    return [...codes];
  });

export const CreatePresetBody = z.object({ name: z.string().trim().min(1).max(100), countries: Countries });
export const UpdatePresetBody = z.object({ name: z.string().trim().min(1).max(100).optional(), countries: Countries.optional() });

type Preset = { id: string; name: string; countries: string[]; createdAt: Date };
const toObject = (p: Preset) => ({ id: p.id, name: p.name, countries: p.countries, createdAt: p.createdAt.toISOString() }) satisfies z.input<typeof GeoPresetObject>;

function presetNotFound(id: string): HopError {
  return new HopError("geo_preset_not_found", { message: `No geo preset '${id}'.` });
}

export async function listPresets(db: Db, accountId: string) {
  const presets = await db.geoPreset.findMany({ where: { accountId }, orderBy: { createdAt: "desc" } });
  return { data: presets.map(toObject) } satisfies z.input<typeof GeoPresetList>;
}

export async function createPreset(db: Db, accountId: string, body: z.infer<typeof CreatePresetBody>) {
  return toObject(await db.geoPreset.create({ data: { id: newId("geo"), accountId, name: body.name, countries: body.countries } }));
}

/** Later edits do not change links already saved with this preset: their rules hold a copy. */
export async function updatePreset(db: Db, accountId: string, id: string, body: z.infer<typeof UpdatePresetBody>) {
  const { count } = await db.geoPreset.updateMany({ where: { id, accountId }, data: body });
  if (count === 0) throw presetNotFound(id);
  return toObject(await db.geoPreset.findUniqueOrThrow({ where: { id } }));
}

export async function deletePreset(db: Db, accountId: string, id: string) {
  const { count } = await db.geoPreset.deleteMany({ where: { id, accountId } });
  if (count === 0) throw presetNotFound(id);
  return { success: true, id, message: "Geo preset deleted" } satisfies z.input<typeof GeoPresetDeleteResult>;
}
