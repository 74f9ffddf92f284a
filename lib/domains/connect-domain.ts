import { z } from "zod";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { isUniqueViolation } from "../db/errors";
import { HopError } from "../errors";
import { newId } from "../ids";
import { toDomainObject } from "./domain-object";
import { expectedRecord, isReservedForService, normalizeDomain } from "./normalize-domain";

export const ConnectDomainBody = z.object({ domain: z.unknown().optional(), isDefault: z.boolean().default(false) });
export const SetDefaultBody = z.object({ isDefault: z.boolean() });

function alreadyConnected(domain: string): HopError {
  return new HopError("domain_already_connected", { field: "domain", message: `${domain} is already connected to an account.` });
}

export async function connectDomain(db: Db, accountId: string, body: z.infer<typeof ConnectDomainBody>) {
  const domain = normalizeDomain(body.domain);
  if (isReservedForService(domain)) throw new HopError("invalid_domain", { field: "domain", message: `${domain} belongs to this service and cannot be connected.` });
  const record = expectedRecord(domain);
  try {
    const created = await db.$transaction(async (tx) => {
      // No look-up first: the unique index on domain (any account) is the one check, race-free.
      if (body.isDefault) await tx.domain.updateMany({ where: { accountId, isDefault: true }, data: { isDefault: false } });
      return tx.domain.create({
        data: { id: newId("dom"), accountId, domain, isDefault: body.isDefault, recordType: record.type, recordHost: record.host, recordValue: record.value },
      });
    });
    return toDomainObject(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyConnected(domain);
    throw error;
  }
}

export async function listDomains(db: Db, accountId: string) {
  const domains = await db.domain.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } });
  return { data: domains.map(toDomainObject) };
}

/** The account's domain named in a path; anyone else's is "not found". */
export async function findOwnedDomain(db: Db, accountId: string, value: string) {
  let domain: string;
  try {
    domain = normalizeDomain(value);
  } catch {
    domain = value.toLowerCase();
  }
  const found = await db.domain.findFirst({ where: { domain, accountId } });
  if (!found) throw new HopError("domain_not_found", { message: `${domain} is not connected to this account.` });
  return found;
}

/** PATCH { isDefault }: one default per account; the previous default loses it. */
export async function setDefaultDomain(db: Db, accountId: string, value: string, isDefault: boolean) {
  const domain = await findOwnedDomain(db, accountId, value);
  const updated = await db.$transaction(async (tx) => {
    if (isDefault) await tx.domain.updateMany({ where: { accountId, isDefault: true, NOT: { id: domain.id } }, data: { isDefault: false } });
    return tx.domain.update({ where: { id: domain.id }, data: { isDefault } });
  });
  await announce({ kind: "domain", domain: updated.domain });
  return toDomainObject(updated);
}
