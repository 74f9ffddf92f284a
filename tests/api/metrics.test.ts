import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { PRIMARY, visit } from "../helpers/visit";
import { startServer, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { metricsAllowed } from "../../lib/server/metrics";

// GET /metrics (docs/operations.md, "Metrics"): Prometheus text a real parser reads, with what an
// operator alerts on; served on the metrics listener alone (METRICS_PORT, on 127.0.0.1), to a
// loopback client or to anyone with `Authorization: Bearer $METRICS_TOKEN`. On the public port
// /metrics is the 404 page whatever the request carries.
// Readiness (`/api/health?ready=1`) beside it; its flip during an outage is in outage-postgres.

const TOKEN = "metrics-token-of-this-test-0123456789";

interface Family {
  name: string;
  type: string;
  metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string }>;
}

function get(server: HopServer, path: string, headers: Record<string, string> = {}, method = "GET", port = path === "/metrics" ? server.metricsPort! : server.port): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: { host: PRIMARY, ...headers }, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

type Scrape = Map<string, Family> & { text: string };

async function scrape(server: HopServer, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await get(server, "/metrics", headers);
  assert.equal(res.status, 200, res.body);
  assert.equal(res.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8");
  const families = parsePrometheusTextFormat(res.body) as Family[];
  return Object.assign(new Map(families.map((family) => [family.name, family])), { text: res.body });
}

/**
 * One labelled histogram series read from the text: the parser keeps a histogram family's
 * unlabelled series only (it folds the rest together), so buckets, sum and count are read here.
 */
function histogram(text: string, name: string, labels: string): { buckets: Array<[string, number]>; sum: number; count: number } {
  const value = (line: string | undefined) => Number(line?.slice(line.lastIndexOf(" ") + 1));
  const lines = text.split("\n");
  const buckets = lines
    .filter((line) => line.startsWith(`${name}_bucket{${labels},le="`))
    .map((line): [string, number] => [/le="([^"]+)"/.exec(line)![1], value(line)]);
  return { buckets, sum: value(lines.find((l) => l.startsWith(`${name}_sum{${labels}} `))), count: value(lines.find((l) => l.startsWith(`${name}_count{${labels}} `))) };
}

const sample = (families: Scrape, name: string, labels: Record<string, string> = {}) =>
  families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe("GET /metrics", () => {
  let server: HopServer;
  let account: TestAccount;
  let hook: http.Server;
  let hookUrl = "";
  before(async () => {
    hook = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(req.url === "/ok" ? 200 : 500).end()));
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
    server = await startServer({ env: { METRICS_PORT: "0", METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_POLL_MS: "100", WEBHOOK_RETRY_DELAYS: "1" } });
    account = await createAccount(server);
  });
  after(async () => {
    await server?.stop();
    hook.closeAllConnections();
    hook.close();
  });

  test("a Prometheus parser reads every family: requests, redirect latency, caches, events, dependencies, webhooks, memory", async () => {
    for (const path of ["/ok", "/fails"]) assert.equal((await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: `${hookUrl}${path}`, events: ["link.created"] } })).status, 201);
    const made = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/m", slug: "measured" } });
    assert.equal(made.status, 201, made.text);
    for (let i = 0; i < 5; i += 1) assert.equal((await visit(server, PRIMARY, "/measured")).status, 302);
    assert.equal((await visit(server, PRIMARY, "/not-a-link-here")).status, 404);

    let families = await scrape(server);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (Number(sample(families, "hop_events_written_total")?.value) < 5 || !sample(families, "hop_webhook_deliveries_total", { result: "failed" }))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      families = await scrape(server);
    }
    for (const [name, type] of Object.entries({
      hop_http_requests_total: "COUNTER", hop_http_request_duration_seconds: "HISTOGRAM", hop_cache_entries: "GAUGE", hop_cache_bytes: "GAUGE",
      hop_cache_hit_ratio: "GAUGE", hop_event_queue_events: "GAUGE", hop_event_queue_oldest_age_seconds: "GAUGE", hop_events_written_total: "COUNTER",
      hop_events_dropped_total: "COUNTER", hop_database_query_duration_seconds: "HISTOGRAM", hop_database_errors_total: "COUNTER", hop_dependency_up: "GAUGE",
      hop_webhook_deliveries_total: "COUNTER", process_resident_memory_bytes: "GAUGE", nodejs_heap_size_used_bytes: "GAUGE",
    })) assert.equal(families.get(name)?.type, type, name);

    assert.ok(Number(sample(families, "hop_http_requests_total", { surface: "redirect", status: "302" })?.value) >= 5);
    assert.ok(Number(sample(families, "hop_http_requests_total", { surface: "page", status: "404" })?.value) >= 1);
    assert.ok(Number(sample(families, "hop_http_requests_total", { surface: "api", status: "201" })?.value) >= 3);
    const redirects = histogram(families.text, "hop_http_request_duration_seconds", 'surface="redirect"');
    assert.ok(redirects.count >= 5 && redirects.sum > 0, JSON.stringify(redirects));
    const cumulative = redirects.buckets.map(([, n]) => n);
    assert.deepEqual(cumulative, [...cumulative].sort((x, y) => x - y), "buckets are cumulative");
    assert.deepEqual(redirects.buckets.at(-1), ["+Inf", redirects.count]);
    assert.ok(redirects.buckets.length > 10);
    assert.ok(Number(sample(families, "hop_cache_entries", { cache: "links" })?.value) >= 1);
    const ratio = Number(sample(families, "hop_cache_hit_ratio", { cache: "links" })?.value);
    assert.ok(ratio > 0 && ratio <= 1, `hit ratio ${ratio}`);
    assert.ok(Number(sample(families, "hop_events_written_total")?.value) >= 5);
    assert.equal(sample(families, "hop_events_dropped_total")?.value, "0");
    assert.equal(sample(families, "hop_event_queue_oldest_age_seconds")?.value, "0", "nothing waits once written");
    assert.equal(sample(families, "hop_dependency_up", { dependency: "database" })?.value, "1");
    assert.equal(sample(families, "hop_dependency_up", { dependency: "redis" })?.value, usingRedis ? "1" : undefined);
    assert.ok(histogram(families.text, "hop_database_query_duration_seconds", 'access="events"').count >= 1);
    assert.ok(Number(sample(families, "hop_webhook_deliveries_total", { result: "delivered" })?.value) >= 1);
    assert.ok(Number(sample(families, "hop_webhook_deliveries_total", { result: "failed" })?.value) >= 1, "the failing receiver: a retry, then given up");
    assert.ok(Number(sample(families, "process_resident_memory_bytes")?.value) > 50 * 1024 * 1024);
  });

  test("the public port never serves /metrics: the 404 page whatever the headers; the listener answers GET and HEAD, 405 otherwise", async () => {
    const every: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.7" },
      ...["x-forwarded-for", "forwarded", "x-real-ip", "client-ip", "x-envoy-external-address", "via"].map((name) => ({ [name]: "203.0.113.7" })),
      { host: "127.0.0.1" },
    ];
    for (const headers of every) {
      for (const method of ["GET", "HEAD"]) {
        const res = await get(server, "/metrics", headers, method, server.port);
        assert.equal(res.status, 404, `${method} ${JSON.stringify(headers)}`);
        assert.doesNotMatch(res.body, /hop_http_requests_total/);
      }
    }
    const withToken = await scrape(server, { "x-forwarded-for": "203.0.113.7", authorization: `Bearer ${TOKEN}` });
    assert.ok(withToken.has("hop_build_info"));
    assert.equal((await get(server, "/metrics", {}, "POST")).status, 405);
    assert.equal((await get(server, "/metrics", {}, "HEAD")).status, 200);
    assert.equal((await get(server, "/", {}, "GET", server.metricsPort)).status, 404, "the listener serves /metrics alone");
    assert.equal((await get(server, "/api/health", {}, "GET", server.metricsPort)).status, 404);
    const reserved = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/x", slug: "metrics" } });
    assert.equal(reserved.status, 400, "metrics is a reserved slug");
    assert.match(reserved.text, /INVALID_SLUG/);
  });

  test("a peer that is not on loopback needs the token", () => {
    const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as http.IncomingMessage;
    assert.equal(metricsAllowed(request("127.0.0.1")), true);
    assert.equal(metricsAllowed(request("::1")), true);
    assert.equal(metricsAllowed(request("203.0.113.7")), false);
    assert.equal(metricsAllowed(request("10.0.0.5")), false);
    assert.equal(metricsAllowed(request("127.0.0.1", { "x-forwarded-for": "203.0.113.7" })), false);
  });

  test("readiness: ready when the database (and Redis, when set) answer", async () => {
    const res = await get(server, "/api/health?ready=1");
    assert.equal(res.status, 200, res.body);
    const body = JSON.parse(res.body);
    assert.equal(body.ready, true);
    assert.equal(body.database.ok, true);
    assert.equal(body.redis === null, !usingRedis);
    assert.deepEqual(Object.keys(JSON.parse((await get(server, "/api/health")).body)), ["ok", "events"], "liveness asks nothing");
  });
});
