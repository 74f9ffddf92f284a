import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { toCountryCode } from "./countries";
import type { GeoPresetDeleteResult, GeoPresetList, GeoPresetObject } from "./responses";
import { recordAudit } from "../audit/record-audit";

const Countries = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(300)
  .transform((names, ctx) => {
    const codes = new Set<string>();
    for (const [index, name] of names.entries()) {
      const code = toCountryCode(name);
      // The contract names the list itself as the field (docs/links.md); the message says which entry.
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
  return toObject(
    await db.$transaction(async (tx) => {
      const made = await tx.geoPreset.create({ data: { id: newId("geo"), accountId, name: body.name, countries: body.countries } });
      await recordAudit(tx, accountId, { action: "geo_preset.created", target: { type: "geo_preset", id: made.id, label: made.name }, changes: { countries: made.countries } });
      return made;
    }),
  );
}

/** Later edits do not change links already saved with this preset: their rules hold a copy. */
export async function updatePreset(db: Db, accountId: string, id: string, body: z.infer<typeof UpdatePresetBody>) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.geoPreset.updateMany({ where: { id, accountId }, data: body });
    if (count === 0) throw presetNotFound(id);
    await recordAudit(tx, accountId, { action: "geo_preset.updated", target: { type: "geo_preset", id, label: body.name ?? null }, changes: body });
  });
  return toObject(await db.geoPreset.findUniqueOrThrow({ where: { id } }));
}

export async function deletePreset(db: Db, accountId: string, id: string) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.geoPreset.deleteMany({ where: { id, accountId } });
    if (count === 0) throw presetNotFound(id);
    await recordAudit(tx, accountId, { action: "geo_preset.deleted", target: { type: "geo_preset", id } });
  });
  return { success: true, id, message: "Geo preset deleted" } satisfies z.input<typeof GeoPresetDeleteResult>;
}
