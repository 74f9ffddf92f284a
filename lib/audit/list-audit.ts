import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { csvRow } from "../text/csv";
import { Timestamp } from "../validation/response-parts";

// Reading the audit log: GET /v1/audit-log (newest first, cursor pagination), its CSV export, and
// the dashboard's Settings → Audit log, all with the same filters. A workspace's log is for its
// owner and, in a team, its active admins (readableWorkspace).

const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v));

export const AuditFilters = z.object({
  actor: z.string().trim().min(1).max(200).optional().meta({ description: "A user's account id or e-mail, a key's id or prefix, or `operator`." }),
  action: z.string().trim().min(1).max(100).optional().meta({ description: "An action (`link.created`), or an object's every action (`link`)." }),
  target: z.string().trim().min(1).max(300).optional().meta({ description: "The target's id (a link's API id, a domain's id …)." }),
  from: isoDate.optional().meta({ description: "From this instant (ISO 8601 date or date-time), inclusive." }),
  to: isoDate.optional().meta({ description: "Before this instant, exclusive." }),
  workspace: z.string().trim().min(1).max(100).optional().meta({ description: "A team owner's account id, for its admins; default: the caller's own workspace." }),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

export const AuditLogQuery = AuditFilters.extend({
  cursor: z.string().max(200).optional().meta({ description: "`nextCursor` of the previous page." }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "limit must be 1 to 100")
    .transform(Number)
    .pipe(z.number().int().min(1, "limit must be 1 to 100").max(100, "limit must be 1 to 100"))
    .default(50),
});

export const AuditEntryObject = z
  .object({
    id: z.string(),
    createdAt: Timestamp,
    action: z.string(),
    actor: z.object({
      type: z.enum(["user", "key", "operator", "system"]),
      id: z.string().nullable(),
      label: z.string().nullable(),
      keyPrefix: z.string().nullable(),
      via: z.string().meta({ description: "api, dashboard, editor, cli, mcp or system." }),
    }),
    target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
    changes: z.unknown().meta({ description: "`{ fields, values, details?, repeats?, lastAt? }`: the names of the fields changed, their new values (never a secret's), counts or ids of a bulk change; for a run of editor autosaves, how many saves and the latest's time." }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });

export const AuditLogPage = z.object({
  data: z.array(AuditEntryObject),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last." }),
});

type Row = Prisma.AuditEntryGetPayload<object>;

function toObject(row: Row): z.input<typeof AuditEntryObject> {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor: { type: row.actorType as "user", id: row.actorId, label: row.actorLabel, keyPrefix: row.keyPrefix, via: row.via },
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
    changes: row.changes ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** The workspace whose log the caller may read: its own, or a team's where it is an active admin. */
export async function readableWorkspace(db: Db, callerId: string, workspace?: string): Promise<string> {
  if (!workspace || workspace === callerId) return callerId;
  const admin = await db.teamMembership.findFirst({ where: { ownerId: workspace, memberId: callerId, status: "active", role: "admin" }, select: { id: true } });
  if (!admin) throw new HopError("forbidden", { message: "Only a workspace's owner and its team's admins read its audit log." });
  return workspace;
}

function whereOf(accountId: string, f: AuditFilters): Prisma.AuditEntryWhereInput {
  const where: Prisma.AuditEntryWhereInput = { accountId };
  const and: Prisma.AuditEntryWhereInput[] = [];
  if (f.actor) {
    and.push(f.actor === "operator" ? { actorType: "operator" } : { OR: [{ actorId: f.actor }, { keyPrefix: f.actor }, { actorLabel: { equals: f.actor, mode: "insensitive" } }] });
  }
  if (f.action) and.push(f.action.includes(".") ? { action: f.action } : { action: { startsWith: `${f.action}.` } });
  if (f.target) and.push({ targetId: f.target });
  if (f.from || f.to) and.push({ createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } });
  if (and.length) where.AND = and;
  return where;
}

function readCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw new HopError("invalid_request", { field: "cursor", message: "cursor is not one this API gave." });
  return { createdAt, id };
}

const NEWEST_FIRST: Prisma.AuditEntryOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];
const after = (c: { createdAt: Date; id: string }): Prisma.AuditEntryWhereInput => ({ OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] });

export async function listAuditLog(db: Db, callerId: string, query: z.infer<typeof AuditLogQuery>) {
  const accountId = await readableWorkspace(db, callerId, query.workspace);
  const where = whereOf(accountId, query);
  const rows = await db.auditEntry.findMany({
    where: query.cursor ? { AND: [where, after(readCursor(query.cursor))] } : where,
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url") : null;
  return { data: page.map(toObject), nextCursor } satisfies z.input<typeof AuditLogPage>;
}

/** `repeats` and `lastAt`: a run of editor autosaves folded into the entry (empty otherwise). */
export const AUDIT_COLUMNS = ["createdAt", "action", "actorType", "actorLabel", "keyPrefix", "via", "targetType", "targetId", "targetLabel", "fields", "ip", "userAgent", "id", "repeats", "lastAt"] as const;
const BATCH = 500;

/** The matching entries as CSV, newest first, in batches (the workspace is checked before the first). */
export async function exportAuditLog(db: Db, callerId: string, filters: AuditFilters): Promise<AsyncGenerator<string>> {
  const accountId = await readableWorkspace(db, callerId, filters.workspace);
  return batches(db, whereOf(accountId, filters));
}

async function* batches(db: Db, where: Prisma.AuditEntryWhereInput): AsyncGenerator<string> {
  yield csvRow([...AUDIT_COLUMNS]);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Row[] = await db.auditEntry.findMany({ where: cursor ? { AND: [where, after(cursor)] } : where, orderBy: NEWEST_FIRST, take: BATCH });
    if (rows.length) {
      yield rows
        .map((r) => {
          const changes = (r.changes ?? {}) as { fields?: string[]; repeats?: number; lastAt?: string };
          return csvRow([r.createdAt.toISOString(), r.action, r.actorType, r.actorLabel, r.keyPrefix, r.via, r.targetType, r.targetId, r.targetLabel, (changes.fields ?? []).join("|"), r.ip, r.userAgent, r.id, changes.repeats === undefined ? null : String(changes.repeats), changes.lastAt ?? null]);
        })
        .join("");
    }
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}
