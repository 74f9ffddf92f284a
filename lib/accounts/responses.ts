import { z } from "zod";
import { Timestamp } from "../validation/response-parts";

// The success bodies of the /v1/account operations; account-reports.ts builds each `satisfies` its schema.

const HourlyDaily = z.object({ hourly: z.number(), daily: z.number() });
export const UsageResult = z.object({
  requestsToday: z.int(),
  requestsThisHour: z.int(),
  totalRequests: z.int(),
  rateLimit: HourlyDaily,
  remaining: HourlyDaily,
  resetAt: HourlyDaily.meta({ description: "Unix timestamps in seconds." }),
});
export const LimitsResult = z.object({
  plan: z.string(),
  links: z.object({ totalLimit: z.int().nullable(), activeLimit: z.int().nullable(), currentTotal: z.int(), currentActive: z.int() }),
  rateLimit: HourlyDaily,
  apiKeys: z.object({ active: z.int(), max: z.int() }),
});
export const ProfileResult = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  plan: z.string(),
  createdAt: z.union([Timestamp, z.unknown()]),
  apiKey: z.looseObject({
    id: z.string(),
    name: z.string().nullable(),
    prefix: z.string(),
    role: z.string().meta({ description: "full, creator or viewer (a preset of scopes), custom, or legacy (made before roles; acts as full)." }),
    scopes: z.array(z.string()).optional().meta({ description: "The scopes the key holds." }),
    groupIds: z.array(z.string()).optional().meta({ description: "When not empty, the key sees only links in these groups." }),
    domains: z.array(z.string()).optional().meta({ description: "When not empty, the key sees only links on these domains." }),
    expiresAt: z.union([Timestamp, z.null(), z.unknown()]).optional(),
  }),
  teams: z.array(z.object({ ownerId: z.string(), ownerEmail: z.string(), role: z.string(), status: z.string() })),
});
