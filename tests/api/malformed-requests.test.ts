import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { z } from "zod";
import { allOperations } from "../../lib/api/openapi/operations";
import { QrQuery } from "../../lib/qr/qr-query";
import { AnalyticsQuery } from "../../lib/analytics/timeframe";
import { createAccount, type TestAccount } from "../helpers/api";
import { ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// The corpus of malformed requests of issue 12, sent to every /v1 endpoint (found by walking the
// route files of app/v1, with the methods of the operations at each path; that each route serves
// the operations of its path is tests/unit/openapi-routes.test.ts): each answers 4xx with a JSON
// body in the API's error shape, never 5xx.

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const BAD_ENCODINGS = ["%", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80"];
/** A dynamic segment of a route directory: `[id]`, `[...identifier]`, `[[...rest]]`. */
const SEGMENT = /\[\[?(?:\.\.\.)?(\w+)\]\]?/g;

interface Endpoint {
  template: string;
  params: string[];
  /** The methods the route serves, with whether each reads a body and its query schema. */
  methods: Array<{ method: string; body: boolean; query?: z.ZodObject }>;
  catchAll: boolean;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function endpoints(): Endpoint[] {
  const appDir = path.join(ROOT, "app");
  return routeFiles(path.join(appDir, "v1")).map((file) => {
    const template = "/" + path.relative(appDir, path.dirname(file)).split(path.sep).join("/");
    const params = [...template.matchAll(SEGMENT)].map((m) => m[1]);
    const openApiPath = template.replace(SEGMENT, (_m, name: string) => `{${name}}`);
    const methods = allOperations()
      .filter((op) => op.path === openApiPath)
      .map((op) => ({ method: op.method.toUpperCase(), body: Boolean(op.body), query: op.query }));
    return { template, params, methods, catchAll: template.includes("[[...rest]]") };
  });
}

/** The template with every dynamic segment replaced (by `value(param)`), or `tail` added at the end. */
function pathOf(endpoint: Endpoint, value: (param: string) => string, tail = ""): string {
  const filled = endpoint.template.replace(SEGMENT, (_m, name: string) => value(name));
  return endpoint.params.length ? filled : filled + tail;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: any;
}

function send(server: HopServer, method: string, target: string, options: { key?: string; body?: string | Buffer; chunks?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.body !== undefined || options.chunks) headers["content-type"] = "application/json";
    if (options.chunks) headers["transfer-encoding"] = "chunked"; // Node's client frames DELETE bodies only when told
    if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
    const req = http.request({ host: "127.0.0.1", port: server.port, method, path: target, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode!, headers: res.headers, text, body });
      });
    });
    req.on("error", (error) => (options.chunks ? undefined : reject(error)));
    if (options.chunks) {
      // A chunked body (no Content-Length) that never ends: only a reader that stops at the limit answers.
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      req.write('{"name":"');
      for (let i = 0; i < options.chunks; i++) req.write(chunk);
    } else {
      req.end(options.body);
    }
  });
}

/** 4xx, JSON, the nested error shape; `field` when the case names one. */
function assertRefused(answer: Answer, expected: { status: number; code?: string; field?: string }, label: string): void {
  assert.equal(answer.status, expected.status, `${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
  assert.match(String(answer.headers["content-type"]), /^application\/json/, `${label}: content-type`);
  assert.equal(typeof answer.body?.error?.code, "string", `${label}: nested shape: ${answer.text.slice(0, 200)}`);
  assert.equal(typeof answer.body.error.message, "string", `${label}: message`);
  if (expected.code) assert.equal(answer.body.error.code, expected.code, label);
  if (expected.field) assert.equal(answer.body.error.field, expected.field, label);
}

/** Runs `jobs` a few at a time: enough to be quick, few enough for two shared cores. */
async function inBatches(jobs: Array<() => Promise<void>>, size = 6): Promise<void> {
  for (let i = 0; i < jobs.length; i += size) await Promise.all(jobs.slice(i, i + size).map((job) => job()));
}

function allowOf(endpoint: Endpoint): string {
  const allow = new Set(endpoint.methods.map((m) => m.method));
  if (allow.has("GET")) allow.add("HEAD");
  allow.add("OPTIONS");
  return [...allow].sort().join(", ");
}

describe("malformed requests to every /v1 endpoint", () => {
  let server: HopServer;
  let account: TestAccount;
  const routes = endpoints();
  const routed = routes.filter((r) => !r.catchAll);
  const sample = (param: string) => (param === "domain" ? "sample.example" : "sample");

  before(async () => {
    // A server of its own, not the run's shared one: thousands of requests would slow the files beside it.
    server = await startServer();
    account = await createAccount(server, { plan: "scaling" });
  });
  after(() => server.stop());

  test("the walk finds every route file and its methods", () => {
    assert.ok(routed.length >= 20, `${routed.length} routes`);
    for (const route of routed) assert.ok(route.methods.length > 0, `${route.template}: no method found; no operation has its path`);
    assert.equal(routes.filter((r) => r.catchAll).length, 1);
  });

  test("a path that is not valid percent-encoded UTF-8 is 400 invalid_request, key or not", async () => {
    const jobs = routes.flatMap((route) =>
      BAD_ENCODINGS.flatMap((bad) => {
        const target = pathOf(route, () => `a${bad}`, bad);
        const method = route.methods[0]?.method ?? "GET";
        return [account.key, undefined].map((key) => async () => {
          assertRefused(await send(server, method, target, { key }), { status: 400, code: "invalid_request", field: "path" }, `${method} ${target}`);
        });
      }),
    );
    await inBatches(jobs);
  });

  test("a NUL in a path parameter is 400 naming the parameter", async () => {
    const jobs = routes
      .filter((route) => route.params.length)
      .map((route) => async () => {
        const method = route.methods[0]?.method ?? "GET";
        const target = pathOf(route, (param) => (param === route.params[0] ? "a%00b" : sample(param)));
        assertRefused(await send(server, method, target, { key: account.key }), { status: 400, code: "invalid_request", field: route.params[0] }, `${method} ${target}`);
      });
    await inBatches(jobs);
  });

  test("bodies: NUL, an unpaired surrogate, nesting 5,000 deep, a member named twice, and a chunked body past 1 MB", async () => {
    const jobs = routed.flatMap((route) =>
      route.methods
        .filter((m) => m.body)
        .flatMap(({ method }) => {
          const target = pathOf(route, sample);
          const label = `${method} ${target}`;
          return [
            async () => assertRefused(await send(server, method, target, { key: account.key, body: '{"probe":"a\\u0000b"}' }), { status: 400, code: "invalid_request", field: "probe" }, `${label} NUL`),
            async () => assertRefused(await send(server, method, target, { key: account.key, body: '{"probe":"a\\ud800b"}' }), { status: 400, code: "invalid_request", field: "probe" }, `${label} surrogate`),
            async () => assertRefused(await send(server, method, target, { key: account.key, body: `{"probe":${"[".repeat(5000)}${"]".repeat(5000)}}` }), { status: 400, code: "invalid_request" }, `${label} deep`),
            // JSON.parse would keep the last; whatever read the first would see another request.
            async () => assertRefused(await send(server, method, target, { key: account.key, body: '{"probe":1,"probe":2}' }), { status: 400, code: "invalid_request" }, `${label} twice`),
            async () => assertRefused(await send(server, method, target, { key: account.key, chunks: 20 }), { status: 413, code: "invalid_request" }, `${label} chunked`),
          ];
        }),
    );
    assert.ok(jobs.length >= 40, `${jobs.length} body cases`);
    await inBatches(jobs, 4);
  });

  test("queries: NUL in search and tag, a 20-digit page, dates out of range, and every parameter given twice", async () => {
    const cases: Array<{ query: string; field?: string }> = [];
    const jobs = routed.flatMap((route) =>
      route.methods
        .filter((m) => m.query)
        .flatMap(({ method, query }) => {
          const queries: Array<{ query: string; field?: string }> = [{ query: "search=%00", field: "search" }, { query: "tag=a%00", field: "tag" }, { query: "probe=%ED%A0%80x%00", field: "probe" }];
          // A parameter given twice is refused, never read as its last value.
          for (const name of Object.keys(query?.shape ?? {})) queries.push({ query: `${name}=1&${name}=2`, field: name });
          if (query === QrQuery) {
            queries.push({ query: "size=99999999999999999999", field: "size" }, { query: "fg=red", field: "fg" }, { query: "format=gif", field: "format" });
          } else if (query !== AnalyticsQuery) {
            if (query && "page" in query.shape) queries.push({ query: "page=99999999999999999999", field: "page" }, { query: "limit=1e3", field: "limit" });
            if (query && "dryRun" in query.shape) queries.push({ query: "dryRun=maybe", field: "dryRun" });
          } else {
            queries.push(
              { query: "from=0000-01-01&to=2020-01-01", field: "from" },
              { query: "from=0001-01-01&to=9999-12-31", field: "from" },
              { query: "from=2000-01-01&to=2009-12-31", field: "to" },
              { query: "from=2020-01-01&to=+20000-01-01", field: "to" },
            );
          }
          cases.push(...queries);
          return queries.map(({ query, field }) => async () => {
            const target = `${pathOf(route, sample)}?${query}`;
            assertRefused(await send(server, method, target, { key: account.key }), { status: 400, code: "invalid_request", field }, `${method} ${target}`);
          });
        }),
    );
    assert.ok(cases.some((c) => c.query.startsWith("from=0001")) && cases.some((c) => c.query.startsWith("page=")));
    await inBatches(jobs);
  });

  test("a method the route does not have is 405 with Allow and the rate-limit headers; TRACE and PROPFIND too", async () => {
    const jobs = routed.flatMap((route) => {
      const own = new Set(route.methods.map((m) => m.method));
      const missing = [...ROUTE_METHODS.filter((m) => !own.has(m)), "TRACE", "PROPFIND"];
      return missing.map((method) => async () => {
        const target = pathOf(route, sample);
        const answer = await send(server, method, target, { key: account.key });
        assertRefused(answer, { status: 405, code: "method_not_allowed" }, `${method} ${target}`);
        assert.equal(answer.headers.allow, allowOf(route), `${method} ${target}: Allow`);
        assert.ok(answer.headers["x-ratelimit-limit"] && answer.headers["x-ratelimit-remaining"] && answer.headers["x-ratelimit-reset"], `${method} ${target}: rate headers`);
      });
    });
    await inBatches(jobs);
    const [route] = routed;
    const unauthenticated = await send(server, "TRACE", pathOf(route, sample));
    assertRefused(unauthenticated, { status: 401, code: "missing_api_key" }, "TRACE without a key");
    const options = await send(server, "OPTIONS", pathOf(route, sample));
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, allowOf(route));
  });

  test("unknown paths, /v1 itself included, are 404 for every method; a method Node cannot parse is 400 JSON", async () => {
    for (const target of ["/v1/no/such/endpoint", "/v1", "/v1?x=%zz"]) {
      for (const method of [...ROUTE_METHODS, "TRACE", "PROPFIND"]) {
        assertRefused(await send(server, method, target, { key: account.key }), { status: 404, code: "not_found" }, `${method} ${target}`);
      }
    }
    assertRefused(await send(server, "FOO", "/v1/links", { key: account.key }), { status: 400, code: "invalid_request" }, "FOO");
  });

  test("the server keeps serving, and a five-year analytics range is accepted", async () => {
    const created = await fetch(`${server.url}/v1/links`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.org/five", slug: "five-years" }),
    });
    assert.equal(created.status, 201);
    const answer = await send(server, "GET", "/v1/analytics/links/five-years?from=2020-01-01&to=2024-12-31", { key: account.key });
    assert.equal(answer.status, 200, answer.text.slice(0, 200));
    assert.equal(answer.body.dailyViews.length, 60, "monthly buckets of five years");
  });
});
