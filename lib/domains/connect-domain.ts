import type { z } from "zod";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { isUniqueViolation } from "../db/errors";
import { HopError } from "../errors";
import { newId } from "../ids";
import { withAccountLock } from "../db/account-lock";
import { challengeFor, challengeInstructions } from "./challenge";
import { toDomainObject } from "./domain-object";
import { domainSettings } from "./domain-settings";
import type { DomainList } from "./responses";
import type { ConnectDomainBody } from "./schemas";
import { expectedRecord, isReservedForService, normalizeDomain } from "./normalize-domain";
import { recordAudit } from "../audit/record-audit";

/**
 * Unverified claims one account may hold at once. A claim costs nothing to make and blocks the
 * domain for everyone else until it lapses, so without a cap one account could sit on any number
 * of other people's names; verified domains (proven by DNS) do not count.
 */
export const MAX_PENDING_DOMAINS = 20;

/** Under the account's lock, refuses a claim past MAX_PENDING_DOMAINS (403 quota_exceeded). */
async function assertClaimAllowed(tx: Pick<Db, "domain">, accountId: string, now: Date): Promise<void> {
  const pending = await tx.domain.count({ where: { accountId, verified: false, claimExpiresAt: { gt: now } } });
  if (pending < MAX_PENDING_DOMAINS) return;
  throw new HopError("quota_exceeded", {
    field: "domain",
    message: `This account has ${pending} domains waiting for verification (at most ${MAX_PENDING_DOMAINS}). Verify or remove one before connecting another.`,
    extras: { pendingDomains: pending, maxPendingDomains: MAX_PENDING_DOMAINS },
  });
}

/**
 * The 409 for a domain someone holds: on this account; verified elsewhere (no takeover); or held
 * unverified elsewhere, with the TXT record that proves control and moves it (challenge.ts).
 */
async function alreadyConnected(db: Db, accountId: string, domain: string): Promise<HopError> {
  const holder = await db.domain.findUnique({ where: { domain }, select: { accountId: true, verified: true } });
  if (holder?.accountId === accountId) {
    return new HopError("domain_already_connected", { field: "domain", message: `${domain} is already connected to this account.` });
  }
  if (holder && !holder.verified) {
    const challenge = challengeFor(accountId, domain);
    return new HopError("domain_already_connected", { field: "domain", message: challengeInstructions(domain, challenge), extras: { challenge } });
  }
  return new HopError("domain_already_connected", { field: "domain", message: `${domain} is already connected to an account.` });
}

/** The name POST /v1/domains claims, or its 400 `invalid_domain` (not a domain name, or the service's own). */
function claimableName(body: ConnectDomainBody): string {
  const domain = normalizeDomain(body.domain);
  if (isReservedForService(domain)) throw new HopError("invalid_domain", { field: "domain", message: `${domain} belongs to this service and cannot be connected.` });
  return domain;
}

/** A claim that was never verified and lapsed: it blocks nobody, and the next connect of its name removes it. */
const lapsedClaim = (domain: string, now: Date) => ({ domain, verified: false, claimExpiresAt: { lte: now } });

/**
 * POST /v1/domains: an unverified claim that lapses DOMAIN_CLAIM_TTL_HOURS after `now`. A lapsed
 * claim of anyone's is removed in the same transaction, so it blocks nobody. An account holds at
 * most MAX_PENDING_DOMAINS fresh claims.
 */
export async function connectDomain(db: Db, accountId: string, body: ConnectDomainBody, now = new Date()) {
  const domain = claimableName(body);
  const record = expectedRecord(domain);
  const claimExpiresAt = new Date(now.getTime() + domainSettings().claimTtlMs);
  try {
    // The account's lock makes count-then-insert one step: parallel connects of one account queue.
    const created = await withAccountLock(db, accountId, async (tx) => {
      await assertClaimAllowed(tx, accountId, now);
      // Lapsed claims were never verified (verifying clears claimExpiresAt), so they hold no links.
      await tx.domain.deleteMany({ where: lapsedClaim(domain, now) });
      // No look-up first: the unique index on domain (any account) is the one check, race-free.
      if (body.isDefault) await tx.domain.updateMany({ where: { accountId, isDefault: true }, data: { isDefault: false } });
      const made = await tx.domain.create({
        data: { id: newId("dom"), accountId, domain, isDefault: body.isDefault, recordType: record.type, recordHost: record.host, recordValue: record.value, createdAt: now, claimExpiresAt },
      });
      await recordAudit(tx, accountId, { action: "domain.connected", target: { type: "domain", id: made.id, label: domain }, changes: { isDefault: body.isDefault } });
      return made;
    });
    return toDomainObject(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw await alreadyConnected(db, accountId, domain);
    throw error;
  }
}

/**
 * What POST /v1/domains would claim, after every rule connectDomain checks (a dry run): the name,
 * the account's pending claims, and the name being held by no one (a lapsed claim does not count).
 */
export async function previewConnectDomain(db: Db, accountId: string, body: ConnectDomainBody, now = new Date()) {
  const domain = claimableName(body);
  await assertClaimAllowed(db, accountId, now);
  const holders = await db.domain.count({ where: { domain } });
  if (holders > (await db.domain.count({ where: lapsedClaim(domain, now) }))) throw await alreadyConnected(db, accountId, domain);
  const record = expectedRecord(domain);
  return {
    domain,
    verified: false,
    isDefault: body.isDefault,
    dnsRecords: { type: record.type, host: record.host, value: record.value },
    claimExpiresAt: new Date(now.getTime() + domainSettings().claimTtlMs).toISOString(),
  };
}

export async function listDomains(db: Db, accountId: string) {
  const domains = await db.domain.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } });
  return { data: domains.map(toDomainObject) } satisfies z.input<typeof DomainList>;
}

/** A domain named in a path, normalised; a name that is not a valid domain is kept (lower case) so it reads as "not found". */
export function domainInPath(value: string): string {
  try {
    return normalizeDomain(value);
  } catch {
    return value.toLowerCase();
  }
}

/** The account's domain named in a path; anyone else's is "not found". */
export async function findOwnedDomain(db: Db, accountId: string, value: string) {
  const domain = domainInPath(value);
  const found = await db.domain.findFirst({ where: { domain, accountId } });
  if (!found) throw new HopError("domain_not_found", { message: `${domain} is not connected to this account.` });
  return found;
}

/** PATCH { isDefault }: one default per account; the previous default loses it. */
export async function setDefaultDomain(db: Db, accountId: string, value: string, isDefault: boolean) {
  const domain = await findOwnedDomain(db, accountId, value);
  const updated = await db.$transaction(async (tx) => {
    if (isDefault) await tx.domain.updateMany({ where: { accountId, isDefault: true, NOT: { id: domain.id } }, data: { isDefault: false } });
    await recordAudit(tx, accountId, { action: "domain.updated", target: { type: "domain", id: domain.id, label: domain.domain }, changes: { isDefault } });
    return tx.domain.update({ where: { id: domain.id }, data: { isDefault } });
  });
  await announce({ kind: "domain", domain: updated.domain });
  return toDomainObject(updated);
}

/** What the PATCH would change (a dry run): the account's domain, and the default it would replace. */
export async function previewSetDefaultDomain(db: Db, accountId: string, value: string, isDefault: boolean) {
  const domain = await findOwnedDomain(db, accountId, value);
  const replaced = isDefault ? await db.domain.findFirst({ where: { accountId, isDefault: true, NOT: { id: domain.id } }, select: { domain: true } }) : null;
  return { domain: domain.domain, isDefault, replacesDefault: replaced?.domain ?? null };
}
