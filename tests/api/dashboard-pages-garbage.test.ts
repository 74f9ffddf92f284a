import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { objectsOf, person, send, type Objects, type Person } from "../helpers/dashboard-routes";
import { ROOT, startServer, type HopServer } from "../helpers/server";

// The server-rendered pages, found by walking app/ for page.tsx, fetched while signed in with
// garbage in every query parameter they read (page, sort, search, ids, dates…) and in their path
// segments: each answers a designed page (the list with defaults, a not-found, a redirect), never a
// 500 and never a hang.

/** `/links/[id]` for app/(dashboard)/links/[id]/page.tsx; route groups drop out of the path. */
function pages(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== "api" && entry !== "v1") walk(full);
      } else if (entry === "page.tsx") {
        const parts = path.relative(path.join(ROOT, "app"), dir).split(path.sep).filter((p) => p && !/^\(.*\)$/.test(p));
        found.push("/" + parts.join("/"));
      }
    }
  };
  walk(path.join(ROOT, "app"));
  return found;
}

/** The names the pages read (grep searchParams in app/), and some they do not. */
const NAMES = ["page", "sort", "order", "q", "search", "tag", "domain", "groupId", "type", "id", "from", "to", "timeframe", "limit", "status", "tab", "callbackUrl", "error"];
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

function garbageQueries(): string[] {
  const queries = VALUES.map((v) => "?" + NAMES.map((n) => `${n}=${v}`).join("&"));
  queries.push("?page=2&page=3&sort[]=x&id[a]=b", "?from=2030-01-01&to=2020-01-01", "?from=1970-01-01&to=2999-12-31", "?" + "&q=x".repeat(1500));
  return queries;
}

function fillPage(template: string, o: Objects, garbage?: string): string {
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => garbage ?? (name === "websiteId" ? encodeURIComponent(o.website) : template.startsWith("/editor") ? o.draft : o.link));
}

describe("dashboard pages with garbage parameters", () => {
  let server: HopServer;
  let owner: Person;
  let o: Objects;
  before(async () => {
    server = await startServer();
    owner = await person(server);
    o = await objectsOf(server, owner);
  });
  after(() => server.stop());

  test("the walk finds the dashboard's pages", () => {
    const found = pages();
    for (const expected of ["/links", "/links/[id]", "/analytics/link", "/websites/contacts", "/editor/[id]"]) assert.ok(found.includes(expected), `${expected} in ${found.join(", ")}`);
  });

  test("every page, signed in, with garbage in every query parameter: a designed answer, never a 500", async () => {
    const problems: string[] = [];
    for (const template of pages()) {
      for (const query of ["", ...garbageQueries()]) {
        const url = fillPage(template, o) + query;
        const answer = await send(server, "GET", url, { cookie: owner.cookie });
        if (answer.status >= 500) problems.push(`${url.slice(0, 120)}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("pages with ids in the path: absurd ids are a not-found page or a redirect, never a 500", async () => {
    const ids = ["x".repeat(3000), "%00", "a%00b", "%2500", "%25ZZ", "%ZZ", "%ED%A0%80", "%ff", "ñandú", "%2e%2e", "a%2Fb", "'%20OR%201=1--"];
    const problems: string[] = [];
    for (const template of pages().filter((p) => p.includes("["))) {
      for (const id of ids) {
        const url = fillPage(template, o, id);
        const answer = await send(server, "GET", url, { cookie: owner.cookie });
        if (answer.status >= 500) problems.push(`${url.slice(0, 120)}: ${answer.status}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("with an undecodable session or workspace cookie the pages answer as signed out or in the own workspace", async () => {
    const problems: string[] = [];
    for (const template of pages().filter((p) => !p.includes("["))) {
      for (const cookie of ["next-auth.session-token=%ZZ", `${owner.cookie}; hop_workspace=%E0%A4%A`, `${owner.cookie}; hop_workspace=${"x".repeat(3000)}`]) {
        const answer = await send(server, "GET", template, { cookie });
        if (answer.status >= 500) problems.push(`${template} [${cookie.slice(-30)}]: ${answer.status}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
