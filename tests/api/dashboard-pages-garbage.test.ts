import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { objectsOf, person, send, type Objects, type Person } from "../helpers/dashboard-routes";
import { ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// The server-rendered pages, found by walking app/ for page.tsx, fetched while signed in with
// garbage in every query parameter they read (page, sort, search, ids, dates…) and in their path
// segments: each answers a designed page (the list with defaults, a not-found, a redirect), never a
// 500, never an error streamed into a 200, and never a hang.

/** `/links/[id]` → app/(dashboard)/links/[id]; route groups drop out of the path. */
function pageDirs(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== "api" && entry !== "v1") walk(full);
      } else if (entry === "page.tsx") {
        const parts = path.relative(path.join(ROOT, "app"), dir).split(path.sep).filter((p) => p && !/^\(.*\)$/.test(p));
        found.set("/" + parts.join("/"), dir);
      }
    }
  };
  walk(path.join(ROOT, "app"));
  return found;
}

const pages = (): string[] => [...pageDirs().keys()];

/** The names the pages read (grep searchParams in app/), and some they do not. */
const NAMES = ["page", "sort", "order", "q", "search", "tag", "domain", "groupId", "type", "id", "from", "to", "timeframe", "limit", "status", "tab", "callbackUrl", "error", "country", "device", "platform", "referrer"];
const VALUES = [
  "-1",
  "0",
  "abc",
  "1e309",
  "99999999999999999999999",
  "NaN",
  "%00",
  "a%00b",
  "%ZZ",
  "%ED%A0%80",
  "%ff%fe",
  "..%2F..%2Fetc",
  "2020-13-45",
  "9999-12-31T99:99:99Z",
  "%3Cscript%3Ealert(1)%3C/script%3E",
  "x".repeat(3000),
];

/**
 * Every name bad at once (what the layout and the sign-in redirect read: the whole query travels
 * in x-hop-path) and, for a page that reads its query, one name at a time too: a schema refusing
 * one bad member whole would hide the others. Alone, a name gets one value of each kind a reader
 * trips on — a NUL inside, a lone surrogate, a word where a number, date or choice goes, a
 * length past any bound; every value of VALUES reaches every name in the first set. A page that
 * never reads `searchParams` can't answer one bad name differently from all of them (no component
 * reads the query: checked below).
 */
function garbageQueries(readsQuery: boolean): string[] {
  const queries = VALUES.map((v) => "?" + NAMES.map((n) => `${n}=${v}`).join("&"));
  if (readsQuery) for (const name of NAMES) for (const value of ["a%00b", "%ED%A0%80", "abc", "x".repeat(3000)]) queries.push(`?${name}=${value}`);
  queries.push("?page=2&page=3&sort[]=x&id[a]=b", "?from=2030-01-01&to=2020-01-01", "?from=1970-01-01&to=2999-12-31", "?" + "&q=x".repeat(1500));
  return queries;
}

/** Whether the page at `template` reads its query string (its page.tsx takes `searchParams`). */
function readsQuery(template: string): boolean {
  const dir = pageDirs().get(template)!;
  return readFileSync(path.join(dir, "page.tsx"), "utf8").includes("searchParams");
}

/** Files under `dir` (sources only) that read the query on their own: none may, or the rule above is wrong. */
function queryReadersOutsidePages(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...queryReadersOutsidePages(full));
    else if (/\.(tsx?|jsx?)$/.test(entry) && entry !== "page.tsx" && /useSearchParams|\bsearchParams\s*[:}]/.test(readFileSync(full, "utf8"))) found.push(path.relative(ROOT, full));
  }
  return found;
}

/**
 * What went wrong in a page, or null. The dashboard streams (app/(dashboard)/loading.tsx), so a
 * page that throws after the shell is still a 200: its error travels as a digest, numeric for a
 * real error (notFound() and redirect() have named ones, and are designed answers).
 */
function pageProblem(status: number, html: string): string | null {
  if (status >= 500) return `status ${status}`;
  const digest = /data-dgst="(\d+)"|\$RX\("[^"]*","(\d+)"/.exec(html);
  return digest ? `the page threw (digest ${digest[1] ?? digest[2]})` : null;
}

/** Runs the jobs four at a time. */
async function inBatches(jobs: Array<() => Promise<void>>, size = 4): Promise<void> {
  for (let i = 0; i < jobs.length; i += size) await Promise.all(jobs.slice(i, i + size).map((job) => job()));
}

function fillPage(template: string, o: Objects, garbage?: string): string {
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => garbage ?? (name === "websiteId" ? encodeURIComponent(o.website) : template.startsWith("/editor") ? o.draft : o.link));
}

describe("dashboard pages with garbage parameters", () => {
  let server: HopServer;
  let owner: Person;
  let o: Objects;
  before(async () => {
    // A server of its own, not the run's shared one: thousands of page renders would slow the files beside it.
    server = await startServer();
    owner = await person(server);
    o = await objectsOf(server, owner);
  });
  after(() => server.stop());

  test("the walk finds the dashboard's pages", () => {
    const found = pages();
    for (const expected of ["/links", "/links/[id]", "/analytics/link", "/websites/contacts", "/editor/[id]"]) assert.ok(found.includes(expected), `${expected} in ${found.join(", ")}`);
    for (const expected of ["/links", "/analytics", "/analytics/link", "/websites", "/login"]) assert.ok(readsQuery(expected), `${expected} reads its query`);
    assert.deepEqual([...queryReadersOutsidePages(path.join(ROOT, "app")), ...queryReadersOutsidePages(path.join(ROOT, "components"))], [], "only pages read the query string");
  });

  test("every page, signed in, with garbage in every query parameter: a designed answer, never a 500", async () => {
    const problems: string[] = [];
    const jobs = pages().flatMap((template) =>
      ["", ...garbageQueries(readsQuery(template))].map((query) => async () => {
        const url = fillPage(template, o) + query;
        const answer = await send(server, "GET", url, { cookie: owner.cookie });
        const problem = pageProblem(answer.status, answer.text);
        if (problem) problems.push(`${url.slice(0, 120)}: ${problem}`);
      }),
    );
    await inBatches(jobs);
    assert.deepEqual(problems, []);
  });

  test("pages with ids in the path: absurd ids are a not-found page or a redirect, never a 500", async () => {
    const ids = ["x".repeat(3000), "%00", "a%00b", "%2500", "%25ZZ", "%ZZ", "%ED%A0%80", "%ff", "ñandú", "%2e%2e", "a%2Fb", "'%20OR%201=1--"];
    const problems: string[] = [];
    for (const template of pages().filter((p) => p.includes("["))) {
      for (const id of ids) {
        const url = fillPage(template, o, id);
        const answer = await send(server, "GET", url, { cookie: owner.cookie });
        const problem = pageProblem(answer.status, answer.text);
        if (problem) problems.push(`${url.slice(0, 120)}: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
    // Next would answer an undecodable path with a plain-text 500; the server answers it first.
    const undecodable = await send(server, "GET", "/links/%ZZ", { cookie: owner.cookie });
    assert.equal(undecodable.status, 400);
    assert.match(undecodable.text, /This address is not valid/);
    assert.match(String(undecodable.headers["content-security-policy"]), /default-src 'none'/);
  });

  test("with an undecodable session or workspace cookie, or a workspace no account can have (NUL), the pages answer as signed out or in the own workspace", async () => {
    const problems: string[] = [];
    for (const template of pages().filter((p) => !p.includes("["))) {
      const workspaces = ["%E0%A4%A", "x".repeat(3000), "%00", "a%00b", "%ED%A0%80"];
      for (const cookie of ["next-auth.session-token=%ZZ", ...workspaces.map((w) => `${owner.cookie}; hop_workspace=${w}`)]) {
        const answer = await send(server, "GET", template, { cookie });
        const problem = pageProblem(answer.status, answer.text);
        if (problem) problems.push(`${template} [${cookie.slice(-30)}]: ${problem}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("a method a page does not serve (POST, PUT, OPTIONS, TRACE, PROPFIND …) is a 405 page with Allow: GET, HEAD", async () => {
    const problems: string[] = [];
    for (const template of pages()) {
      const url = fillPage(template, o);
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"]) {
        const answer = await send(server, method, url, { cookie: owner.cookie });
        if (answer.status !== 405 || answer.headers.allow !== "GET, HEAD" || !/^text\/html/.test(answer.type)) {
          problems.push(`${method} ${url}: ${answer.status} Allow: ${answer.headers.allow} ${answer.type} ${answer.text.slice(0, 80)}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });
});
