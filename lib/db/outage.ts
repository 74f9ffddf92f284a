import { randomBytes } from "node:crypto";
import { tunable } from "../config";
import { log, withoutCredentials } from "../log";
import { shared } from "../shared";
import { readSql } from "./open";
import { outsideTransaction } from "./transaction-scope";
import { isDatabaseUnavailable, isPoolExhausted } from "./unavailable";

// One verdict per process on "the database can't be reached", from the first failed query until a
// probe answers again. While it stands the visitor path asks nothing of the database (a dead host
// costs a connect timeout per query): cached answers are served past their TTL, other addresses get
// the 503 page at once. And the log says it the way an operator can alert on: one warning when the
// outage starts, a summary of what it cost per OUTAGE_LOG_INTERVAL, one line when it ends — never a
// line per request (a 90 s outage once wrote 62,805 lines and drowned the ones that mattered).

/** How often the database is asked while it is down. */
const PROBE_EVERY_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

/** What an outage cost, counted by the paths that answered without the database. */
export interface OutageCounts {
  /** Visitors answered from a cache entry or the snapshot past its TTL. */
  staleAnswers: number;
  /** Visitors who got the 503 page. */
  unavailableVisits: number;
  /** API and dashboard requests answered 503. */
  unavailableRequests: number;
}

type Extra = () => Record<string, number>;

interface State {
  down: boolean;
  since: number;
  /** Shown by the pages that failed during the outage, and logged in its first line. */
  reference: string;
  firstError: string;
  counts: OutageCounts;
  sinceSummary: OutageCounts;
  probe?: NodeJS.Timeout;
  summary?: NodeJS.Timeout;
  probing: boolean;
  onBack: Array<() => void>;
  onDown: Array<() => void>;
  extras: Extra[];
  /** The probe's question (tests give their own). */
  ask: () => Promise<unknown>;
}

const zero = (): OutageCounts => ({ staleAnswers: 0, unavailableVisits: 0, unavailableRequests: 0 });

const state = () =>
  shared<State>("databaseOutage", () => ({
    down: false,
    since: 0,
    reference: "",
    firstError: "",
    counts: zero(),
    sinceSummary: zero(),
    probing: false,
    onBack: [],
    onDown: [],
    extras: [],
    ask: async () => (await readSql())("SELECT 1", []),
  }));

/** Whether the database is known to be unreachable now. */
export function databaseDown(): boolean {
  return state().down;
}

/** The outage's reference while one stands (its first log line carries it), else null. */
export function outageReference(): string | null {
  const s = state();
  return s.down ? s.reference : null;
}

/** The error the visitor path throws for an address it does not ask while the database is down. */
export class DatabaseDown extends Error {
  constructor() {
    super("the database is unreachable (an outage is under way)");
  }
}

/**
 * Notes a failure: when it says the database can't be reached, the outage starts (once) and
 * true is answered, so the caller counts its answer instead of logging it.
 */
export function noteDatabaseFailure(error: unknown): boolean {
  if (error instanceof DatabaseDown) return true;
  if (!isDatabaseUnavailable(error)) return false;
  // Every connection busy (lib/db/pool.ts): the database answers, so no outage; the caller still answers 503.
  if (isPoolExhausted(error)) return true;
  const s = state();
  if (s.down) return true;
  s.down = true;
  s.since = Date.now();
  s.reference = randomBytes(4).toString("hex");
  s.firstError = withoutCredentials(error instanceof Error ? error.message : String(error)).slice(-300);
  s.counts = zero();
  s.sinceSummary = zero();
  log.warn("database unreachable: serving cached links, other requests get 503", { reference: s.reference, error: s.firstError });
  // The failure may surface inside a transaction's callback: the probe and what runs after must not inherit its scope.
  outsideTransaction(() => {
    s.probe = setInterval(() => void probeOnce(s), PROBE_EVERY_MS);
    s.probe.unref();
    s.summary = setInterval(() => summarize(s), tunable("OUTAGE_LOG_INTERVAL") * 1000);
    s.summary.unref();
    run(s.onDown);
  });
  return true;
}

export function countOutageAnswer(kind: keyof OutageCounts): void {
  const s = state();
  if (!s.down) return;
  s.counts[kind] += 1;
  s.sinceSummary[kind] += 1;
}

/** Called once each time an outage starts. */
export function onDatabaseDown(listener: () => void): void {
  state().onDown.push(listener);
}

/** Called once each time the database answers again after an outage. */
export function onDatabaseBack(listener: () => void): void {
  state().onBack.push(listener);
}

/** More figures for the outage's lines (the event spool's, from the layer that owns it). */
export function addOutageFigures(extra: Extra): void {
  state().extras.push(extra);
}

/** Tests: the probe's question, and the outage ended at once. */
export function setOutageProbe(ask: () => Promise<unknown>): void {
  state().ask = ask;
}

async function probeOnce(s: State): Promise<void> {
  if (s.probing || !s.down) return;
  s.probing = true;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([s.ask(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("probe timed out")), PROBE_TIMEOUT_MS)))]);
    end(s);
  } catch {
    // Still down: the summary says so.
  } finally {
    clearTimeout(timer);
    s.probing = false;
  }
}

function figures(s: State): Record<string, number> {
  return Object.assign({}, ...s.extras.map((extra) => extra()));
}

function summarize(s: State): void {
  log.warn("database still unreachable", { downForS: Math.round((Date.now() - s.since) / 1000), lastInterval: s.sinceSummary, ...figures(s) });
  s.sinceSummary = zero();
}

function end(s: State): void {
  clearInterval(s.probe);
  clearInterval(s.summary);
  s.down = false;
  log.info("database reachable again", { reference: s.reference, downForS: Math.round((Date.now() - s.since) / 1000), ...s.counts, ...figures(s) });
  run(s.onBack);
}

function run(listeners: Array<() => void>): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (error) {
      log.warn("outage task failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
