import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { hostingProvider } from "../hosting/hosting";
import { errorFields, log } from "../log";
import { findOwnedDomain } from "./connect-domain";
import { lookupRecord } from "./dns-check";

function instructions(d: { domain: string; recordType: string; recordValue: string }): string {
  const what = d.recordType === "CNAME" ? `a CNAME record for ${d.domain} pointing to ${d.recordValue}` : `an A record for ${d.domain} (the apex, often written @) with the value ${d.recordValue}`;
  return `At your DNS provider, create ${what}. Remove any other ${d.recordType} record for that name. DNS changes can take a few minutes to a few hours to spread; then call POST /v1/domains/${d.domain}/verify.`;
}

/** GET /v1/domains/{domain}/dns: what is expected, what DNS says now, and what to do. */
export async function domainDnsReport(db: Db, accountId: string, value: string) {
  const d = await findOwnedDomain(db, accountId, value);
  const current = await lookupRecord(d.domain, { type: d.recordType as "CNAME" | "A", value: d.recordValue });
  return {
    domain: d.domain,
    verified: d.verified,
    dnsRecords: { type: d.recordType, host: d.recordHost, value: d.recordValue },
    currentDns: current,
    instructions: d.verified ? `${d.domain} is verified; keep ${d.recordType === "CNAME" ? "the CNAME" : "the A record"} in place.` : instructions(d),
  };
}

/** POST /v1/domains/{domain}/verify: 200 either way; verified once the expected record is found. */
export async function verifyDomain(db: Db, accountId: string, value: string) {
  const d = await findOwnedDomain(db, accountId, value);
  const current = await lookupRecord(d.domain, { type: d.recordType as "CNAME" | "A", value: d.recordValue });
  const verified = d.verified || current.matches;
  const updated = await db.domain.update({
    where: { id: d.id },
    data: { verified, verifiedAt: verified ? d.verifiedAt ?? new Date() : null, lastCheckedAt: new Date() },
  });
  if (verified && !d.verified) {
    await announce({ kind: "domain", domain: d.domain });
    await hostingProvider().deploy(d.domain).catch((error: unknown) => log.warn("deploy after verify failed", { domain: d.domain, ...errorFields(error) }));
  }
  let message: string;
  if (current.matches) message = `${d.domain} is verified.`;
  else if (verified) message = `${d.domain} stays verified, but DNS does not show the expected ${d.recordType} record right now.`;
  else if (!current.recordFound) message = `No ${d.recordType} record found for ${d.domain} yet.`;
  else if (current.recordType !== d.recordType) message = `${d.domain} has an ${current.recordType} record (${current.recordValue}); replace it with a ${d.recordType} record pointing to ${d.recordValue}.`;
  else message = `The ${d.recordType} record of ${d.domain} is ${current.recordValue}, expected ${d.recordValue}.`;
  return {
    domain: d.domain,
    verified,
    message,
    verifiedAt: updated.verifiedAt?.toISOString() ?? null,
    dnsStatus: { recordFound: current.recordFound, recordValue: current.recordValue, expectedValue: d.recordValue },
  };
}
