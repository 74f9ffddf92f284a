import { z } from "zod";
import { withLimits } from "../accounts/account-plan";
import { announce } from "../cache/invalidation";
import { backgroundSlice, forEachSliced } from "../db/background-pace";
import { requestArrivals } from "../http/arrivals";
import type { Db } from "../db/open";
import { HopError, isHopError } from "../errors";
import { CsvError, detectDelimiter, parseCsv, unprotectCell } from "../text/csv";
import { config } from "../config";
import { parseOrThrow } from "../validation/parse";
import { readRequestBytes } from "../http/read-body";
import { prepareLink, type Caller, type LinkChecks, type PreparedLink } from "./create-link";
import type { LinkOwner } from "./link-owner";
import { withAccountLock } from "../db/account-lock";
import { CreateLinkBody } from "./schemas";
import { ImportColumns, mapColumns, type ColumnMap } from "./import-columns";
import { toLinkObject } from "./link-object";
import { insertLinks } from "./insert-links";
import { resolveLinkDomain } from "./link-domain";
import { isReservedSlug } from "./reserved";
import { slugVariant } from "./slug-rules";
import { parseImportDate } from "./import-dates";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { shared } from "../shared";
import { auditedBulk, linkTarget, partIds, recordAudit } from "../audit/record-audit";

// POST /v1/links/import and the dashboard's import: a CSV (Hop's own export, Bitly's, Dub's,
// Short.io's, Rebrandly's, a spreadsheet's; comma, semicolon or tab separated) becomes links, each
// row checked exactly as POST /v1/links checks a body. A row whose domain is not one of the
// account's (bit.ly, dub.sh: the service it came from) or names none goes to the target domain
// (`?domain=`, else the account's default) with its back-half as the slug; a creation date is kept.
// Rows are created in slices, each in one transaction under the account's lock, where the limits
// are counted as for one create; a slug taken in the meantime fails its row, never the slice.
//
// An import shares the server with every account's visitors
// (docs/decisions/028-background-work-beside-visitors.md): rows are checked in slices of a few
// milliseconds, and created in slices sized to take about SLICE_TARGET_MS, one slice at a time in
// the process (lib/db/background-pace.ts). One account's imports run one after another. Each slice
// announces exactly the addresses it created.

export const IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;
// Rows a slice creates, and the time it aims at: short while requests arrive (visitors wait at
// most a slice), longer when nobody else asks (each slice's fixed cost — lock, counts, outbox — is
// paid over more rows: a 10,000-row import ran 40 % faster).
const SLICE = { first: 50, max: 500, min: { contended: 5, quiet: 50 } } as const;
const SLICE_TARGET_MS = { contended: 5, quiet: 25 } as const;

export const ImportQuery = z.object({
  dryRun: z.enum(["true", "false", "1", "0"]).optional().transform((value) => value === "true" || value === "1").meta({ description: "true: check every row, create nothing." }),
  domain: z
    .string()
    .trim()
    .min(1, { error: "domain must name a domain." })
    .max(253, { error: "domain may be at most 253 characters." })
    .optional()
    .meta({ description: "Where rows go whose short link names no domain of the account (another service's, like bit.ly or dub.sh) or no domain at all: the primary domain, a system domain or a verified custom domain of the account. Default: the account's default domain.", example: "go.example.com" }),
});

export interface ImportFailure {
  /** 1 = the first data row. */
  row: number;
  slug?: string;
  error: string;
  code?: string;
  /** A reserved slug's variant that is free to use. */
  suggestion?: string;
}

export interface ImportResult {
  created: number;
  failed: ImportFailure[];
  dryRun: boolean;
}

interface Candidate {
  row: number;
  data: PreparedLink & { createdAt?: Date };
}

const TAKEN = "Custom slug or domain already taken";

/** The body of POST /v1/links a row stands for (empty cells left out). */
function rowBody(cells: string[], columns: ColumnMap): Record<string, unknown> {
  const cell = (name: keyof ColumnMap) => {
    const index = columns[name];
    const value = index === undefined ? "" : unprotectCell((cells[index] ?? "").trim());
    return value === "" ? undefined : value;
  };
  const body: Record<string, unknown> = {};
  for (const name of ["url", "slug", "domain", "title", "description", "groupId", "createdAt", "expiresAt", "expiredUrl", "ios", "android", "startsAt"] as const) {
    const value = cell(name);
    if (value !== undefined) body[name] = value;
  }
  // A number in the body (a cell of words stays a string, which the row's check refuses).
  const maxClicks = cell("maxClicks");
  if (maxClicks !== undefined) body.maxClicks = /^\d+$/.test(maxClicks) ? Number(maxClicks) : maxClicks;
  const tags = cell("tags");
  if (tags !== undefined) body.tags = tags.split(tags.includes("|") ? "|" : ",").map((tag) => tag.trim()).filter(Boolean);
  const shortUrl = cell("shortUrl");
  if (shortUrl !== undefined) {
    const address = addressOf(shortUrl);
    if (body.slug === undefined && address.slug !== undefined) body.slug = address.slug;
    if (body.domain === undefined && address.domain !== undefined) body.domain = address.domain;
  }
  return body;
}

/** `https://go.example.com/spring` or `bit.ly/abc` → its domain and slug. */
function addressOf(shortUrl: string): { domain?: string; slug?: string } {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(shortUrl) ? shortUrl : `https://${shortUrl}`);
    const slug = decodeURIComponent(url.pathname.slice(1));
    return { domain: url.host.toLowerCase(), ...(slug ? { slug } : {}) };
  } catch {
    return {};
  }
}

function failureOf(row: number, slug: unknown, error: unknown): ImportFailure {
  if (!isHopError(error)) throw error;
  const plain = error.body?.error;
  if (error.code === "INVALID_SLUG" && typeof slug === "string" && isReservedSlug(slug)) {
    const suggestion = slugVariant(slug.toLowerCase());
    return { row, slug, error: `${slug} is reserved for Hop's own pages on the primary domain. Try ${suggestion}.`, code: "INVALID_SLUG", suggestion };
  }
  return {
    row,
    ...(typeof slug === "string" && slug ? { slug } : {}),
    error: typeof plain === "string" ? plain : error.message,
    ...(typeof plain === "string" ? {} : { code: error.code }),
  };
}

/** The domains a row may keep: the primary, the system domains and every domain of the account (verified or not, so an unverified one says so). */
async function ownDomains(db: Db, accountId: string): Promise<Set<string>> {
  const { primaryDomain, systemDomains } = config();
  const custom = await db.domain.findMany({ where: { accountId }, select: { domain: true } });
  return new Set([primaryDomain, ...systemDomains, ...custom.map((d) => d.domain)]);
}

/** `?domain=` checked as a link's domain (a 4xx naming it when it is not the account's), else the account's default domain. */
async function targetDomain(db: Db, owner: LinkOwner, requested: string | undefined): Promise<string> {
  if (requested !== undefined) return (await resolveLinkDomain(db, owner, requested)).domain;
  const preferred = await db.domain.findFirst({ where: { accountId: owner.id, isDefault: true, verified: true }, select: { domain: true } });
  return preferred?.domain ?? config().primaryDomain;
}

/** The request's CSV as text: 413 past IMPORT_LIMITS.maxBytes (declared or counted). */
export async function readImportBody(request: Request): Promise<string> {
  const bytes = await readRequestBytes(request, IMPORT_LIMITS.maxBytes);
  if (bytes === null) throw new HopError("invalid_request", { status: 413, field: "body", message: `The CSV may be at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.` });
  return bytes.toString("utf8");
}

/** The rows of a CSV text (a 400 naming the problem when it is not one this import reads). */
export function readImportCsv(text: string): { columns: ColumnMap; rows: string[][] } {
  let records: string[][];
  try {
    records = parseCsv(text, IMPORT_LIMITS.maxRows + 1, detectDelimiter(text));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const message = error.record > IMPORT_LIMITS.maxRows ? `At most ${IMPORT_LIMITS.maxRows.toLocaleString("en")} rows per import.` : `The CSV cannot be read: ${error.message}`;
    throw new HopError("invalid_request", { field: "body", message });
  }
  const [header, ...rows] = records;
  if (!header) throw new HopError("invalid_request", { field: "body", message: "The CSV is empty: it needs a header row and at least one link." });
  const columns = mapColumns(header);
  if (columns.url === undefined) throw new HopError("invalid_request", { field: "body", message: `The header row needs a url column (${ImportColumns.url.join(", ")}).` });
  return { columns, rows };
}

const accountImports = () => shared("importsByAccount", () => new Map<string, Promise<unknown>>());

/** One account's imports one after another (another's run beside them, slice by slice). */
async function inAccountQueue<T>(accountId: string, run: () => Promise<T>): Promise<T> {
  const queue = accountImports();
  const mine = (queue.get(accountId) ?? Promise.resolve()).catch(() => undefined).then(run);
  queue.set(accountId, mine);
  try {
    return await mine;
  } finally {
    if (queue.get(accountId) === mine) queue.delete(accountId);
  }
}

/** POST /v1/links/import: every row checked; with dryRun nothing is created. */
export async function importLinks(db: Db, caller: Caller, text: string, { dryRun, domain }: { dryRun: boolean; domain?: string }): Promise<ImportResult> {
  const { columns, rows } = readImportCsv(text);
  // One audit entry for the import (the rows' own are gathered into it); a dry run changes nothing.
  return inAccountQueue(caller.id, () =>
    auditedBulk(db, caller.id, () => importRows(db, caller, columns, rows, dryRun, domain), (result, parts) => ({
      action: "links.imported",
      details: { created: result.created, failed: result.failed.length, ids: partIds(parts) },
    })),
  );
}

async function importRows(db: Db, caller: Caller, columns: ColumnMap, rows: string[][], dryRun: boolean, domain: string | undefined): Promise<ImportResult> {
  const owner = withLimits(caller);
  const target = await targetDomain(db, owner, domain);
  const own = await ownDomains(db, owner.id);
  const failed: ImportFailure[] = [];
  const candidates: Candidate[] = [];
  const seen = new Map<string, number>();
  const checks: LinkChecks = new Map();
  const arrivedBefore = requestArrivals();
  await forEachSliced(rows, async (cells, index) => {
    const row = index + 1;
    const { createdAt: createdText, ...body } = rowBody(cells, columns);
    const named = typeof body.domain === "string" ? body.domain.trim().toLowerCase().replace(/\.$/, "") : "";
    if (!own.has(named)) body.domain = target;
    try {
      const createdAt = createdText === undefined ? undefined : parseImportDate(String(createdText));
      const data = { ...(await prepareLink(db, owner, parseOrThrow(CreateLinkBody, body), { checks, generateSlug: true })), ...(createdAt ? { createdAt } : {}) };
      const address = `${data.domain}/${data.slug}`;
      const earlier = seen.get(address);
      if (earlier !== undefined) {
        failed.push({ row, slug: data.slug, error: `${data.domain}/${data.slug} repeats row ${earlier}.`, code: "slug_already_exists" });
        return;
      }
      seen.set(address, row);
      candidates.push({ row, data });
    } catch (error) {
      failed.push(failureOf(row, body.slug, error));
    }
  });
  let created = 0;
  // Visitors who came while the rows were checked are likely still coming: the first slice is then a contended one.
  let size: number = requestArrivals() !== arrivedBefore ? SLICE.min.contended : SLICE.first;
  for (let start = 0; start < candidates.length; ) {
    const batch = candidates.slice(start, start + size);
    const { value: outcome, ms, contended } = await backgroundSlice(() => (dryRun ? checkBatch(db, owner, batch, created) : createBatch(db, owner, batch)));
    created += outcome.created;
    failed.push(...outcome.failed);
    start += batch.length;
    // The next slice sized to take about SLICE_TARGET_MS at the pace this one went.
    const pace = contended ? "contended" : "quiet";
    size = Math.round(Math.min(SLICE.max, Math.max(SLICE.min[pace], (batch.length * SLICE_TARGET_MS[pace]) / Math.max(ms, 1))));
  }
  failed.sort((a, b) => a.row - b.row);
  return { created, failed, dryRun };
}

/** What the account may still create, counted under its lock: rows past the total fail, rows past the active limit are created inactive. */
async function room(tx: Pick<Db, "link">, owner: LinkOwner, alreadyPlanned = 0) {
  const { totalLimit, activeLimit } = owner.limits;
  const total = totalLimit === null ? 0 : await tx.link.count({ where: { accountId: owner.id } });
  const active = activeLimit === null ? 0 : await tx.link.count({ where: { accountId: owner.id, isActive: true } });
  return {
    total: totalLimit === null ? Infinity : Math.max(0, totalLimit - total - alreadyPlanned),
    active: activeLimit === null ? Infinity : Math.max(0, activeLimit - active - alreadyPlanned),
  };
}

function overLimit(owner: LinkOwner, candidate: Candidate): ImportFailure {
  return { row: candidate.row, slug: candidate.data.slug, error: `The ${owner.plan} plan allows ${owner.limits.totalLimit} links and websites in total.`, code: "TOTAL_LINK_LIMIT_REACHED" };
}

async function takenAddresses(db: Pick<Db, "$queryRaw">, batch: Candidate[]): Promise<Set<string>> {
  // One pair of arrays, not an OR of pairs: the OR's query plan took Prisma 9–37 ms to build for 50 rows.
  const domains = batch.map(({ data }) => data.domain);
  const slugs = batch.map(({ data }) => data.slug);
  const found = await db.$queryRaw<Array<{ domain: string; slug: string }>>`
    SELECT domain, slug FROM "Link" WHERE (domain, slug) IN (SELECT * FROM unnest(${domains}::text[], ${slugs}::text[]))`;
  return new Set(found.map((link) => `${link.domain}/${link.slug}`));
}

/** A dry run's batch: taken addresses and the limits, as the real run would find them now. */
async function checkBatch(db: Db, owner: LinkOwner, batch: Candidate[], planned: number) {
  const taken = await takenAddresses(db, batch);
  let { total } = await room(db, owner, planned);
  const failed: ImportFailure[] = [];
  let created = 0;
  for (const candidate of batch) {
    if (taken.has(`${candidate.data.domain}/${candidate.data.slug}`)) failed.push({ row: candidate.row, slug: candidate.data.slug, error: TAKEN });
    else if (total <= 0) failed.push(overLimit(owner, candidate));
    else {
      total -= 1;
      created += 1;
    }
  }
  return { created, failed };
}

async function createBatch(db: Db, owner: LinkOwner, batch: Candidate[]) {
  const failed: ImportFailure[] = [];
  const inserted = await withAccountLock(db, owner.id, async (tx) => {
    let { total, active } = await room(tx, owner);
    const now = new Date();
    const data = [];
    for (const candidate of batch) {
      if (total <= 0) {
        failed.push(overLimit(owner, candidate));
        continue;
      }
      total -= 1;
      const atActiveLimit = active <= 0;
      if (!atActiveLimit) active -= 1;
      data.push({ ...candidate.data, createdAt: candidate.data.createdAt ?? now, isActive: !atActiveLimit, inactiveReason: atActiveLimit ? "active_limit_reached" : null });
    }
    if (!data.length) return [];
    const made = await insertLinks(tx, data);
    await enqueueWebhookEvents(tx, owner.id, "link.created", made.map(toLinkObject));
    for (const link of made) await recordAudit(tx, owner.id, { action: "link.created", target: linkTarget(link) });
    return made;
  });
  const made = new Set(inserted.map((link) => link.id));
  for (const candidate of batch) {
    if (!made.has(candidate.data.id) && !failed.some((f) => f.row === candidate.row)) failed.push({ row: candidate.row, slug: candidate.data.slug, error: TAKEN });
  }
  await announceCreated(inserted);
  return { created: inserted.length, failed };
}

/** New addresses may be cached as "no such link": exactly these are announced, one event per domain, never the domain's other entries. */
async function announceCreated(links: Array<{ domain: string; slug: string }>) {
  const byDomain = new Map<string, string[]>();
  for (const link of links) byDomain.set(link.domain, [...(byDomain.get(link.domain) ?? []), link.slug]);
  if (byDomain.size) await announce(...[...byDomain].map(([domain, slugs]) => ({ kind: "links" as const, domain, slugs })));
}
