import { z } from "zod";

// A block's `schedule` as the API and the editor take it (read by lib/bio/schedule.ts). Apart from
// schedule.ts because that one is also drawn in the browser's bundle, where zod must not be.

const Instant = z.iso
  .datetime({ offset: true, error: "an ISO 8601 date and time with its offset, e.g. 2026-12-01T09:00:00Z" })
  .transform((value) => new Date(value).toISOString());

/** An open side: null or "" reads as omitted. */
const side = (description: string) => z.preprocess((v) => (v === null || v === "" ? undefined : v), Instant.optional()).meta({ description });

/** A block's `schedule` as the API and the editor take it; both sides optional, stored in UTC. */
export const BlockSchedule = z
  .object({
    start: side("Shown from this instant on (inclusive)."),
    end: side("Shown until this instant (exclusive); after `start`."),
  })
  .refine((s) => !s.start || !s.end || s.start < s.end, { message: "the end must be after the start", path: ["end"] });
