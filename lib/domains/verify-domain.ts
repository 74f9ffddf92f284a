import type { z } from "zod";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { Domain } from "../generated/prisma/client";
import { hostingProvider } from "../hosting/hosting";
import { errorFields, log } from "../log";
import { domainInPath, findOwnedDomain } from "./connect-domain";
import { checkRecord, lookupRecord } from "./dns-check";
import { verificationState } from "./domain-object";
import { afterCheck, verifyMessage } from "./domain-state";
import type { DomainDnsResult, DomainVerifyResult } from "./responses";
import { proveTakeOver, takeOverByProof } from "./take-over-domain";
import { recordAudit } from "../audit/record-audit";

function instructions(d: { domain: string; recordType: string; recordValue: string }): string {
  const what = d.recordType === "CNAME" ? `a CNAME record for ${d.domain} pointing to ${d.recordValue}` : `an A record for ${d.domain} (the apex, often written @) with the value ${d.recordValue}`;
  return `At your DNS provider, create ${what}. Remove any other ${d.recordType} record for that name. DNS changes can take a few minutes to a few hours to spread; then call POST /v1/domains/${d.domain}/verify.`;
}

const expected = (d: Domain) => ({ type: d.recordType as "CNAME" | "A", value: d.recordValue });

/** GET /v1/domains/{domain}/dns: what is expected, what DNS says now, what to do, and the verification state. */
export async function domainDnsReport(db: Db, accountId: string, value: string) {
  const d = await findOwnedDomain(db, accountId, value);
  const current = await lookupRecord(d.domain, expected(d));
  return {
    domain: d.domain,
    verified: d.verified,
    dnsRecords: { type: d.recordType, host: d.recordHost, value: d.recordValue },
    currentDns: current,
    instructions: d.verified ? `${d.domain} is verified; keep ${d.recordType === "CNAME" ? "the CNAME" : "the A record"} in place.` : instructions(d),
    ...verificationState(d),
  } satisfies z.input<typeof DomainDnsResult>;
}

/** The verify answer; `takenOver` only when a TXT proof moved the domain to the caller. */
export type VerifyResult = z.input<typeof DomainVerifyResult>;

/** The domain a verify names, whoever holds it; none is "not found". */
async function heldDomain(db: Db, value: string): Promise<Domain> {
  const name = domainInPath(value);
  const d = await db.domain.findUnique({ where: { domain: name } });
  if (!d) throw new HopError("domain_not_found", { message: `${name} is not connected to this account.` });
  return d;
}

/**
 * What verifying would find (a dry run): the same look-up and DNS checks as verifyDomain (a
 * take-over's proof included), and the state it would record; nothing written, announced or deployed.
 */
export async function previewVerifyDomain(db: Db, accountId: string, value: string, now = new Date()) {
  const d = await heldDomain(db, value);
  if (d.accountId !== accountId) {
    const { current } = await proveTakeOver(accountId, d);
    return { domain: d.domain, verified: current.matches, takenOver: true };
  }
  const { change, data } = afterCheck(d, await checkRecord(d.domain, expected(d)), now);
  return { domain: d.domain, verified: data.verified ?? d.verified, change };
}

/**
 * POST /v1/domains/{domain}/verify: 200 either way. On the caller's domain, one DNS check with the
 * re-check's rules (domain-state.ts). On a domain another account holds unverified, the caller's
 * TXT proof moves it to them (take-over-domain.ts); anything else is 404.
 */
export async function verifyDomain(db: Db, accountId: string, value: string, now = new Date()): Promise<VerifyResult> {
  const d = await heldDomain(db, value);
  if (d.accountId !== accountId) return takeOverByProof(db, accountId, d, now);
  const check = await checkRecord(d.domain, expected(d));
  const { change, data } = afterCheck(d, check, now);
  const { count } = await db.$transaction(async (tx) => {
    const written = await tx.domain.updateMany({ where: { id: d.id, accountId }, data });
    const action = change === "verified" ? "domain.verified" : change === "unverified" ? "domain.unverified" : "domain.checked";
    if (written.count) await recordAudit(tx, accountId, { action, target: { type: "domain", id: d.id, label: d.domain }, changes: { verified: data.verified ?? d.verified } });
    return written;
  });
  // Taken over by a prover between the read and this write.
  if (!count) throw new HopError("domain_not_found", { message: `${d.domain} is not connected to this account.` });
  const updated: Domain = { ...d, ...data };
  if (change === "unverified") await announce({ kind: "domain", domain: d.domain });
  if (change === "verified") {
    await announce({ kind: "domain", domain: d.domain });
    await hostingProvider().deploy(d.domain).catch((error: unknown) => log.warn("deploy after verify failed", { domain: d.domain, ...errorFields(error) }));
  }
  const { answered: _answered, ...current } = check;
  return {
    domain: d.domain,
    verified: updated.verified,
    message: verifyMessage(updated, current, updated.verified),
    verifiedAt: updated.verifiedAt?.toISOString() ?? null,
    dnsStatus: { recordFound: current.recordFound, recordValue: current.recordValue, expectedValue: d.recordValue },
  };
}
