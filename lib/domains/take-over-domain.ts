import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { isUniqueViolation } from "../db/errors";
import { HopError } from "../errors";
import type { Domain } from "../generated/prisma/client";
import { hostingProvider } from "../hosting/hosting";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import { challengeFor, challengeInstructions } from "./challenge";
import { moveLinksToPrimary } from "./delete-domain";
import { checkRecord, hasTxtRecord } from "./dns-check";
import { domainSettings } from "./domain-settings";
import { verifyMessage } from "./domain-state";
import type { VerifyResult } from "./verify-domain";
import { expectedRecord } from "./normalize-domain";
import { recordAudit } from "../audit/record-audit";

/**
 * Verify on a domain another account holds: with the caller's TXT proof (challenge.ts) and the
 * domain still unverified there, one transaction removes the holder's row, moves the holder's
 * links on it to the primary domain (a domain that lost verification may have some) and gives the
 * caller the domain: verified when the serving record is already in place, else a fresh claim.
 * Without proof, or when the holder has it verified, it is "not found" as before.
 */
/** The checks of a take-over, read-only: the holder's domain still unverified, the caller's TXT proof, and what DNS serves now. */
export async function proveTakeOver(accountId: string, held: Domain) {
  const domain = held.domain;
  if (held.verified) throw new HopError("domain_not_found", { message: `${domain} is not connected to this account.` });
  const challenge = challengeFor(accountId, domain);
  if (!(await hasTxtRecord(challenge.host, challenge.value))) {
    throw new HopError("domain_not_found", { message: `${domain} is not connected to this account. ${challengeInstructions(domain, challenge)}`, extras: { challenge } });
  }
  const record = expectedRecord(domain);
  const { answered: _answered, ...current } = await checkRecord(domain, record);
  return { record, current };
}

export async function takeOverByProof(db: Db, accountId: string, held: Domain, now: Date): Promise<VerifyResult> {
  const domain = held.domain;
  const { record, current } = await proveTakeOver(accountId, held);
  const verified = current.matches;
  const changed = new HopError("domain_already_connected", { field: "domain", message: `${domain} was verified or taken over meanwhile; check GET /v1/domains.` });
  let outcome;
  try {
    outcome = await db.$transaction(async (tx) => {
      // Only the row we read, and only while it is still unverified: a holder who verified in the
      // meantime keeps the domain.
      const { count } = await tx.domain.deleteMany({ where: { id: held.id, accountId: held.accountId, verified: false } });
      if (!count) throw changed;
      const { events } = await moveLinksToPrimary(tx, held.accountId, domain);
      const created = await tx.domain.create({
        data: {
          id: newId("dom"), accountId, domain, recordType: record.type, recordHost: record.host, recordValue: record.value, createdAt: now, lastCheckedAt: now,
          verified, verifiedAt: verified ? now : null, claimExpiresAt: verified ? null : new Date(now.getTime() + domainSettings().claimTtlMs),
        },
      });
      // The new holder's log says it took the domain; the old holder's, that it lost it.
      await recordAudit(tx, accountId, { action: "domain.taken_over", target: { type: "domain", id: created.id, label: domain }, changes: { verified } });
      await recordAudit(tx, held.accountId, { action: "domain.lost", target: { type: "domain", id: held.id, label: domain } });
      return { created, events };
    });
  } catch (error) {
    throw isUniqueViolation(error) ? changed : error;
  }
  await announce({ kind: "domain", domain }, ...outcome.events);
  log.info("domain taken over by proof", { domain, from: held.accountId, to: accountId });
  if (verified) await hostingProvider().deploy(domain).catch((error: unknown) => log.warn("deploy after takeover failed", { domain, ...errorFields(error) }));
  return {
    domain,
    verified,
    message: `${domain} moved to this account: the TXT record proved control. ${verifyMessage(outcome.created, current, verified)}`,
    verifiedAt: outcome.created.verifiedAt?.toISOString() ?? null,
    dnsStatus: { recordFound: current.recordFound, recordValue: current.recordValue, expectedValue: record.value },
    takenOver: true,
  };
}
