// The visitor hot path against the ceiling of the machine: a raw node:http server answering 302
// from a Map, and Hop's redirect of a cached link, alternating (autocannon, 50 connections,
// BENCH_SECONDS each, 3 rounds). Then the first-hit (uncached) rate and the escape-page rate.
import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { api, createAccount } from "../../tests/helpers/api";
import { startServer, type HopServer } from "../../tests/helpers/server";
import { fmt, median } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROUNDS = 3;
const PRIMARY = "localhost:3000";
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const INSTAGRAM = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 354.0.0.29.90";

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx3xx: number;
}

async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { host: PRIMARY, "user-agent": BROWSER }, ...options });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx3xx: result.non2xx };
}

function rawServer(): Promise<http.Server> {
  const links = new Map([["/bench", "https://example.com/destination"]]);
  const server = http.createServer((req, res) => {
    const location = links.get(req.url ?? "");
    if (location) {
      res.writeHead(302, { location });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function line(name: string, run: Run): string {
  return `${name.padEnd(24)} ${fmt(run.rps, 0).padStart(8)} req/s   p50 ${run.p50} ms   p99 ${run.p99} ms`;
}

async function firstHits(hop: HopServer, key: string): Promise<void> {
  const count = 5000;
  for (let start = 0; start < count; start += 100) {
    const links = Array.from({ length: 100 }, (_, i) => ({ url: "https://example.com/u", slug: `u-${start + i}` }));
    await api(hop, "POST", "/v1/links/bulk", { key, body: { links } });
  }
  let next = 0;
  const started = Date.now();
  const result = await autocannon({
    url: hop.url,
    connections: CONNECTIONS,
    amount: count,
    headers: { host: PRIMARY, "user-agent": BROWSER },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/u-${next++ % count}` }) }],
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(line("first hit (uncached)", { rps: count / seconds, p50: result.latency.p50, p99: result.latency.p99, non2xx3xx: 0 }));
}

export async function benchRedirect(): Promise<void> {
  const raw = await rawServer();
  const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/bench`;
  const hop = await startServer({ env: { HOP_LOG: "silent", EVENT_QUEUE_MAX: "5000000" } });
  try {
    const account = await createAccount(hop, { plan: "unlimited" });
    await api(hop, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/destination", slug: "bench", behavior: "conservative" } });
    const hopUrl = `${hop.url}/bench`;
    await load(hopUrl, { duration: 2 });
    await load(rawUrl, { duration: 2 });
    const ratios: number[] = [];
    const raws: Run[] = [];
    const hops: Run[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const r = await load(rawUrl);
      const h = await load(hopUrl);
      raws.push(r);
      hops.push(h);
      ratios.push(h.rps / r.rps);
      console.log(`round ${round}: ${line("raw node:http 302", r).trim()} | ${line("hop redirect", h).trim()}`);
    }
    console.log(line("raw node:http (median)", { rps: median(raws.map((r) => r.rps)), p50: median(raws.map((r) => r.p50)), p99: median(raws.map((r) => r.p99)), non2xx3xx: 0 }));
    console.log(line("hop redirect (median)", { rps: median(hops.map((r) => r.rps)), p50: median(hops.map((r) => r.p50)), p99: median(hops.map((r) => r.p99)), non2xx3xx: 0 }));
    console.log(`redirect/raw ratio: ${fmt(median(ratios), 2)}`);
    const escape = await load(hopUrl, { headers: { host: PRIMARY, "user-agent": INSTAGRAM } });
    console.log(line("escape page (Instagram)", escape));
    await firstHits(hop, account.key);
    const links = Array.from({ length: 10 }, (_, i) => ({ type: "simple", title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));
    const socials = ["instagram", "tiktok", "youtube", "github"].map((platform) => ({ platform, handle: "bench" }));
    const site = await api(hop, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: "bench", templateId: "simple-stack-v2", data: { profile: { name: "Bench", handle: "@bench", bio: "Ten links" }, links, socials } },
    });
    const bio = await load(`${hop.url}/site/${site.body.id}`);
    console.log(line("bio page (10 links, 4 icons)", bio));
    console.log(`bio page/redirect ratio: ${fmt(bio.rps / median(hops.map((r) => r.rps)), 2)}`);
  } finally {
    await hop.stop();
    raw.close();
  }
}
