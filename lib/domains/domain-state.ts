import type { Domain } from "../generated/prisma/client";
import type { DnsCheck, DnsLookup } from "./dns-check";
import { domainSettings } from "./domain-settings";

// What one DNS check does to a domain, for the owner's verify and the periodic re-check alike:
// found → verified (a lost verification comes back, a missing-record warning clears); missing on a
// verified domain → a warning from the first miss, unverified once the grace has passed. A check
// DNS did not answer (timeout, SERVFAIL) changes nothing: it is no evidence the record is gone.

export type CheckChange = "verified" | "restored" | "warned" | "unverified" | "none";

export type DomainStateUpdate = Pick<Domain, "lastCheckedAt"> &
  Partial<Pick<Domain, "verified" | "verifiedAt" | "claimExpiresAt" | "recordMissingSince" | "unverifiedAt" | "unverifiedReason">>;

const describeRecord = (d: Pick<Domain, "domain" | "recordType" | "recordValue">) =>
  d.recordType === "CNAME" ? `The CNAME record for ${d.domain} pointing to ${d.recordValue}` : `The A record for ${d.domain} with the value ${d.recordValue}`;

const hoursOf = (ms: number) => `${Math.round((ms / 3600_000) * 100) / 100}-hour`;

function unverifiedReason(d: Domain, check: DnsCheck, missingSince: Date, now: Date): string {
  const found = check.recordFound ? ` DNS shows a ${check.recordType} record with ${check.recordValue} instead.` : "";
  return `${describeRecord(d)} has been missing since ${missingSince.toISOString()}.${found} After the ${hoursOf(domainSettings().graceMs)} grace period, ${d.domain} was marked unverified on ${now.toISOString()} and its links stopped answering. Restore the record, then call POST /v1/domains/${d.domain}/verify.`;
}

/** While a verified domain's record is missing and the grace has not run out: what the owner is told. */
export function missingRecordWarning(d: Domain): string | null {
  if (!d.verified || !d.recordMissingSince) return null;
  const deadline = new Date(d.recordMissingSince.getTime() + domainSettings().graceMs);
  return `${describeRecord(d)} has not been found since ${d.recordMissingSince.toISOString()}. Restore it before ${deadline.toISOString()}, or ${d.domain} will be marked unverified and its links stop answering.`;
}

export function graceEndsAt(d: Domain): Date | null {
  return d.verified && d.recordMissingSince ? new Date(d.recordMissingSince.getTime() + domainSettings().graceMs) : null;
}

export function afterCheck(d: Domain, check: DnsCheck, now: Date): { change: CheckChange; data: DomainStateUpdate } {
  const cleared = { recordMissingSince: null, unverifiedAt: null, unverifiedReason: null };
  if (check.matches) {
    if (!d.verified) return { change: "verified", data: { lastCheckedAt: now, verified: true, verifiedAt: now, claimExpiresAt: null, ...cleared } };
    if (d.recordMissingSince) return { change: "restored", data: { lastCheckedAt: now, ...cleared } };
    return { change: "none", data: { lastCheckedAt: now } };
  }
  if (!d.verified || !check.answered) return { change: "none", data: { lastCheckedAt: now } };
  const missingSince = d.recordMissingSince ?? now;
  if (now.getTime() - missingSince.getTime() < domainSettings().graceMs) {
    return { change: "warned", data: { lastCheckedAt: now, recordMissingSince: missingSince } };
  }
  return {
    change: "unverified",
    data: { lastCheckedAt: now, verified: false, verifiedAt: null, recordMissingSince: missingSince, unverifiedAt: now, unverifiedReason: unverifiedReason(d, check, missingSince, now) },
  };
}

/** The verify answer's `message` for what DNS showed. */
export function verifyMessage(d: Domain, current: DnsLookup, verified: boolean): string {
  if (current.matches) return `${d.domain} is verified.`;
  if (verified) return `${d.domain} stays verified for now, but DNS does not show the expected ${d.recordType} record; see warning in GET /v1/domains/${d.domain}/dns.`;
  if (d.unverifiedReason) return d.unverifiedReason;
  if (!current.recordFound) return `No ${d.recordType} record found for ${d.domain} yet.`;
  if (current.recordType !== d.recordType) return `${d.domain} has an ${current.recordType} record (${current.recordValue}); replace it with a ${d.recordType} record pointing to ${d.recordValue}.`;
  return `The ${d.recordType} record of ${d.domain} is ${current.recordValue}, expected ${d.recordValue}.`;
}
