import type { z } from "zod";
import { ownerPlan } from "../accounts/account-plan";
import { auditedBulk, linkTarget, recordAudit } from "../audit/record-audit";
import { announce } from "../cache/invalidation";
import { withAccountLock } from "../db/account-lock";
import { backgroundSlice } from "../db/background-pace";
import type { Db } from "../db/open";
import { HopError, isHopError } from "../errors";
import type { Link, Prisma } from "../generated/prisma/client";
import { currentRestrictions } from "../keys/acting-key";
import { outsideRestrictions } from "../keys/restrictions";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import {
  BULK_UPDATE_SAMPLE, BULK_UPDATE_SLICE, MAX_LISTED_FAILURES, type BulkUpdateBody, type BulkUpdateChange, type BulkUpdateResult,
} from "./bulk-update-schema";
import { applied, planLinkChange, type LinkChange } from "./bulk-update-plan";
import { toLinkObject } from "./link-object";
import { linkListWhere, NEWEST_FIRST, type LinkFilters } from "./list-links";

// POST /v1/links/bulk-update (docs/decisions/046-bulk-update.md). The matched links are changed
// newest first in slices of BULK_UPDATE_SLICE, each slice one transaction under the account's lock
// (the active limit is counted there, as bulk status counts it) that also writes the slice's
// webhook deliveries; the slice's addresses are announced after its commit. One audit entry sums
// up the whole request. A dry run reads the same slices and writes nothing.

type Tx = Prisma.TransactionClient;
type Failure = { id: string; error: string; code: string };
type Result = z.input<typeof BulkUpdateResult>;

/**
 * The API's filter, or the dashboard's: its table also narrows by type, health and by a status the API's
 * filter does not name (expired, password-protected, scheduled, capped), read by linkListWhere alike.
 */
export type BulkUpdateScope = BulkUpdateBody["filter"] & Pick<LinkFilters, "type" | "health" | "expiredBy" | "hasPassword" | "startsAfter" | "capped">;

export async function bulkUpdateLinks(db: Db, accountId: string, body: Omit<BulkUpdateBody, "filter"> & { filter: BulkUpdateScope }): Promise<Result> {
  const { filter, change } = body;
  const dryRun = body.dryRun ?? false;
  await checkGroup(db, accountId, change.groupId);
  const where = bulkUpdateWhere(accountId, filter);
  const matches = await db.link.findMany({ where, select: { id: true }, orderBy: NEWEST_FIRST });
  const ids = matches.map((row) => row.id);
  const run = () => changeInSlices(db, { accountId, where }, ids, change, dryRun);
  if (dryRun) return run();
  return auditedBulk(db, accountId, run, (result) => ({
    action: "links.bulk_updated",
    changes: change,
    details: { filter, matched: result.matched, changed: result.changed, failed: result.failedCount, sample: result.sample.map((link) => link.id) },
  }));
}

/** GET /v1/links' where (the key's restrictions included), with bulk update's ids and every-tag filters. */
export function bulkUpdateWhere(accountId: string, filter: BulkUpdateScope): Prisma.LinkWhereInput {
  const { ids, tags, ...listFilters } = filter;
  const listed = linkListWhere(accountId, listFilters);
  return {
    AND: [
      listed,
      ...(ids ? [{ publicId: { in: ids } }] : []),
      ...(tags ? [{ tags: { hasEvery: tags } }] : []),
    ],
  };
}

/** A new group must be the account's, and inside a restricted key's groups (null leaves them). */
async function checkGroup(db: Db, accountId: string, groupId: string | null | undefined) {
  if (groupId === undefined) return;
  const allowed = currentRestrictions().groupIds;
  if (allowed.length && (groupId === null || !allowed.includes(groupId))) throw outsideRestrictions();
  if (groupId === null) return;
  const group = await db.group.findFirst({ where: { id: groupId, accountId }, select: { id: true } });
  if (!group) throw new HopError("group_not_found", { field: "change.groupId", message: `No group '${groupId}' in this account.` });
}

/** The account, and the filter's where: a slice re-reads its links through it, so a link changed meanwhile to no longer match is left alone. */
type Scope = { accountId: string; where: Prisma.LinkWhereInput };

async function changeInSlices(db: Db, scope: Scope, ids: string[], change: BulkUpdateChange, dryRun: boolean): Promise<Result> {
  const { accountId } = scope;
  const failed: Failure[] = [];
  const sample: Link[] = [];
  let changed = 0;
  let failedCount = 0;
  // A dry run counts the room once and spends it slice by slice; a real run counts it in each slice's lock.
  let dryRoom = dryRun && change.isActive === true ? await activeRoom(db, accountId) : Infinity;
  for (let start = 0; start < ids.length; start += BULK_UPDATE_SLICE) {
    const slice = ids.slice(start, start + BULK_UPDATE_SLICE);
    const { value } = await backgroundSlice(async () => {
      if (dryRun) {
        const planned = planSlice(await readSlice(db, scope, slice), change, dryRoom);
        dryRoom -= planned.activated;
        const at = new Date();
        return { ...planned, links: planned.changes.map(({ link, data }) => applied(link, data, at)) };
      }
      const outcome = await withAccountLock(db, accountId, (tx) => writeSlice(tx, scope, slice, change));
      await announceChanged(outcome.links);
      return outcome;
    });
    changed += value.links.length;
    failedCount += value.failed.length;
    failed.push(...value.failed.slice(0, MAX_LISTED_FAILURES - failed.length));
    sample.push(...value.links.slice(0, BULK_UPDATE_SAMPLE - sample.length));
  }
  return { matched: ids.length, changed, sample: sample.map(toLinkObject), failed, failedCount, dryRun };
}

function readSlice(tx: Pick<Db, "link">, scope: Scope, slice: string[]): Promise<Link[]> {
  return tx.link.findMany({ where: { AND: [scope.where, { accountId: scope.accountId, id: { in: slice } }] }, orderBy: NEWEST_FIRST });
}

/** How many more links the owner's plan lets be active (Infinity: no limit). */
async function activeRoom(tx: Pick<Db, "link" | "account">, accountId: string): Promise<number> {
  const { activeLimit } = (await ownerPlan(tx, accountId)).limits;
  if (activeLimit === null) return Infinity;
  return Math.max(0, activeLimit - (await tx.link.count({ where: { accountId, isActive: true } })));
}

/** Each link's change or its failure; activations past `room` fail as bulk status fails them. */
function planSlice(rows: Link[], change: BulkUpdateChange, room: number) {
  const changes: Array<{ link: Link; data: LinkChange }> = [];
  const failed: Failure[] = [];
  let activated = 0;
  for (const link of rows) {
    try {
      const data = planLinkChange(link, change);
      if (!data) continue;
      if (data.isActive === true) {
        if (activated >= room) throw new HopError("ACTIVE_LINK_LIMIT_REACHED", { message: "The plan's active link limit is reached; the link was left inactive and unchanged." });
        activated += 1;
      }
      changes.push({ link, data });
    } catch (error) {
      if (!isHopError(error)) throw error;
      failed.push({ id: link.publicId, error: error.message, code: error.code });
    }
  }
  return { changes, failed, activated };
}

/** One slice in the caller's transaction: the columns every link shares at once, the destinations in one statement, then the events. */
async function writeSlice(tx: Tx, scope: Scope, slice: string[], change: BulkUpdateChange) {
  const { accountId } = scope;
  const rows = await readSlice(tx, scope, slice);
  const room = change.isActive === true ? await activeRoom(tx, accountId) : Infinity;
  const { changes, failed } = planSlice(rows, change, room);
  if (!changes.length) return { links: [] as Link[], failed };
  const ids = changes.map(({ link }) => link.id);
  const shared = sharedColumns(change, changes);
  if (Object.keys(shared).length) await tx.link.updateMany({ where: { accountId, id: { in: ids } }, data: shared });
  const moved = changes.filter(({ data }) => data.destination !== undefined);
  if (moved.length) {
    // Each link its own destination: one statement for the slice (one UPDATE per row was 3 ms a link on PGlite).
    const movedIds = moved.map(({ link }) => link.id);
    const destinations = moved.map(({ data }) => data.destination as string);
    // A new destination is unchecked and due at once (lib/links/link-health.ts).
    const now = new Date();
    await tx.$executeRaw`UPDATE "Link" AS l SET destination = v.destination, "updatedAt" = ${now},
        "healthState" = 'unchecked', "healthStatus" = NULL, "healthError" = NULL, "healthFinalUrl" = NULL, "healthCheckedAt" = NULL, "healthBrokenAt" = NULL, "healthDueAt" = ${now}
      FROM unnest(${movedIds}::text[], ${destinations}::text[]) AS v(id, destination) WHERE l.id = v.id AND l."accountId" = ${accountId}`;
  }
  const links = await tx.link.findMany({ where: { accountId, id: { in: ids } }, orderBy: NEWEST_FIRST });
  for (const link of links) await recordAudit(tx, accountId, { action: "link.updated", target: linkTarget(link) });
  await enqueueWebhookEvents(tx, accountId, "link.updated", links.map(toLinkObject));
  return { links, failed };
}

/**
 * The columns the change sets alike on every link of the slice. Setting one to the value a link
 * already has changes nothing; only links in `changes` (not failed, not already as asked) are written.
 */
function sharedColumns(change: BulkUpdateChange, changes: Array<{ data: LinkChange }>): Prisma.LinkUncheckedUpdateManyInput {
  const columns: Prisma.LinkUncheckedUpdateManyInput = {};
  if (change.tags !== undefined) columns.tags = [...new Set(change.tags)];
  if (change.groupId !== undefined) columns.groupId = change.groupId;
  if (change.expiresAt !== undefined) columns.expiresAt = change.expiresAt === null ? null : new Date(change.expiresAt);
  if (change.isActive !== undefined && changes.some(({ data }) => data.isActive !== undefined)) {
    columns.isActive = change.isActive;
    columns.inactiveReason = null;
  }
  return columns;
}

/** Exactly the changed addresses, one event per domain; switched off ones as gone, so they stay 404 through a database outage. */
async function announceChanged(links: Link[]) {
  const byDomain = new Map<string, { on: string[]; off: string[] }>();
  for (const link of links) {
    const slugs = byDomain.get(link.domain) ?? { on: [], off: [] };
    (link.isActive ? slugs.on : slugs.off).push(link.slug);
    byDomain.set(link.domain, slugs);
  }
  const events = [...byDomain].flatMap(([domain, { on, off }]) => [
    ...(on.length ? [{ kind: "links" as const, domain, slugs: on }] : []),
    ...(off.length ? [{ kind: "links" as const, domain, slugs: off, gone: true as const }] : []),
  ]);
  if (events.length) await announce(...events);
}
