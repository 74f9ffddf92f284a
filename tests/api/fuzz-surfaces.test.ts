import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { appAddresses, FUZZ_OIDC_PROVIDER, garbagePath, plausiblePaths, type Address, type Surface } from "../helpers/app-surfaces";
import { isErrorShape, objectsOf, person, type Objects, type Person } from "../helpers/dashboard-routes";
import { exchange, type RawAnswer, type RawRequest } from "../helpers/raw-http";
import { createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// The issue-29 fuzz: every route under /api (next-auth's included) and every page and other
// address of app/ (found by walking it now, so new ones are walked too), signed out and signed in,
// with every method, garbage cookies, query strings and path segments, and bodies that are broken,
// of the wrong type or content type, oversized, streamed chunked, or with duplicate form fields.
// Every answer: below 500, and a refusal in its surface's shape — JSON with an `error` under /api,
// a page elsewhere (405 with Allow); a redirect stays on this origin. /mcp is walked signed out,
// signed in and with an API key: its refusals are JSON, in the API's shape or JSON-RPC's. (/v1 has
// its own walk: malformed-requests.test.ts.)

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "CONNECT", "FOO"];
const ROUTABLE = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Percent-encoded values the issue found answered 500: NUL, a lone surrogate, an ideographic full stop, newlines, broken escapes. */
const BAD_VALUES = ["%00", "a%00b", "%ED%A0%80", "%E3%80%82", "%0A%0D", "%ZZ", "%", "%E0%A4%A", "%C0%AF", "x".repeat(3000)];
/** The query names the routes and pages read (and next-auth's), each given the bad value at once. */
const QUERY_NAMES = ["id", "domain", "format", "size", "page", "q", "sort", "from", "to", "timeframe", "callbackUrl", "error", "csrf", "provider", "ticket", "state", "code"];
const QUERIES = [
  ...["%00", "%ED%A0%80", "%E3%80%82", "%0A%0D", "%ZZ", "%E0%A4%A%"].map((v) => "?" + QUERY_NAMES.map((n) => `${n}=${v}`).join("&")),
  `?id=${"x".repeat(3000)}&q=${"y".repeat(3000)}&callbackUrl=%2F${"z".repeat(3000)}`,
  "?%%%&&==&a[]=1&a[b]=2&=x&%00=1&id=1&id=2",
];
const CALLBACKS = ["%2F%0A%2Fx", "%2F%0D%2Fx", "%2F%00", "%ED%A0%80", "%E3%80%82", "%2F%09%2Fevil.test%2Fphish", "%2F%09%5Cevil.test", "%2F%2Fevil.test", "%2F%5Cevil.test", "https%3A%2F%2Fevil.test%2F", "javascript%3Aalert(1)", "%ZZ", "%2F".repeat(2000)];
const TWO_MB = 2 * 1024 * 1024;

interface Body {
  name: string;
  contentType?: string;
  body?: string | Buffer;
  chunkedBytes?: number;
}

const BODIES: Body[] = [
  { name: "broken JSON `[`", contentType: "application/json", body: "[" },
  { name: "broken JSON `{\"a\":`", contentType: "application/json", body: '{"a":' },
  { name: "JSON array", contentType: "application/json", body: "[]" },
  { name: "JSON number", contentType: "application/json", body: "1" },
  { name: "JSON string", contentType: "application/json", body: '"text"' },
  { name: "JSON null", contentType: "application/json", body: "null" },
  { name: "JSON of the wrong types", contentType: "application/json", body: JSON.stringify({ email: [], password: {}, id: 1, name: null, url: 7, ownerId: [], version: "x", semantic: 3, csrfToken: false }) },
  { name: "JSON with a NUL member", contentType: "application/json", body: '{"a\\u0000":"b\\u0000","email":"\\ud800"}' },
  { name: "JSON as text/plain", contentType: "text/plain", body: '{"a":1}' },
  { name: "duplicate form fields", contentType: "application/x-www-form-urlencoded", body: "email=junk1%40x.io&email=bob%40example.com&password=a&password=b&csrfToken=x&csrfToken=y&json=true&json=false" },
  { name: "form with a NUL", contentType: "application/x-www-form-urlencoded", body: "email=%00&password=%ED%A0%80&csrfToken=%ZZ" },
  { name: "XML", contentType: "application/xml", body: "<a>1</a>" },
  { name: "broken multipart", contentType: "multipart/form-data; boundary=zz", body: "--zz\r\nbroken" },
  { name: "no content type", body: '{"a":1}' },
  { name: "empty JSON body", contentType: "application/json", body: "" },
  { name: "not UTF-8", contentType: "application/json", body: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) },
  { name: "2 MB with Content-Length", contentType: "application/json", body: `{"a":"${"a".repeat(TWO_MB)}"}` },
  { name: "2 MB streamed chunked", contentType: "application/json", chunkedBytes: TWO_MB },
];

interface Job {
  surface: Surface;
  request: RawRequest;
  /** Who sends it: no one, the account, (for the routes that end a session) the spare account, or an API key. */
  as: "out" | "in" | "key";
  cookie?: string;
  note?: string;
}

/** Sign-out and "end every session" end the session that sends them: a spare account's, so the walk's own session lives. */
const endsSession = (path: string) => /signout|account\/sessions/.test(path);

describe("fuzz: every /api route and every page, malformed requests (issue 29)", () => {
  let server: HopServer;
  let owner: Person;
  let spare: Person;
  let o: Objects;
  let apiKey: string;
  const addresses = appAddresses();

  before(async () => {
    // A server of its own, not the run's shared one: thousands of requests would slow the files beside it.
    // With a single sign-on provider, so that its start and return routes are walked too.
    server = await startServer({ env: { OIDC_PROVIDERS: FUZZ_OIDC_PROVIDER } });
    owner = await person(server);
    spare = await person(server);
    o = await objectsOf(server, owner);
    apiKey = (await createAccount(server)).key;
  });
  after(() => server.stop());

  function headersOf(job: Job, path: string): Record<string, string> {
    const headers: Record<string, string> = { origin: server.url, ...job.request.headers };
    const session = job.as === "in" ? (endsSession(path) ? spare.cookie : owner.cookie) : undefined;
    const cookie = [session, job.cookie].filter(Boolean).join("; ");
    if (cookie) headers.cookie = cookie;
    if (job.as === "key") headers.authorization = `Bearer ${apiKey}`;
    return headers;
  }

  /** What is wrong with an answer, or null. */
  function problemOf(job: Job, answer: RawAnswer): string | null {
    const { method } = job.request;
    const type = answer.headers["content-type"] ?? "";
    const hasBody = method !== "HEAD" && ![204, 304].includes(answer.status) && !(answer.status >= 300 && answer.status < 400);
    if (answer.status >= 500 || answer.status < 100) return `status ${answer.status}: ${answer.text.slice(0, 160)}`;
    if (answer.status === 405 && !answer.headers.allow) return "405 without Allow";
    if (answer.status >= 300 && answer.status < 400 && answer.headers.location) {
      const location = answer.headers.location;
      if (/[\x00-\x1f\\]/.test(location) || new URL(location, server.url).origin !== new URL(server.url).origin) return `redirects off this origin: ${location.slice(0, 160)}`;
    }
    if (job.surface === "api" || job.surface === "mcp") {
      const rpcError = job.surface === "mcp" && answer.json?.jsonrpc === "2.0" && typeof answer.json?.error?.code === "number";
      if (answer.status >= 400 && hasBody && (!/^application\/json/.test(type) || !(isErrorShape(answer.json) || rpcError))) return `${answer.status} not JSON with an error: ${type || "no type"} ${JSON.stringify(answer.text.slice(0, 120))}`;
      return null;
    }
    if (hasBody && answer.status !== 200 && answer.text && !/^text\/(html|plain)/.test(type)) return `${answer.status} not a page: ${type} ${answer.text.slice(0, 120)}`;
    if (job.surface === "page" && hasBody && !/^text\/html/.test(type)) return `${answer.status} page not HTML: ${type || "no type"} ${JSON.stringify(answer.text.slice(0, 120))}`;
    // The dashboard streams: a page that throws after its shell is a 200 carrying the error's digest.
    const digest = /data-dgst="(\d+)"|\$RX\("[^"]*","(\d+)"/.exec(answer.text);
    if (digest) return `the page threw (digest ${digest[1] ?? digest[2]})`;
    return null;
  }

  /** Sends every job, four at a time, and lists each problem as `METHOD target [who, note]: problem`. */
  async function walk(jobs: Job[]): Promise<string[]> {
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const path = job.request.target;
        const label = `${job.request.method} ${path.slice(0, 140)} [${job.as}${job.note ? `, ${job.note}` : ""}]`;
        try {
          const answer = await exchange(server.port, { ...job.request, headers: headersOf(job, path) });
          const problem = problemOf(job, answer);
          if (problem) problems.push(`${label}: ${problem}`);
        } catch (error) {
          problems.push(`${label}: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return problems;
  }

  /** Fails with the problems grouped (same method, path and kind of problem), each group counted with its first case. */
  const report = (problems: string[]) => {
    const groups = new Map<string, { count: number; first: string }>();
    for (const problem of problems) {
      const key = problem.replace(/^(\S+ [^ ?[]*)\S* \[[^\]]*\]: (.{0,60}).*$/s, "$1: $2");
      const group = groups.get(key) ?? { count: 0, first: problem };
      group.count++;
      groups.set(key, group);
    }
    const lines = [...groups.values()].map((g) => `${g.count}x ${g.first.slice(0, 300)}`);
    assert.equal(problems.length, 0, `${problems.length} problems in ${groups.size} groups:\n${lines.join("\n")}`);
  };
  const bothWays = (job: Omit<Job, "as">): Job[] => [{ ...job, as: "out" }, { ...job, as: "in" }, ...(job.surface === "mcp" ? [{ ...job, as: "key" as const }] : [])];
  /** Every address's plausible paths with its surface and methods. */
  const targets = () => addresses.flatMap((address) => plausiblePaths(address.template, o).map((path) => ({ address, path })));
  /** The methods a walk sends to an address when it means the address's own (a page: GET). */
  const ownMethods = (address: Address) => (address.methods.length ? address.methods : ["GET"]);

  test("the walk finds every /api route (next-auth's too) and every page", () => {
    const templates = addresses.map((a) => a.template);
    for (const expected of ["/api/auth/[...nextauth]", "/api/dashboard/links/[id]", "/api/domains/allowed", "/api/health", "/links/[id]", "/login", "/editor/site/[websiteId]", "/", "/mcp"]) {
      assert.ok(templates.includes(expected), `${expected} in ${templates.join(", ")}`);
    }
    assert.ok(addresses.filter((a) => a.surface === "page").length >= 17, "17 pages");
    const auth = targets().filter((t) => t.address.template.startsWith("/api/auth/")).map((t) => t.path);
    for (const action of ["csrf", "session", "providers", "signin", "signout", "callback/credentials", "error", "signin/fuzzidp", "callback/fuzzidp"]) assert.ok(auth.includes(`/api/auth/${action}`), action);
  });

  test("every method, TRACE, PROPFIND, CONNECT and an unknown one included, signed out and in", async () => {
    // Methods no route has are answered before anyone is signed in: sent signed in only.
    const jobs = targets().flatMap(({ address, path }) =>
      METHODS.flatMap((method) => {
        const job = { surface: address.surface, request: { method, target: path } };
        return ROUTABLE.has(method) ? bothWays(job) : [{ ...job, as: "in" as const }];
      }),
    );
    jobs.push({ surface: "api", request: { method: "CONNECT", target: "example.com:443" }, as: "out" });
    report(await walk(jobs));
  });

  test("garbage cookies: a hop_workspace of %00 and its kin, broken session and next-auth cookies", async () => {
    const withSession = ["hop_workspace=%00", "hop_workspace=%ED%A0%80", "hop_workspace=%ZZ", `hop_workspace=${"x".repeat(4000)}`, "hop_workspace=acc_AAAAAAAAAAAAAAAAAAAA; hop_workspace=a%00b", "next-auth.csrf-token=%00; next-auth.callback-url=%ED%A0%80; =;;=%; ;a"];
    const instead = ["next-auth.session-token=%00", `next-auth.session-token=${"x".repeat(4000)}`, "next-auth.session-token=a.b.c.d.e"];
    const jobs = targets().flatMap(({ address, path }) =>
      ownMethods(address).flatMap((method) => [
        ...withSession.map((cookie): Job => ({ surface: address.surface, request: { method, target: path }, as: "in", cookie, note: cookie.slice(0, 40) })),
        ...instead.map((cookie): Job => ({ surface: address.surface, request: { method, target: path }, as: "out", cookie, note: cookie.slice(0, 40) })),
      ]),
    );
    report(await walk(jobs));
  });

  test("query strings with NUL, lone surrogates, U+3002, newlines and broken percent-encodings", async () => {
    const jobs = targets().flatMap(({ address, path }) =>
      ownMethods(address).flatMap((method) => QUERIES.flatMap((query) => bothWays({ surface: address.surface, request: { method, target: path + query }, note: query.slice(0, 24) }))),
    );
    report(await walk(jobs));
  });

  test("/login and /signup with a garbage callbackUrl: a page or a redirect on this origin", async () => {
    const jobs = ["/login", "/signup"].flatMap((page) =>
      CALLBACKS.flatMap((value) => bothWays({ surface: "page", request: { method: "GET", target: `${page}?callbackUrl=${value}` }, note: "callbackUrl" })),
    );
    report(await walk(jobs));
  });

  test("path segments: NUL, lone surrogates, U+3002, newlines, broken escapes, 3,000 characters", async () => {
    const jobs = addresses.flatMap((address) =>
      BAD_VALUES.flatMap((bad) => {
        const path = garbagePath(address.template, o, bad);
        return path ? ownMethods(address).map((method): Job => ({ surface: address.surface, request: { method, target: path }, as: "in" })) : [];
      }),
    );
    assert.ok(jobs.length >= 100, `${jobs.length} path cases`);
    report(await walk(jobs));
  });

  test("bodies: broken JSON, wrong types and content types, duplicate form fields, 2 MB whole and chunked", async () => {
    const jobs = targets().flatMap(({ address, path }) => {
      const json = address.surface === "api" || address.surface === "mcp";
      const methods = json ? address.methods.filter((m) => BODY_METHODS.has(m)) : ["POST"];
      const bodies = json ? BODIES : BODIES.filter((b) => b.name.startsWith("2 MB"));
      return methods.flatMap((method) =>
        bodies.flatMap(({ name, contentType, body, chunkedBytes }) =>
          bothWays({ surface: address.surface, request: { method, target: path, body, chunkedBytes, headers: contentType ? { "content-type": contentType } : {} }, note: name }),
        ),
      );
    });
    report(await walk(jobs));
  });
});
