import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { lastBackupSuccess } from "../backup/last-success";
import { config, tunable } from "../config";
import { dbMode } from "../db/open";
import { closeAfterEarlyAnswer } from "../http/early-answer";
import { eventQueueOldestAgeSeconds, eventQueueStats } from "../events/event-queue";
import { geoCacheStats } from "../geoip/lookup";
import { apiKeyCacheStats } from "../keys/auth-cache";
import { counted, SURFACES } from "../metrics/counters";
import { CONTENT_TYPE, Exposition } from "../metrics/exposition";
import { hasForwardingHeaders, isLoopbackIp } from "../net/client-ip";
import { shared } from "../shared";
import { uaCacheStats } from "../ua/classify";
import { visitCacheStats } from "../visit/link-cache";
import { readiness, type ProbeResult, type Readiness } from "./readiness";

// GET /metrics: Prometheus text for a scraper (docs/operations.md, "Metrics"). Answered to a
// loopback peer that came straight (a request through the reverse proxy carries forwarding headers
// and is a visitor's, even though the proxy itself is a loopback peer), or to anyone presenting
// `Authorization: Bearer $METRICS_TOKEN` when that is set. Any other request for /metrics goes on
// like any path: on the app's host that is the 404 page ("metrics" is a reserved slug).

export const METRICS_PATH = "/metrics";

function sameToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  if (!match) return false;
  const a = Buffer.from(match[1]);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether this request may read the metrics (otherwise it is served as any other path). */
export function metricsAllowed(req: IncomingMessage): boolean {
  const token = config().metricsToken;
  if (token && sameToken(req.headers.authorization, token)) return true;
  return isLoopbackIp(req.socket.remoteAddress) && !hasForwardingHeaders(req.headers);
}

const eventLoopDelay = (): IntervalHistogram =>
  shared("eventLoopDelay", () => {
    const histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    return histogram;
  });

type Counted = ReturnType<typeof counted>;

function writeRequests(out: Exposition, state: Counted): void {
  out.family("hop_http_requests_total", "counter", "Responses written, by surface (redirect, page: the visitor entry point; api: /v1; app: the rest) and status.");
  for (const [key, n] of state.responses) out.sample("hop_http_requests_total", n, { surface: SURFACES[Math.floor(key / 1000)], status: key % 1000 });
  out.family("hop_http_request_duration_seconds", "histogram", "From the request's arrival to its answer being written, by surface.");
  SURFACES.forEach((surface, i) => out.histogram("hop_http_request_duration_seconds", state.latency[i], { surface }));
}

function writeCaches(out: Exposition): void {
  const visit = visitCacheStats();
  const sized = { links: visit.links, link_misses: visit.misses, hosts: visit.hosts };
  const byCount = { api_keys: apiKeyCacheStats(), user_agents: uaCacheStats(), geo: geoCacheStats() };
  out.family("hop_cache_entries", "gauge", "Entries held by each in-process cache.");
  for (const [cache, stats] of Object.entries({ ...sized, ...byCount })) out.sample("hop_cache_entries", stats.entries, { cache });
  out.family("hop_cache_bytes", "gauge", "Bytes held by each size-bounded cache.");
  for (const [cache, stats] of Object.entries(sized)) out.sample("hop_cache_bytes", stats.bytes, { cache });
  out.family("hop_cache_max_bytes", "gauge", "The bound of each size-bounded cache.");
  for (const [cache, stats] of Object.entries(sized)) out.sample("hop_cache_max_bytes", stats.maxBytes, { cache });
  out.family("hop_cache_hits_total", "counter", "Visitor link lookups answered from the cache (a link, or a known miss).");
  out.sample("hop_cache_hits_total", visit.hits, { cache: "links" });
  out.family("hop_cache_misses_total", "counter", "Visitor link lookups that asked the database.");
  out.sample("hop_cache_misses_total", visit.queries.links, { cache: "links" });
  out.family("hop_cache_hit_ratio", "gauge", "hits / (hits + misses) of the visitor link cache since the start (1 before any lookup).");
  const lookups = visit.hits + visit.queries.links;
  out.sample("hop_cache_hit_ratio", lookups ? visit.hits / lookups : 1, { cache: "links" });
}

function writeEvents(out: Exposition): void {
  const events = eventQueueStats();
  out.family("hop_event_queue_events", "gauge", "Visits and clicks waiting in memory to be written (in flight included).");
  out.sample("hop_event_queue_events", events.queued);
  out.family("hop_event_queue_oldest_age_seconds", "gauge", "Age of the oldest event waiting in memory (0 when none waits).");
  out.sample("hop_event_queue_oldest_age_seconds", eventQueueOldestAgeSeconds());
  out.family("hop_event_spool_events", "gauge", "Events this process wrote to the spool on disk that are not in the database yet.");
  out.sample("hop_event_spool_events", events.spooled);
  out.family("hop_events_written_total", "counter", "Events written to the database.");
  out.sample("hop_events_written_total", events.written);
  out.family("hop_events_dropped_total", "counter", "Events dropped because the queue and the spool were full.");
  out.sample("hop_events_dropped_total", events.dropped);
}

function writeDependencies(out: Exposition, state: Counted, probes: Readiness): void {
  out.family("hop_database_query_duration_seconds", "histogram", "Statements of the visitor reads and the event writer (Prisma's queries are not timed).");
  out.histogram("hop_database_query_duration_seconds", state.database.read, { access: "read" });
  out.histogram("hop_database_query_duration_seconds", state.database.events, { access: "events" });
  out.family("hop_database_errors_total", "counter", "Failed statements and transactions of those accesses.");
  for (const [access, n] of Object.entries(state.databaseErrors)) out.sample("hop_database_errors_total", n, { access });
  out.family("hop_redis_errors_total", "counter", "Errors reported by the Redis connections.");
  for (const [connection, n] of state.redisErrors) out.sample("hop_redis_errors_total", n, { connection });
  const dependencies = Object.entries({ database: probes.database, redis: probes.redis }).filter((entry): entry is [string, ProbeResult] => entry[1] !== null);
  out.family("hop_dependency_up", "gauge", "1 when the dependency answered this scrape's probe (SELECT 1, PING) within 2 s.");
  for (const [dependency, probe] of dependencies) out.sample("hop_dependency_up", probe.ok ? 1 : 0, { dependency });
  out.family("hop_dependency_probe_seconds", "gauge", "This scrape's probe round trip.");
  for (const [dependency, probe] of dependencies) out.sample("hop_dependency_probe_seconds", probe.ms / 1000, { dependency });
  out.family("hop_dependency_probe_failures_total", "counter", "Probes (scrapes and readiness checks) that failed.");
  for (const [dependency] of dependencies) out.sample("hop_dependency_probe_failures_total", state.probes.get(dependency)?.failures ?? 0, { dependency });
  out.family("hop_webhook_deliveries_total", "counter", "Webhook delivery attempts by result: delivered, retry (will be tried again), failed (gave up).");
  for (const [result, n] of state.webhookDeliveries) out.sample("hop_webhook_deliveries_total", n, { result });
}

function writeProcess(out: Exposition): void {
  const memory = process.memoryUsage();
  out.family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.").sample("process_resident_memory_bytes", memory.rss);
  // The alerts compare the two: the budget as configured, not a number copied into the rules.
  out.family("hop_memory_budget_bytes", "gauge", "MEMORY_BUDGET_MB, in bytes: what the caches and the heap limit are sized to.").sample("hop_memory_budget_bytes", tunable("MEMORY_BUDGET_MB") * 1024 * 1024);
  out.family("hop_backup_last_success_timestamp_seconds", "gauge", "When the last backup of this DATA_DIR succeeded, in Unix seconds; 0 when none is recorded.");
  out.sample("hop_backup_last_success_timestamp_seconds", lastBackupSuccess() ?? 0);
  out.family("nodejs_heap_size_used_bytes", "gauge", "V8 heap in use.").sample("nodejs_heap_size_used_bytes", memory.heapUsed);
  out.family("nodejs_heap_size_total_bytes", "gauge", "V8 heap reserved.").sample("nodejs_heap_size_total_bytes", memory.heapTotal);
  out.family("nodejs_external_memory_bytes", "gauge", "Memory of buffers and WebAssembly outside the V8 heap.").sample("nodejs_external_memory_bytes", memory.external);
  const cpu = process.cpuUsage();
  out.family("process_cpu_seconds_total", "counter", "User and system CPU time spent.").sample("process_cpu_seconds_total", (cpu.user + cpu.system) / 1e6);
  out.family("process_start_time_seconds", "gauge", "When the process started, in Unix seconds.").sample("process_start_time_seconds", Math.round(Date.now() / 1000 - process.uptime()));
  const delay = eventLoopDelay();
  out.family("nodejs_eventloop_delay_p99_seconds", "gauge", "99th percentile of the event loop's delay since the previous scrape.");
  out.sample("nodejs_eventloop_delay_p99_seconds", delay.count ? delay.percentile(99) / 1e9 : 0);
  out.family("nodejs_eventloop_delay_max_seconds", "gauge", "Longest delay of the event loop since the previous scrape: the longest the visitors' thread was held.");
  out.sample("nodejs_eventloop_delay_max_seconds", delay.count ? delay.max / 1e9 : 0);
  delay.reset();
}

/** Every metric, as the text a scrape reads. Probes the database and Redis (each ≤ 2 s). */
export async function metricsText(): Promise<string> {
  const probes = await readiness();
  const state = counted();
  const out = new Exposition();
  out.family("hop_build_info", "gauge", "Always 1; the labels say what runs.");
  out.sample("hop_build_info", 1, { version: process.env.npm_package_version ?? "0.1.0", node: process.version, database: dbMode(), redis: String(Boolean(config().redisUrl)) });
  writeRequests(out, state);
  writeCaches(out);
  writeEvents(out);
  writeDependencies(out, state, probes);
  writeProcess(out);
  return out.text();
}

/** Answers an allowed /metrics request (GET or HEAD; any other method 405). */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    closeAfterEarlyAnswer(req, res); // a body sent along is not read
    res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
    return void res.end("Method not allowed\n");
  }
  req.resume(); // a GET's body, if any, is not wanted either
  const body = await metricsText();
  res.writeHead(200, { "content-type": CONTENT_TYPE, "cache-control": "no-store", "content-length": String(Buffer.byteLength(body)) });
  res.end(req.method === "HEAD" ? undefined : body);
}
