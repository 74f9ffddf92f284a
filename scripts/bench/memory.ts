// Memory on a small server, on every database mode, with the defaults an operator gets
// (MEMORY_BUDGET_MB unset: 512): the server's resident memory after start and one dashboard page,
// then its peak (VmHWM, the start included) through MEMORY_VISITS visits of one link, each from a
// new visitor (its own user agent and address). Then what a crash costs in normal operation: the
// link under load, the server killed with SIGKILL halfway, started again on the same data, and the
// visits answered set against the visits recorded.
import { memoryFlags } from "../server-command.mjs";
import { apiRequest } from "../harness/http";
import { admin, startServer, type HopServer } from "../harness/hop-server";
import { BROWSER, PRIMARY, ensureWrk, residentMb, wrk } from "./load";
import { PASSWORD, sessionCookie } from "./links-page";
import { benchModes, startHop, type Mode } from "./modes";
import { fmt } from "./stats";

const MEMORY_VISITS = Number(process.env.BENCH_MEMORY_VISITS ?? 1_000_000);
/** Goals of issue 35, per mode: idle after start and one dashboard page, and the peak under load. */
const GOALS: Record<Mode["name"], { idle: number; peak: number }> = {
  PGlite: { idle: 300, peak: 600 },
  "PostgreSQL+Redis": { idle: 200, peak: 400 },
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function account(hop: HopServer): Promise<{ key: string; cookie: string }> {
  const email = `memory-${Date.now()}@example.test`;
  await admin(hop, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "unlimited");
  const { key } = (await admin(hop, "key", "create", "--email", email, "--role", "full")) as { key: string };
  const created = await apiRequest(hop, "POST", "/v1/links", { key, body: { url: "https://example.com/destination", slug: "bench", behavior: "conservative" } });
  if (created.status !== 201) throw new Error(`bench link: ${created.text}`);
  return { key, cookie: await sessionCookie(hop, email) };
}

async function memoryRun(mode: Mode): Promise<void> {
  const hop = await startHop(mode, { TRUST_PROXY: "1" });
  try {
    const { cookie } = await account(hop);
    const page = await fetch(`${hop.url}/links`, { headers: { cookie } });
    await page.text();
    if (page.status !== 200) throw new Error(`dashboard page: ${page.status}`);
    await pause(3_000);
    const idle = residentMb(hop.process.pid!);
    const goal = GOALS[mode.name];
    console.log(`[${mode.name}] memory: flags ${memoryFlags(hop.env).join(" ")}`);
    console.log(`[${mode.name}] memory: idle after start and one dashboard page ${idle.rss} MB (goal ≤ ${goal.idle}: ${idle.rss <= goal.idle ? "within" : "OVER"}); peak so far ${idle.peak} MB`);
    if (MEMORY_VISITS <= 0) return;
    // Every visit a new visitor: its own user agent and its own public address.
    const script = `local n = 0
request = function()
  n = n + 1
  local ip = (1 + (n % 223)) .. "." .. (math.floor(n / 65536) % 256) .. "." .. (math.floor(n / 256) % 256) .. "." .. (n % 256)
  return wrk.format("GET", "/bench", { ["Host"] = "${PRIMARY}", ["User-Agent"] = "${BROWSER} visitor/" .. n, ["X-Forwarded-For"] = ip })
end
response = function() if n >= ${MEMORY_VISITS} then io.write("hop-bench-done\\n"); io.flush(); wrk.thread:stop() end end`;
    const run = await wrk(`${hop.url}/bench`, { script, seconds: 1800, stopOn: "hop-bench-done" });
    const after = residentMb(hop.process.pid!);
    console.log(`[${mode.name}] memory: ${run.requests.toLocaleString("en")} visits, each a new user agent and address, at ${fmt(run.rps, 0)} req/s (p99 ${fmt(run.p99, 2)} ms)`);
    console.log(`[${mode.name}] memory: resident ${after.rss} MB after, ${after.peak} MB at the peak (goal ≤ ${goal.peak}: ${after.peak <= goal.peak ? "within" : "OVER"})`);
  } finally {
    await hop.stop();
  }
}

async function totalViews(hop: HopServer, key: string): Promise<number> {
  const res = await apiRequest(hop, "GET", "/v1/analytics/links/bench?timeframe=all_time", { key });
  if (res.status !== 200) throw new Error(`analytics: ${res.text}`);
  return Number(res.body.totalViews);
}

/**
 * A crash in normal operation, CRASH_ROUNDS times: wrk on the link (its 302s counted by the script),
 * SIGKILL at a different moment of the flush cycle each round, the server started again on its
 * data; lost = answered − recorded.
 */
async function crashRun(mode: Mode): Promise<void> {
  const CRASH_ROUNDS = 3;
  let hop = await startHop(mode);
  const first = hop;
  try {
    const { key } = await account(hop);
    const script = `local threads = {}
function setup(thread) table.insert(threads, thread) end
answered = 0
response = function(status) if status == 302 then answered = answered + 1 end end
done = function()
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("answered") end
  io.write("answered " .. n .. "\\n")
end`;
    const losses: number[] = [];
    for (let round = 0; round < CRASH_ROUNDS; round += 1) {
      const before = await totalViews(hop, key);
      const crashAfterMs = 3_000 + round * 83;
      // wrk ends on its own after the kill (every connection refused until its duration is over).
      const load = wrk(`${hop.url}/bench`, { script, seconds: 5, connections: 20 }).then((run) => run.output ?? "", (error: Error) => error.message);
      await pause(crashAfterMs);
      hop.process.kill("SIGKILL");
      await new Promise((resolve) => hop.process.once("exit", resolve));
      const answered = Number(/answered (\d+)/.exec(await load)?.[1] ?? NaN);
      hop = await startServer({ reuse: first });
      const recorded = (await totalViews(hop, key)) - before;
      const rate = answered / (crashAfterMs / 1000);
      const lostMs = ((answered - recorded) / rate) * 1000;
      losses.push(lostMs);
      console.log(`[${mode.name}] crash ${round + 1}: SIGKILL under ${fmt(rate, 0)} visits/s after ${crashAfterMs} ms: ${answered.toLocaleString("en")} answered, ${recorded.toLocaleString("en")} recorded, ${(answered - recorded).toLocaleString("en")} lost = ${fmt(lostMs, 0)} ms of traffic`);
    }
    console.log(`[${mode.name}] crash: at most ${fmt(Math.max(...losses), 0)} ms of traffic lost (EVENT_FLUSH_MS ${hop.env.EVENT_FLUSH_MS ?? 250}; a write under way is lost with it)`);
  } finally {
    await hop.stop();
  }
}

export async function benchMemory(): Promise<void> {
  ensureWrk();
  for (const mode of benchModes()) {
    await memoryRun(mode);
    await crashRun(mode);
  }
}
