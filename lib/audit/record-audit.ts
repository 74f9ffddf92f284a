import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma } from "../generated/prisma/client";
import { newId } from "../ids";
import { shared } from "../shared";
import { currentActor, type AuditActor } from "./actor";

// The one audit writer: one row per change, in the transaction of the change (`tx`), so a change
// is never without its entry nor an entry without its change. Field values are kept unless the
// field's name says it is secret; then only its name is.

export interface AuditTarget {
  type: string;
  id: string;
  label?: string | null;
}

export interface AuditChange {
  action: string;
  target?: AuditTarget;
  /** Fields set or changed, with their new values (secret ones are kept as names only). */
  changes?: Record<string, unknown>;
  /** Anything else worth keeping (counts, ids of a bulk change). */
  details?: Record<string, unknown>;
  /**
   * Frequent small changes (the editor's autosaves): a change of the same target by the same actor
   * within this many milliseconds of the entry that opened the run updates that entry (fields
   * merged, `repeats` counted, `lastAt` moved) instead of adding one.
   */
  foldWithinMs?: number;
}

const SECRET_FIELD = /pass|secret|token|key(?!word)|hash|cookie|authorization/i;
const MAX_VALUE_CHARS = 500;

/** Field names, and the values of those that are not secret (long ones cut). */
export function auditChanges(changes: Record<string, unknown>): { fields: string[]; values: Record<string, unknown> } {
  const fields = Object.keys(changes).filter((name) => changes[name] !== undefined);
  const values: Record<string, unknown> = {};
  for (const name of fields) {
    if (SECRET_FIELD.test(name)) continue;
    const value = changes[name] instanceof Date ? (changes[name] as Date).toISOString() : changes[name];
    const text = JSON.stringify(value ?? null);
    values[name] = text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : value ?? null;
  }
  return { fields, values };
}

type AuditTx = Pick<Prisma.TransactionClient, "auditEntry">;

/** A bulk change in progress: entries are gathered here, and one is written for the whole. */
type GatheredChange = AuditChange & { accountId: string };
const batch = shared("audit-batch", () => new AsyncLocalStorage<GatheredChange[]>());

export async function recordAudit(tx: AuditTx, accountId: string, change: AuditChange): Promise<void> {
  const gathering = batch.getStore();
  if (gathering) {
    gathering.push({ ...change, accountId });
    return;
  }
  const actor = currentActor();
  const changes = change.changes || change.details ? { ...(change.changes ? auditChanges(change.changes) : {}), ...(change.details ? { details: change.details } : {}) } : undefined;
  if (change.foldWithinMs && change.target && (await foldIntoRun(tx, accountId, change, changes, actor))) return;
  await tx.auditEntry.create({
    data: {
      id: newId("aud"),
      accountId,
      actorType: actor.type,
      actorId: actor.id ?? null,
      actorLabel: actor.label ?? null,
      keyPrefix: actor.keyPrefix ?? null,
      via: actor.via,
      action: change.action,
      targetType: change.target?.type ?? null,
      targetId: change.target?.id ?? null,
      targetLabel: change.target?.label?.slice(0, 300) ?? null,
      changes: changes as Prisma.InputJsonValue | undefined,
      ip: actor.ip?.slice(0, 64) ?? null,
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
    },
  });
}

type Folded = { fields?: string[]; values?: Record<string, unknown>; details?: unknown; repeats?: number; lastAt?: string };

/** The run's entry updated with this change, or false when there is no run to fold it into. */
async function foldIntoRun(tx: AuditTx, accountId: string, change: AuditChange, changes: Folded | undefined, actor: AuditActor): Promise<boolean> {
  const now = new Date();
  const open = await tx.auditEntry.findFirst({
    where: { accountId, action: change.action, targetType: change.target?.type, targetId: change.target?.id, createdAt: { gte: new Date(now.getTime() - (change.foldWithinMs ?? 0)) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (!open || open.actorType !== actor.type || open.actorId !== (actor.id ?? null) || open.via !== actor.via) return false;
  const before = (open.changes ?? {}) as Folded;
  const folded: Folded = {
    fields: [...new Set([...(before.fields ?? []), ...(changes?.fields ?? [])])],
    values: { ...before.values, ...changes?.values },
    ...(changes?.details ? { details: changes.details } : {}),
    repeats: (before.repeats ?? 1) + 1,
    lastAt: now.toISOString(),
  };
  await tx.auditEntry.update({ where: { id: open.id }, data: { changes: folded as Prisma.InputJsonValue, targetLabel: change.target?.label?.slice(0, 300) ?? open.targetLabel } });
  return true;
}

/**
 * Runs a bulk change (bulk create, delete, status, an import): the entries its parts would write
 * are gathered instead, and `summarize` turns them into the one entry written at the end, in the
 * workspace of the parts (a bulk change is many transactions, some of which fail, so the summary
 * has its own). Nothing changed: no entry.
 */
export async function auditedBulk<T>(db: AuditTx, callerId: string, work: () => Promise<T>, summarize: (value: T, parts: GatheredChange[]) => AuditChange): Promise<T> {
  const parts: GatheredChange[] = [];
  const value = await batch.run(parts, work);
  if (parts.length === 0) return value;
  await recordAudit(db, parts[0].accountId ?? callerId, summarize(value, parts));
  return value;
}

/** Each part's target ids, for a summary's details. */
export function partIds(parts: GatheredChange[]): string[] {
  return parts.map((part) => part.target?.id).filter((id): id is string => Boolean(id));
}

/** A link (or website) as an entry names it: its API id and its address. */
export function linkTarget(link: { publicId: string; domain: string; slug: string; type?: string }): AuditTarget {
  return { type: link.type === "website" ? "website" : "link", id: link.publicId, label: link.slug ? `${link.domain}/${link.slug}` : link.domain };
}
