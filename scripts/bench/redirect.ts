// The visitor hot path against the ceiling of the machine, on every database mode (modes.ts): a
// raw node:http server answering 302 from a Map and Hop's redirect of a cached link, each in a
// process of its own, driven by wrk (load.ts) with the same connections and duration, alternating
// for ROUNDS rounds. Then a capped link and an A/B link beside the plain one, the escape page, the first-hit (uncached) rate, a bio page's rate and its social card's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiRequest, createAccount } from "../harness/http";
import type { HopServer } from "../harness/hop-server";
import { BROWSER_ACCEPT_ENCODING, ensureWrk, line, PRIMARY, startRawServer, wrk, type Run } from "./load";
import { benchModes, startHop, type Mode } from "./modes";
import { fmt, median } from "./stats";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIRST_HITS = Number(process.env.BENCH_FIRST_HITS ?? 10_000);
const INSTAGRAM = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 354.0.0.29.90";

const medianRun = (runs: Run[]) => ({ rps: median(runs.map((r) => r.rps)), p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)) });

/** Each of `count` fresh links once (wrk stops itself after the last): the uncached path. */
async function firstHits(hop: HopServer, key: string): Promise<Run> {
  for (let start = 0; start < FIRST_HITS; start += 100) {
    const links = Array.from({ length: Math.min(100, FIRST_HITS - start) }, (_, i) => ({ url: "https://example.com/u", slug: `u-${start + i}` }));
    await apiRequest(hop, "POST", "/v1/links/bulk", { key, body: { links } });
  }
  const script = `local n = 0
request = function() n = n + 1; return wrk.format("GET", "/u-" .. ((n - 1) % ${FIRST_HITS})) end
response = function() if n >= ${FIRST_HITS} then io.write("hop-bench-done\\n"); io.flush(); wrk.thread:stop() end end`;
  return wrk(hop.url, { script, seconds: 600, stopOn: "hop-bench-done" });
}

/** BENCH_CLICK_WEBHOOK=1: the account has a link.clicked webhook (docs/webhooks.md), received here. */
const CLICK_WEBHOOK = process.env.BENCH_CLICK_WEBHOOK === "1";

async function clickReceiver(): Promise<{ url: string; received: () => number; close: () => void }> {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      count += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received: () => count, close: () => server.close() };
}

/**
 * A capped link (maxClicks, decision 039) beside the plain one, round for round: each visit takes
 * a slot (in process, or a Redis script call with REDIS_URL). The cap is never reached.
 */
async function benchCapped(hop: HopServer, key: string, mode: Mode, hopUrl: string): Promise<void> {
  const made = await apiRequest(hop, "POST", "/v1/links", { key, body: { url: "https://example.com/destination", slug: "bench-capped", behavior: "conservative", maxClicks: 1_000_000_000 } });
  if (made.status !== 201) throw new Error(`the capped link was not created: ${made.status} ${made.text}`);
  const cappedUrl = `${hop.url}/bench-capped`;
  await wrk(cappedUrl, { seconds: 2 });
  const plains: Run[] = [];
  const capped: Run[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    plains.push(await wrk(hopUrl));
    capped.push(await wrk(cappedUrl));
  }
  console.log(`[${mode.name}] ${line("hop redirect, plain link (beside the capped)", medianRun(plains))}`);
  console.log(`[${mode.name}] ${line("hop redirect, capped link (maxClicks)", medianRun(capped))}`);
  console.log(`[${mode.name}] capped/plain rate ratio: ${fmt(median(capped.map((c, i) => c.rps / plains[i].rps)), 2)}`);
}

/**
 * A link with an A/B test (two variants, 50/50) beside the plain one, round for round: each visit
 * hashes the visitor's day pseudonym and bucket (lib/visit/visitor-day.ts) and records its variant.
 */
async function benchVariants(hop: HopServer, key: string, mode: Mode, hopUrl: string): Promise<void> {
  const variants = [{ url: "https://example.com/a", weight: 50 }, { url: "https://example.com/b", weight: 50 }];
  const made = await apiRequest(hop, "POST", "/v1/links", { key, body: { url: "https://example.com/destination", slug: "bench-ab", behavior: "conservative", variants } });
  if (made.status !== 201) throw new Error(`the A/B link was not created: ${made.status} ${made.text}`);
  const variantUrl = `${hop.url}/bench-ab`;
  await wrk(variantUrl, { seconds: 2 });
  const plains: Run[] = [];
  const tested: Run[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    plains.push(await wrk(hopUrl));
    tested.push(await wrk(variantUrl));
  }
  console.log(`[${mode.name}] ${line("hop redirect, plain link (beside the A/B)", medianRun(plains))}`);
  console.log(`[${mode.name}] ${line("hop redirect, A/B link (2 variants)", medianRun(tested))}`);
  console.log(`[${mode.name}] A/B/plain rate ratio: ${fmt(median(tested.map((t, i) => t.rps / plains[i].rps)), 2)}`);
}

export async function benchRedirectMode(mode: Mode, raw: { url: string }): Promise<void> {
  const hop = await startHop(mode, { EVENT_QUEUE_MAX: "5000000", ...(CLICK_WEBHOOK ? { WEBHOOK_ALLOW_PRIVATE: "true" } : {}) });
  const receiver = CLICK_WEBHOOK ? await clickReceiver() : null;
  try {
    const account = await createAccount(hop, { plan: "unlimited" });
    if (receiver) {
      const made = await apiRequest(hop, "POST", "/v1/webhooks", { key: account.key, body: { url: receiver.url, events: ["link.clicked"] } });
      if (made.status !== 201) throw new Error(`the link.clicked webhook was not created: ${made.status} ${made.text}`);
      console.log(`[${mode.name}] with a link.clicked webhook`);
    }
    await apiRequest(hop, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/destination", slug: "bench", behavior: "conservative" } });
    const hopUrl = `${hop.url}/bench`;
    const rawUrl = `${raw.url}/bench`;
    await wrk(hopUrl, { seconds: 3 });
    await wrk(rawUrl, { seconds: 2 });
    const raws: Run[] = [];
    const hops: Run[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const r = await wrk(rawUrl);
      const h = await wrk(hopUrl);
      raws.push(r);
      hops.push(h);
      console.log(`[${mode.name}] round ${round}: raw ${fmt(r.rps, 0)} req/s p99 ${fmt(r.p99, 2)} ms | hop ${fmt(h.rps, 0)} req/s p99 ${fmt(h.p99, 2)} ms${h.bad ? ` (${h.bad} bad)` : ""}`);
    }
    const rawMedian = medianRun(raws);
    const hopMedian = medianRun(hops);
    console.log(`[${mode.name}] ${line("raw node:http 302 (median)", rawMedian)}`);
    console.log(`[${mode.name}] ${line("hop redirect (median)", hopMedian)}`);
    console.log(`[${mode.name}] redirect/raw rate ratio: ${fmt(median(hops.map((h, i) => h.rps / raws[i].rps)), 2)} (goal ≥ 0.8)`);
    console.log(`[${mode.name}] redirect/raw p99 ratio: ${fmt(median(hops.map((h, i) => h.p99 / raws[i].p99)), 2)} (goal ≤ 2)`);
    await benchCapped(hop, account.key, mode, hopUrl);
    await benchVariants(hop, account.key, mode, hopUrl);
    const escape = await wrk(hopUrl, { userAgent: INSTAGRAM });
    console.log(`[${mode.name}] ${line("escape page (Instagram)", escape)}`);
    const first = await firstHits(hop, account.key);
    console.log(`[${mode.name}] ${line(`first hit (uncached, ${mode.name})`, first)}`);
    const links = Array.from({ length: 10 }, (_, i) => ({ type: "simple", title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));
    const socials = ["instagram", "tiktok", "youtube", "github"].map((platform) => ({ platform, handle: "bench" }));
    const site = await apiRequest(hop, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: "bench", templateId: "simple-stack-v2", data: { profile: { name: "Bench", handle: "@bench", bio: "Ten links" }, links, socials } },
    });
    const bioUrl = `${hop.url}/site/${site.body.id}`;
    // As a browser asks: the page in br (the kept compressed bytes), the redirect with the same
    // headers; then the page uncompressed, for a client that asks for no coding.
    const asBrowser = { acceptEncoding: BROWSER_ACCEPT_ENCODING };
    await wrk(bioUrl, { seconds: 2, ...asBrowser });
    const bios: Run[] = [];
    const plainBios: Run[] = [];
    const redirects: Run[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      bios.push(await wrk(bioUrl, asBrowser));
      redirects.push(await wrk(hopUrl, asBrowser));
      plainBios.push(await wrk(bioUrl));
    }
    console.log(`[${mode.name}] ${line("bio page (10 links, 4 icons)", medianRun(bios))}`);
    console.log(`[${mode.name}] ${line("hop redirect (same rounds)", medianRun(redirects))}`);
    console.log(`[${mode.name}] ${line("bio page, no Accept-Encoding", medianRun(plainBios))}`);
    console.log(`[${mode.name}] bio page/redirect rate ratio: ${fmt(median(bios.map((b, i) => b.rps / redirects[i].rps)), 2)} (goal ≥ 0.8; uncompressed ${fmt(median(plainBios.map((b, i) => b.rps / redirects[i].rps)), 2)})`);
    await benchSocialCard(hop, bioUrl, mode);
    if (receiver) {
      const hooks = (await apiRequest(hop, "GET", "/v1/webhooks", { key: account.key })).body as { data: Array<{ clicksOverCap: number }> };
      console.log(`[${mode.name}] link.clicked: ${receiver.received()} delivered so far, ${hooks.data[0]?.clicksOverCap ?? 0} over the per-minute cap (counted)`);
    }
  } finally {
    receiver?.close();
    await hop.stop();
  }
}

/** The page's og:image path, read from its head as a preview service reads it. */
function cardPathOf(pageUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(pageUrl, { headers: { host: PRIMARY } }, (res) => {
        let html = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (html += chunk));
        res.on("end", () => {
          const card = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
          if (card) resolve(new URL(card).pathname);
          else reject(new Error(`no og:image on ${pageUrl} (${res.statusCode})`));
        });
      })
      .on("error", reject);
  });
}

/**
 * The social card (decision 043) as preview services fetch it: drawn on the first fetch, then
 * from the card cache — the goal is under 100 ms at the 99th percentile with the bench's
 * connections all asking at once.
 */
async function benchSocialCard(hop: HopServer, pageUrl: string, mode: Mode): Promise<void> {
  const cardUrl = `${hop.url}${await cardPathOf(pageUrl)}`;
  await wrk(cardUrl, { seconds: 2 });
  const cards: Run[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) cards.push(await wrk(cardUrl));
  const card = medianRun(cards);
  if (cards.some((run) => run.bad)) throw new Error(`the social card answered ${cards.map((run) => run.bad).join("/")} non-2xx`);
  console.log(`[${mode.name}] ${line("social card PNG, from the cache", card)}`);
  console.log(`[${mode.name}] social card p99: ${fmt(card.p99, 1)} ms (goal < 100)`);
}

export async function benchRedirect(): Promise<void> {
  ensureWrk();
  const raw = await startRawServer();
  try {
    for (const mode of benchModes()) await benchRedirectMode(mode, raw);
  } finally {
    raw.stop();
  }
}
