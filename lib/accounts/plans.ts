import { z } from "zod";

export const PLAN_NAMES = ["free", "growth", "scaling", "dominance", "unlimited"] as const;
export const PlanName = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof PlanName>;

export interface Limits {
  apiAccess: boolean;
  /** null = unlimited */
  totalLimit: number | null;
  activeLimit: number | null;
  hourly: number;
  daily: number;
}

/** The plans' defaults (docs/API.md, "The contract's fixed rules"); a self-hoster overrides per account with `cli account set-limits`. */
export const PLANS: Record<PlanName, Limits> = {
  free: { apiAccess: false, totalLimit: 5, activeLimit: 5, hourly: 0, daily: 0 },
  growth: { apiAccess: true, totalLimit: 1000, activeLimit: 250, hourly: 1000, daily: 10000 },
  scaling: { apiAccess: true, totalLimit: 10000, activeLimit: 2500, hourly: 5000, daily: 50000 },
  dominance: { apiAccess: true, totalLimit: 100000, activeLimit: 25000, hourly: 10000, daily: 100000 },
  unlimited: { apiAccess: true, totalLimit: null, activeLimit: null, hourly: 10000, daily: 100000 },
};

export const LimitOverrides = z
  .object({
    total: z.number().int().min(0).nullable().optional(),
    active: z.number().int().min(0).nullable().optional(),
    hourly: z.number().int().min(0).optional(),
    daily: z.number().int().min(0).optional(),
  })
  .strict();
export type LimitOverrides = z.infer<typeof LimitOverrides>;

export function planOf(value: string): PlanName {
  const parsed = PlanName.safeParse(value);
  return parsed.success ? parsed.data : "free";
}

export function isPaidPlan(plan: string): boolean {
  return planOf(plan) !== "free";
}

/** The plan's limits with the account's overrides applied (an override of null means unlimited). */
export function effectiveLimits(plan: string, overrides: unknown): Limits {
  const base = PLANS[planOf(plan)];
  const parsed = LimitOverrides.safeParse(overrides ?? {});
  const o = parsed.success ? parsed.data : {};
  return {
    apiAccess: base.apiAccess,
    totalLimit: o.total !== undefined ? o.total : base.totalLimit,
    activeLimit: o.active !== undefined ? o.active : base.activeLimit,
    hourly: o.hourly ?? base.hourly,
    daily: o.daily ?? base.daily,
  };
}
