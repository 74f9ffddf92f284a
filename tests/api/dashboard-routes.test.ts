import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { CASES } from "../helpers/dashboard-cases";
import { dashboardRoutes, fill, objectsOf, person, refusalProblem, send, snapshot, type Objects, type Person, type Route } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Every method of every route under app/api/dashboard, found by walking the folder: signed out it
// is 401 (sign-up and sign-out excepted), a write without this host's Origin is 403 and changes
// nothing, and malformed input — broken JSON, the wrong JSON type, wrong member types, a body too
// large or too deep, NUL and lone surrogates, absurd path ids and query strings, undecodable
// cookies — is a 4xx in the error shape of lib/errors.ts: never a 500, never a hang.

const routes = dashboardRoutes();
const isWrite = (route: Route) => !CASES[route.key]?.read;

function target(route: Route, o: Objects, params?: Record<string, string>): string {
  const c = CASES[route.key];
  return fill(route.template, params ?? c.params?.(o) ?? {}) + (c.query?.(o) ?? "");
}

/** Every leaf of a JSON value with its path, for mutating one member at a time. */
function leaves(value: unknown, path: Array<string | number> = []): Array<{ path: Array<string | number>; value: unknown }> {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leaves(v, [...path, i])) : [{ path, value }];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function replaced(value: unknown, path: Array<string | number>, next: unknown): unknown {
  if (!path.length) return next;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = replaced(copy[path[0]], path.slice(1), next);
  return copy;
}

const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const WRONG_TYPES: unknown[] = [null, 0, -1, 1e308, "", "text", true, [], {}, [1, "two"], { nested: { deeper: 1 } }];

describe("dashboard routes: the walk of app/api/dashboard", () => {
  let server: HopServer;
  let fuzzer: Person;
  let own: Objects;
  before(async () => {
    server = await startServer();
    fuzzer = await person(server);
    own = await objectsOf(server, fuzzer);
  });
  after(() => server.stop());

  test("finds every route file, and every method it exports has a row in the table of cases", () => {
    assert.ok(new Set(routes.map((r) => r.template)).size >= 32, `found ${routes.length} methods`);
    const missing = routes.filter((r) => !CASES[r.key]).map((r) => r.key);
    assert.deepEqual(missing, [], "add a row to tests/helpers/dashboard-cases.ts for each new route method");
    const stale = Object.keys(CASES).filter((key) => !routes.some((r) => r.key === key));
    assert.deepEqual(stale, [], "rows for methods that no longer exist");
  });

  test("signed out, every route answers 401 not_signed_in, except those meant for signed-out use", async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const c = CASES[route.key];
      if (c.signedOut) continue;
      const answer = await send(server, route.method, target(route, own), { body: c.body?.(own) });
      const problem = refusalProblem(answer, 401) ?? (answer.body.error.code === "not_signed_in" ? null : `code ${answer.body.error.code}`);
      if (problem) problems.push(`${route.key}: ${problem}`);
    }
    assert.deepEqual(problems, []);
  });

  test("a write without Origin, with another site's, or with an unparsable one is 403 and changes nothing", async () => {
    const before = await snapshot(server, fuzzer);
    const problems: string[] = [];
    for (const route of routes.filter(isWrite)) {
      const c = CASES[route.key];
      for (const origin of [null, "https://evil.example", "null", `${server.url}.evil.example`, "not a url"]) {
        const answer = await send(server, route.method, target(route, own), { cookie: fuzzer.cookie, origin, body: c.body?.(own) });
        const problem = refusalProblem(answer, 403) ?? (answer.body.error.code === "forbidden" ? null : `code ${answer.body.error.code}`);
        if (problem) problems.push(`${route.key} origin=${origin}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
    assert.equal(await snapshot(server, fuzzer), before, "the fuzzer's links, groups, presets, domains and profile are as they were");
    const signup = CASES["POST /api/dashboard/signup"].body!(own);
    await send(server, "POST", "/api/dashboard/signup", { origin: "https://evil.example", body: signup });
    assert.equal((await send(server, "POST", "/api/dashboard/signup", { body: signup })).status, 201, "the refused sign-up made no account");
  });

  test("a body that is not a JSON object, or not JSON at all, is a 4xx in the error shape", async () => {
    const problems: string[] = [];
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const deepObject = '{"a":'.repeat(3000) + "1" + "}".repeat(3000);
    const huge = JSON.stringify({ name: "x".repeat(1_100_000) });
    for (const route of routes.filter((r) => CASES[r.key].body)) {
      const url = target(route, own);
      const tries: Array<[string, Parameters<typeof send>[3], number[]?]> = [
        ["broken JSON", { raw: '{"name": "x",' }],
        ["empty body", { raw: "" }],
        ["array", { raw: "[]" }],
        ["number", { raw: "42" }],
        ["null", { raw: "null" }],
        ["string", { raw: '"text"' }],
        ["boolean", { raw: "true" }],
        ["no content type", { raw: JSON.stringify(CASES[route.key].body!(own)), contentType: null }],
        ["form encoded", { raw: "name=x&role=full", contentType: "application/x-www-form-urlencoded" }],
        ["nested 5000 deep", { raw: deep }, [400]],
        ["objects nested 3000 deep", { raw: deepObject }, [400]],
        ["over a megabyte", { raw: huge }, [413]],
        ["NUL in a member name", { body: { ...(CASES[route.key].body!(own) as object), "a\u0000b": 1 } }, [400]],
        ["invalid UTF-8", { raw: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }],
      ];
      for (const [label, options, expected] of tries) {
        const answer = await send(server, route.method, url, { cookie: fuzzer.cookie, ...options });
        const problem = refusalProblem(answer, expected);
        if (problem) problems.push(`${route.key} ${label}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("a member of the wrong type, NUL, a lone surrogate or a very long string: never a 500, refusals in the error shape", async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => CASES[r.key].body)) {
      const valid = CASES[route.key].body!(own);
      const url = target(route, own);
      const record = async (label: string, body: unknown, expected?: number[]) => {
        const answer = await send(server, route.method, url, { cookie: fuzzer.cookie, body });
        if (answer.status < 400 && !expected) return;
        const problem = refusalProblem(answer, expected);
        if (problem) problems.push(`${route.key} ${label}: ${problem}`);
      };
      for (const leaf of leaves(valid)) {
        const at = leaf.path.join(".") || "(body)";
        for (const wrong of WRONG_TYPES.filter((w) => kind(w) !== kind(leaf.value))) await record(`${at}=${JSON.stringify(wrong)}`, replaced(valid, leaf.path, wrong));
        if (typeof leaf.value === "string") {
          await record(`${at} with NUL`, replaced(valid, leaf.path, `${leaf.value}\u0000x`), [400]);
          await record(`${at} with a lone surrogate`, replaced(valid, leaf.path, `${leaf.value}\ud800x`), [400]);
          await record(`${at} 200 000 characters`, replaced(valid, leaf.path, "y".repeat(200_000)));
        }
      }
      await record("__proto__ and constructor members", { ...(valid as object), ...JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}') });
    }
    assert.deepEqual(problems, []);
  });

  test("absurd ids in the path — very long, non-ASCII, `..`, percent-encoded garbage — are a 4xx in the error shape", async () => {
    const ids = [
      "x".repeat(4000),
      "%C3%B1and%C3%BA-%E6%97%A5%E6%9C%AC",
      "ñandú-日本",
      "..",
      "%2e%2e",
      "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "%ZZ",
      "%",
      "%00",
      "a%00b",
      "%ff%fe",
      "%ED%A0%80",
      "a%2Fb",
      "%20",
      "'%20OR%201=1--",
      "%3Cscript%3E",
      "-1",
      "9".repeat(400),
    ];
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.params.length)) {
      const c = CASES[route.key];
      for (const id of ids) {
        const params = Object.fromEntries(route.params.map((p) => [p, id]));
        const answer = await send(server, route.method, target(route, own, params), { cookie: fuzzer.cookie, body: c.body?.(own) });
        // `..` as a whole segment is resolved before any route sees it: a redirect to the parent path.
        const problem = refusalProblem(answer);
        if (problem && !(/^(\.\.|%2e%2e)$/.test(id) && answer.status === 308)) problems.push(`${route.key} [${id.slice(0, 40)}]: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("any other path under /api/dashboard is a 404 in the error shape, whatever the method", async () => {
    const problems: string[] = [];
    for (const path of ["/api/dashboard/nothing-here", "/api/dashboard/links/x/y/z", "/api/dashboard/drafts/%2e%2e/preview", "/api/dashboard/%00"]) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const answer = await send(server, method, path, { cookie: fuzzer.cookie, body: method === "GET" ? undefined : {} });
        const problem = refusalProblem(answer, path.endsWith("%00") ? [400, 404] : 404);
        if (problem) problems.push(`${method} ${path}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("a method a route lacks (TRACE and PROPFIND too) is 405 in the error shape with Allow, signed in or not; OPTIONS is 204 with Allow", async () => {
    const problems: string[] = [];
    for (const template of new Set(routes.map((r) => r.template))) {
      const exported = routes.filter((r) => r.template === template);
      const allow = new Set([...exported.map((r) => r.method), "OPTIONS"]);
      if (allow.has("GET")) allow.add("HEAD");
      const expected = [...allow].sort().join(", ");
      const path = fill(template, CASES[exported[0].key].params?.(own) ?? {});
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND"].filter((m) => !allow.has(m))) {
        for (const cookie of [fuzzer.cookie, undefined]) {
          const answer = await send(server, method, path, { cookie });
          const problem = refusalProblem(answer, 405) ?? (answer.body.error.code !== "method_not_allowed" ? `code ${answer.body.error.code}` : answer.headers.allow !== expected ? `Allow: ${answer.headers.allow} (wanted ${expected})` : null);
          if (problem) problems.push(`${method} ${template}${cookie ? "" : " signed out"}: ${problem}`);
        }
      }
      const options = await send(server, "OPTIONS", path);
      if (options.status !== 204 || options.headers.allow !== expected) problems.push(`OPTIONS ${template}: ${options.status} Allow: ${options.headers.allow}`);
    }
    assert.deepEqual(problems, []);
  });

  test("garbage query strings on the GET routes: a 4xx in the error shape or the normal answer, never a 500", async () => {
    const queries = [
      "?id=",
      "?id=%00",
      "?id=%ZZ",
      `?id=${"z".repeat(5000)}`,
      "?id=a&id=b&id[]=c",
      "?format=gif",
      "?format=png&size=-1",
      "?size=99999999999999999999",
      "?size=1e3",
      "?size=%00",
      "?download=%ff",
      "?__proto__=x&constructor=y",
      "?%ZZ=%ZZ",
      "?" + "&a=1".repeat(2000),
    ];
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET")) {
      const base = fill(route.template, CASES[route.key].params?.(own) ?? {});
      for (const query of queries) {
        const answer = await send(server, "GET", base + query, { cookie: fuzzer.cookie });
        if (answer.status < 400) continue;
        const problem = refusalProblem(answer);
        if (problem) problems.push(`${route.key} ${query.slice(0, 40)}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("an undecodable session or workspace cookie, or a workspace no account can have (NUL), is as good as none: 401 signed out, the own workspace signed in", async () => {
    const problems: string[] = [];
    for (const garbage of ["%ZZ", "%E0%A4%A", "%", "x".repeat(3000), "\u00e9t\u00e9", "%00", "a%00b", "%ED%A0%80"]) {
      const encoded = Buffer.from(garbage, "utf8").toString("latin1");
      const signedOut = await send(server, "POST", "/api/dashboard/groups", { cookie: `next-auth.session-token=${encoded}`, body: { name: "g" } });
      const problem = refusalProblem(signedOut, 401);
      if (problem) problems.push(`session=${garbage.slice(0, 20)}: ${problem}`);
      const name = `Garbage ${randomBytes(3).toString("hex")}`;
      const created = await send(server, "POST", "/api/dashboard/groups", { cookie: `${fuzzer.cookie}; hop_workspace=${encoded}`, body: { name } });
      if (created.status !== 201) problems.push(`hop_workspace=${garbage.slice(0, 20)}: ${created.status} ${created.text.slice(0, 200)}`);
    }
    assert.deepEqual(problems, []);
  });
});
