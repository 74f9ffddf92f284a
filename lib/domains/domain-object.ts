import type { z } from "zod";
import type { Domain } from "../generated/prisma/client";
import { graceEndsAt, missingRecordWarning } from "./domain-state";
import type { DomainObject, VerificationState } from "./responses";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The API's domain object; the fields after createdAt are additions (docs/API.md, docs/domains.md). */
export function toDomainObject(d: Domain) {
  return {
    id: d.id,
    domain: d.domain,
    verified: d.verified,
    verifiedAt: iso(d.verifiedAt),
    isDefault: d.isDefault,
    dnsRecords: { type: d.recordType, host: d.recordHost, value: d.recordValue },
    createdAt: d.createdAt.toISOString(),
    ...verificationState(d),
  } satisfies z.input<typeof DomainObject>;
}

/** Claim expiry, the last check, and why a domain is (about to be) unverified. */
export function verificationState(d: Domain) {
  return {
    claimExpiresAt: iso(d.claimExpiresAt),
    lastCheckedAt: iso(d.lastCheckedAt),
    recordMissingSince: iso(d.recordMissingSince),
    graceEndsAt: iso(graceEndsAt(d)),
    warning: missingRecordWarning(d),
    unverifiedAt: iso(d.unverifiedAt),
    unverifiedReason: d.unverifiedReason,
  } satisfies z.input<typeof VerificationState>;
}
