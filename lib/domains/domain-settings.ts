import { z } from "zod";
import { shared } from "../shared";

// The custom-domain timings (docs/domains.md). Read here rather than in lib/config.ts so the
// domain rules stay in one folder; same rule as config(): read once per process.

const hours = (fallback: number) => z.coerce.number().positive().finite().default(fallback);

const DomainEnv = z.object({
  /** An unverified claim lapses this long after connect. */
  DOMAIN_CLAIM_TTL_HOURS: hours(7 * 24),
  /** A verified domain's record is looked up again this long after its last check. */
  DOMAIN_RECHECK_INTERVAL_HOURS: hours(6),
  /** A verified domain whose record has been missing this long loses verification. */
  DOMAIN_RECHECK_GRACE_HOURS: hours(72),
});

export interface DomainSettings {
  claimTtlMs: number;
  recheckIntervalMs: number;
  graceMs: number;
}

const HOUR_MS = 3600 * 1000;

export function readDomainSettings(env: NodeJS.ProcessEnv = process.env): DomainSettings {
  const parsed = DomainEnv.parse(Object.fromEntries(Object.keys(DomainEnv.shape).filter((k) => env[k]).map((k) => [k, env[k]])));
  return {
    claimTtlMs: Math.round(parsed.DOMAIN_CLAIM_TTL_HOURS * HOUR_MS),
    recheckIntervalMs: Math.round(parsed.DOMAIN_RECHECK_INTERVAL_HOURS * HOUR_MS),
    graceMs: Math.round(parsed.DOMAIN_RECHECK_GRACE_HOURS * HOUR_MS),
  };
}

export function domainSettings(): DomainSettings {
  return shared("domainSettings", () => readDomainSettings());
}
