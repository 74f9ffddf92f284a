import { z } from "zod";

// Pieces several domains' response schemas (lib/*/responses.ts) share.

export const Timestamp = z.string().meta({ description: "ISO 8601 timestamp (UTC).", example: "2026-05-01T12:00:00.000Z" });
export const JsonObject = z.record(z.string(), z.unknown());
/** A failed entry's reason in a partial success: `{ code, message }`. */
export const NestedCodeMessage = z.looseObject({ code: z.string(), message: z.string() });
