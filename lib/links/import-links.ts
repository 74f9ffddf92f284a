import { z } from "zod";
import { withLimits } from "../accounts/account-plan";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError, isHopError } from "../errors";
import { CsvError, parseCsv, unprotectCell } from "../text/csv";
import { parseOrThrow } from "../validation/parse";
import { readRequestBytes } from "../http/read-body";
import { prepareLink, type Caller, type LinkChecks, type PreparedLink } from "./create-link";
import { lockAccount, TX_OPTIONS, type LinkOwner } from "./link-owner";
import { CreateLinkBody } from "./schemas";
import { ImportColumns, mapColumns, type ColumnMap } from "./import-columns";
import { toLinkObject } from "./link-object";
import { enqueueWebhookEvents } from "../webhooks/outbox";

// POST /v1/links/import and the dashboard's import: a CSV (Hop's own export, Bitly's, Dub's, a
// spreadsheet's) becomes links, each row checked exactly as POST /v1/links checks a body. Rows are
// created in batches, each in one transaction under the account's lock, where the limits are
// counted as for one create; a slug taken in the meantime fails its row, never the batch.

export const IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;
const BATCH = 500;

export const ImportQuery = z.object({
  dryRun: z.enum(["true", "false", "1", "0"]).optional().transform((value) => value === "true" || value === "1").meta({ description: "true: check every row, create nothing." }),
});

export interface ImportFailure {
  /** 1 = the first data row. */
  row: number;
  slug?: string;
  error: string;
  code?: string;
}

export interface ImportResult {
  created: number;
  failed: ImportFailure[];
  dryRun: boolean;
}

interface Candidate {
  row: number;
  data: PreparedLink;
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
  for (const name of ["url", "slug", "domain", "title", "description", "groupId", "expiresAt", "expiredUrl", "ios", "android"] as const) {
    const value = cell(name);
    if (value !== undefined) body[name] = value;
  }
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
  return {
    row,
    ...(typeof slug === "string" && slug ? { slug } : {}),
    error: typeof plain === "string" ? plain : error.message,
    ...(typeof plain === "string" ? {} : { code: error.code }),
  };
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
    records = parseCsv(text, IMPORT_LIMITS.maxRows + 1);
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

/** POST /v1/links/import: every row checked; with dryRun nothing is created. */
export async function importLinks(db: Db, caller: Caller, text: string, { dryRun }: { dryRun: boolean }): Promise<ImportResult> {
  const { columns, rows } = readImportCsv(text);
  const owner = withLimits(caller);
  const failed: ImportFailure[] = [];
  const candidates: Candidate[] = [];
  const seen = new Map<string, number>();
  const checks: LinkChecks = new Map();
  for (const [index, cells] of rows.entries()) {
    const row = index + 1;
    const body = rowBody(cells, columns);
    try {
      const data = await prepareLink(db, owner, parseOrThrow(CreateLinkBody, body), { checks, generateSlug: true });
      const address = `${data.domain}/${data.slug}`;
      const earlier = seen.get(address);
      if (earlier !== undefined) {
        failed.push({ row, slug: data.slug, error: `${data.domain}/${data.slug} repeats row ${earlier}.`, code: "slug_already_exists" });
        continue;
      }
      seen.set(address, row);
      candidates.push({ row, data });
    } catch (error) {
      failed.push(failureOf(row, body.slug, error));
    }
  }
  let created = 0;
  for (let start = 0; start < candidates.length; start += BATCH) {
    const batch = candidates.slice(start, start + BATCH);
    const outcome = dryRun ? await checkBatch(db, owner, batch, created) : await createBatch(db, owner, batch);
    created += outcome.created;
    failed.push(...outcome.failed);
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

async function takenAddresses(db: Pick<Db, "link">, batch: Candidate[]): Promise<Set<string>> {
  const found = await db.link.findMany({ where: { OR: batch.map(({ data }) => ({ domain: data.domain, slug: data.slug })) }, select: { domain: true, slug: true } });
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
  const inserted = await db.$transaction(async (tx) => {
    await lockAccount(tx, owner.id);
    let { total, active } = await room(tx, owner);
    const data = [];
    for (const candidate of batch) {
      if (total <= 0) {
        failed.push(overLimit(owner, candidate));
        continue;
      }
      total -= 1;
      const atActiveLimit = active <= 0;
      if (!atActiveLimit) active -= 1;
      data.push({ ...candidate.data, isActive: !atActiveLimit, inactiveReason: atActiveLimit ? "active_limit_reached" : null });
    }
    if (!data.length) return [];
    const made = await tx.link.createManyAndReturn({ data, skipDuplicates: true });
    await enqueueWebhookEvents(tx, owner.id, "link.created", made.map(toLinkObject));
    return made;
  }, TX_OPTIONS);
  const made = new Set(inserted.map((link) => link.id));
  for (const candidate of batch) {
    if (!made.has(candidate.data.id) && !failed.some((f) => f.row === candidate.row)) failed.push({ row: candidate.row, slug: candidate.data.slug, error: TAKEN });
  }
  await announceCreated(inserted);
  return { created: inserted.length, failed };
}

/** New addresses may be cached as "no such link": a few are announced one by one, many by domain. */
async function announceCreated(links: Array<{ domain: string; slug: string }>) {
  if (links.length <= 50) {
    for (const link of links) await announce({ kind: "link", domain: link.domain, slug: link.slug });
    return;
  }
  for (const domain of new Set(links.map((link) => link.domain))) await announce({ kind: "domain", domain });
}
