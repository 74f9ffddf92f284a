import { z } from "zod";
import { Timestamp } from "../validation/response-parts";

// The success bodies of the /v1/domains operations; lib/domains builds each `satisfies` its schema.

const DnsRecord = z.object({ type: z.string(), host: z.string(), value: z.string() });
/** Additions (docs/domains.md): claim expiry, the periodic re-check and why a domain is (about to be) unverified. */
export const VerificationState = z.object({
  claimExpiresAt: Timestamp.nullable().meta({ description: "Addition: an unverified claim lapses at this time (then anyone may connect the domain); null once verified." }),
  lastCheckedAt: Timestamp.nullable().meta({ description: "Addition: the last DNS check (verify or the periodic re-check)." }),
  recordMissingSince: Timestamp.nullable().meta({ description: "Addition: a verified domain's record has been missing since then." }),
  graceEndsAt: Timestamp.nullable().meta({ description: "Addition: without the record, the domain becomes unverified at this time." }),
  warning: z.string().nullable().meta({ description: "Addition: what the owner should fix, while in the grace period." }),
  unverifiedAt: Timestamp.nullable().meta({ description: "Addition: when the re-check took verification away." }),
  unverifiedReason: z.string().nullable().meta({ description: "Addition: why verification was taken away." }),
});
export const DomainObject = z
  .object({
    id: z.string(),
    domain: z.string(),
    verified: z.boolean(),
    verifiedAt: Timestamp.nullable(),
    isDefault: z.boolean(),
    dnsRecords: DnsRecord,
    createdAt: Timestamp,
    ...VerificationState.shape,
  })
  .meta({ id: "Domain" });
export const DomainList = z.object({ data: z.array(DomainObject) });
export const DomainDeleteResult = z.object({ domain: z.string(), message: z.string(), linksReassigned: z.int() });
export const DomainVerifyResult = z.object({
  domain: z.string(),
  verified: z.boolean(),
  message: z.string(),
  verifiedAt: Timestamp.nullable(),
  dnsStatus: z.object({ recordFound: z.boolean(), recordValue: z.string().nullable(), expectedValue: z.string() }),
  takenOver: z.literal(true).optional().meta({ description: "Addition: the caller's TXT proof moved the domain from the account that held it unverified." }),
});
export const DomainDnsResult = z.object({
  domain: z.string(),
  verified: z.boolean(),
  dnsRecords: DnsRecord,
  currentDns: z.object({ recordFound: z.boolean(), recordType: z.string().nullable(), recordValue: z.string().nullable(), matches: z.boolean() }),
  instructions: z.string(),
  ...VerificationState.shape,
});
