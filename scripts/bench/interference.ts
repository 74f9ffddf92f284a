// Nothing an account does stalls another account's visitors (issue 47), on every database mode: a
// cached redirect of one account under steady load (wrk, BENCH_INTERFERENCE_CONNECTIONS
// connections), its p99 and its answers other than 302, quiet and while each of these runs: a
// 10,000-row import by another account, wrong passwords from 1,000 addresses up to their limit, a
// webhook receiver that trickles its answers while 1,000 link.clicked events are delivered, 8
// concurrent 40 MP uploads, and a backup of a database filled to BENCH_BACKUP_MB (default 500).
// The redirect is measured by one wrk run for as long as the load runs (at least
// BENCH_INTERFERENCE_SECONDS; that alone quiet, after a run as long that warms the server up); the
// p99 is over every request answered meanwhile. The resident memory of the server and its children
// is sampled every 50 ms. Goals: no answer but 302, p99 ≤ 3× quiet, peak ≤ MEMORY_BUDGET_MB + 64 during the backup
// and the uploads.
import { readdirSync, readFileSync } from "node:fs";
import type { HopServer } from "../harness/hop-server";
import { apiRequest, createAccount } from "../harness/http";
import { ensureWrk, PRIMARY, wrk } from "./load";
import { backupLoad, fillDatabase, importLoad, passwordLoad, prepareUploads, trickleLoad } from "./interference-loads";
import { benchModes, startHop, type Mode } from "./modes";
import { fmt } from "./stats";

const WINDOW_SECONDS = Number(process.env.BENCH_INTERFERENCE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_INTERFERENCE_CONNECTIONS ?? 10);
const BACKUP_MB = Number(process.env.BENCH_BACKUP_MB ?? 500);
const BUDGET_MB = 512;
/** BENCH_INTERFERENCE_ONLY=import,backup runs those loads only (all: nothing, import, passwords, webhooks, uploads, backup). */
const ONLY = process.env.BENCH_INTERFERENCE_ONLY?.split(",").map((name) => name.trim());
const wanted = (load: string) => !ONLY || ONLY.includes(load);

const COUNT_OTHERS = `local threads = {}
function setup(thread) table.insert(threads, thread) end
others = 0
response = function(status) if status ~= 302 then others = others + 1 end end
done = function()
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("others") end
  io.write("others " .. n .. "\\n")
end`;

interface Measured {
  name: string;
  p99: number;
  /** The server's event loop: its p99 and longest delay during the load (ms), from /metrics. */
  loop: { p99: number; max: number };
  others: number;
  requests: number;
  peakMb: number;
  seconds: number;
  note: string;
}

/** The server's resident memory with its children's (the picture encoder, pg_dump): all it holds of the machine. */
function rssMb(pid: number): number {
  let kb = 0;
  const pids = [pid];
  while (pids.length > 0) {
    const next = pids.pop()!;
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${next}/status`, "utf8"))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${next}/task`)) pids.push(...readFileSync(`/proc/${next}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
    } catch {
      // The process ended meanwhile.
    }
  }
  return Math.round(kb / 1024);
}

/**
 * The cached redirect under load for as long as `load` runs, and at least WINDOW_SECONDS (that
 * alone when there is no load): one wrk run, interrupted when the load ends, so the p99 is over
 * every request answered during it. (The worst of several windows' p99 was compared with one quiet
 * window's: on a noisy machine the worst of five quiet windows alone reads twice one window's.)
 */
async function measure(hop: HopServer, name: string, load?: () => Promise<string>): Promise<Measured> {
  const pid = hop.process.pid!;
  await loopDelay(hop); // a scrape starts the server's delay histogram afresh
  let peakMb = rssMb(pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 50);
  const started = performance.now();
  let note = "";
  const running = load ? load().then((text) => (note = text)) : Promise.resolve();
  const window = new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000));
  const run = await wrk(`${hop.url}/bench`, { connections: CONNECTIONS, seconds: 3600, script: COUNT_OTHERS, until: Promise.allSettled([running, window]) });
  await running;
  clearInterval(sampler);
  const loop = await loopDelay(hop);
  const others = Number(/others (\d+)/.exec(run.output ?? "")?.[1] ?? NaN) + run.bad;
  return { name, p99: run.p99, loop, others, requests: run.requests, peakMb, seconds: (performance.now() - started) / 1000, note };
}

/**
 * How long the server's thread was held since the last scrape (ms): its event loop delay from
 * /metrics, which times a 20 ms timer (lib/server/metrics.ts), less those 20 ms.
 */
async function loopDelay(hop: HopServer): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`http://127.0.0.1:${hop.metricsPort}/metrics`)).text();
  const gauge = (name: string) => Math.max(0, Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN) * 1000 - 20);
  return { p99: gauge("nodejs_eventloop_delay_p99_seconds"), max: gauge("nodejs_eventloop_delay_max_seconds") };
}

/** A started server's first seconds are V8 still compiling the redirect's path: not what quiet means. */
async function warmUp(hop: HopServer): Promise<void> {
  await wrk(`${hop.url}/bench`, { connections: CONNECTIONS, seconds: WINDOW_SECONDS });
}

async function visitorLink(hop: HopServer): Promise<void> {
  const account = await createAccount(hop);
  const made = await apiRequest(hop, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/destination", slug: "bench", behavior: "conservative" } });
  if (made.status !== 201) throw new Error(`bench link: ${made.text}`);
  await fetch(`${hop.url}/bench`, { redirect: "manual", headers: { host: PRIMARY } });
}

function report(mode: Mode, quiet: Measured, rows: Measured[]): void {
  const budgetLine = BUDGET_MB + 64;
  console.log(`\n[${mode.name}] interference — ${new Date().toISOString().slice(0, 10)}, ${CONNECTIONS} connections, at least ${WINDOW_SECONDS} s each`);
  console.log("| load | redirect p99 | × quiet | not 302 | server's thread held p99 / max | peak RSS | load took | |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const row of [quiet, ...rows]) {
    const ratio = row.p99 / quiet.p99;
    const memoryGoal = /backup|upload/.test(row.name) ? (row.peakMb <= budgetLine ? ` (≤ ${budgetLine})` : ` (OVER ${budgetLine})`) : "";
    const verdict = row === quiet ? "" : ratio <= 3 && row.others === 0 && !memoryGoal.includes("OVER") ? "within goals" : "MISSES a goal";
    console.log(`| ${row.name} | ${fmt(row.p99, 2)} ms | ${row === quiet ? "—" : fmt(ratio, 1)} | ${row.others} of ${row.requests.toLocaleString("en")} | ${fmt(row.loop.p99, 1)} / ${fmt(row.loop.max, 1)} ms | ${row.peakMb} MB${memoryGoal} | ${fmt(row.seconds, 1)} s | ${[row.note, verdict].filter(Boolean).join("; ")} |`);
  }
}

async function interferenceRun(mode: Mode): Promise<void> {
  let hop = await startHop(mode, { TRUST_PROXY: "1", WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_CLICKS_PER_MINUTE: "100000", MEMORY_BUDGET_MB: String(BUDGET_MB), METRICS_PORT: "0" });
  try {
    await visitorLink(hop);
    await warmUp(hop);
    const quiet = await measure(hop, "quiet");
    const rows: Measured[] = [];
    // A control: the quiet p99 over as long as a load lasts reads as one quiet window's.
    if (wanted("nothing")) rows.push(await measure(hop, "nothing, 15 s", () => new Promise((resolve) => setTimeout(() => resolve("a control"), 15_000))));
    if (wanted("import")) rows.push(await measure(hop, "10,000-row import", () => importLoad(hop)));
    if (wanted("passwords")) rows.push(await measure(hop, "wrong passwords, 1,000 addresses", () => passwordLoad(hop)));
    if (wanted("webhooks")) {
      const trickle = await trickleLoad(hop);
      // Through a whole deadline (15 s) of the receiver's slots and the deliveries around them.
      rows.push(await measure(hop, "trickling webhook receiver", async () => (await new Promise((resolve) => setTimeout(resolve, 20_000)), trickle.started)));
      await trickle.stop();
    }
    if (wanted("uploads")) rows.push(await measure(hop, "8 × 40 MP uploads", await prepareUploads(hop)));
    if (wanted("backup")) {
      hop = await fillDatabase(hop, BACKUP_MB);
      await warmUp(hop);
      rows.push(await measure(hop, `quiet, ${BACKUP_MB} MB more data`));
      rows.push(await measure(hop, `backup (${BACKUP_MB} MB filled)`, () => backupLoad(hop)));
    }
    report(mode, quiet, rows);
  } finally {
    await hop.stop();
  }
}

export async function benchInterference(): Promise<void> {
  ensureWrk();
  for (const mode of benchModes()) await interferenceRun(mode);
}
