import type { Domain } from "../generated/prisma/client";

export function toDomainObject(d: Domain) {
  return {
    id: d.id,
    domain: d.domain,
    verified: d.verified,
    verifiedAt: d.verifiedAt?.toISOString() ?? null,
    isDefault: d.isDefault,
    dnsRecords: { type: d.recordType, host: d.recordHost, value: d.recordValue },
    createdAt: d.createdAt.toISOString(),
  };
}
