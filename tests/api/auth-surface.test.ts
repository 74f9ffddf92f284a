import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { refusalProblem, send } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// next-auth's routes under /api/auth answer what they serve and nothing else: a wrong method is a
// JSON 405 with `Allow`, an unknown action a JSON 404, and garbage in a query, cookie or body a
// JSON 4xx in the dashboard's error shape — never a 5xx, never next-auth's plain-text 400.

describe("the /api/auth surface", () => {
  let server: HopServer;
  before(async () => {
    // Its log is read below (every line JSON, a bogus cookie not a line each).
    server = await startServer({ env: { HOP_LOG: "on" } });
  });
  after(() => server?.stop());

  test("bogus session cookies are not a way to grow the log: one JSON line a minute, never a stack", async () => {
    const before = server.logs().length;
    for (let i = 0; i < 40; i += 1) {
      const res = await send(server, "GET", "/api/auth/session", { cookie: `next-auth.session-token=forged-${i}.${"x".repeat(200)}` });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {});
    }
    const lines = server.logs().slice(before).split("\n").filter(Boolean);
    for (const line of lines) assert.doesNotThrow(() => JSON.parse(line), `not one JSON object: ${line.slice(0, 200)}`);
    const refused = lines.map((line) => JSON.parse(line)).filter((entry) => /session/i.test(entry.message));
    assert.ok(refused.length <= 1, `${refused.length} lines for 40 forged cookies`);
    assert.ok(lines.every((line) => !line.includes("    at ")), "no stack");
  });

  test("what the login page uses still answers: csrf, session, providers", async () => {
    const csrf = await send(server, "GET", "/api/auth/csrf");
    assert.equal(csrf.status, 200);
    assert.match(csrf.body.csrfToken, /^[0-9a-f]{64}$/);
    assert.deepEqual((await send(server, "GET", "/api/auth/session")).body, {});
    assert.deepEqual(Object.keys((await send(server, "GET", "/api/auth/providers")).body), ["credentials"]);
    assert.equal((await send(server, "HEAD", "/api/auth/csrf")).status, 200);
  });

  test("a method a route does not serve is 405 JSON with Allow", async () => {
    const cases: Array<[string, string, string]> = [
      ["GET", "/api/auth/callback/credentials", "OPTIONS, POST"],
      ["PUT", "/api/auth/callback/credentials", "OPTIONS, POST"],
      ["DELETE", "/api/auth/csrf", "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/auth/session", "GET, HEAD, OPTIONS, POST"],
      ["POST", "/api/auth/csrf", "GET, HEAD, OPTIONS"],
      ["POST", "/api/auth/providers", "GET, HEAD, OPTIONS"],
      ["POST", "/api/auth/error", "GET, HEAD, OPTIONS"],
      ["PUT", "/api/auth/signout", "GET, HEAD, OPTIONS, POST"],
      // Methods Next does not route reach the route as OPTIONS, marked by the server (lib/server/before-next.ts).
      ["TRACE", "/api/auth/csrf", "GET, HEAD, OPTIONS"],
      ["PROPFIND", "/api/auth/callback/credentials", "OPTIONS, POST"],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await send(server, method, path, ["GET", "TRACE"].includes(method) ? {} : { raw: "", contentType: "application/x-www-form-urlencoded" });
      assert.equal(refusalProblem(answer, 405), null, `${method} ${path}`);
      assert.equal(answer.body.error.code, "method_not_allowed", `${method} ${path}`);
      assert.equal(answer.headers.allow, allow, `${method} ${path}`);
    }
    const options = await send(server, "OPTIONS", "/api/auth/callback/credentials");
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, "OPTIONS, POST");
    const forged = await send(server, "OPTIONS", "/api/auth/csrf", { headers: { "x-hop-unrouted-method": "TRACE" } });
    assert.equal(forged.status, 204, "the unrouted-method mark is the server's own; a client's is dropped");
  });

  test("an action next-auth does not serve here is 404 JSON", async () => {
    for (const [method, path] of [
      ["GET", "/api/auth/nothing"],
      ["GET", "/api/auth/callback/github"],
      ["POST", "/api/auth/callback/github"],
      ["POST", "/api/auth/signin/email"],
      ["GET", "/api/auth/verify-request"],
      ["POST", "/api/auth/_log"],
      ["GET", "/api/auth/csrf/extra/parts"],
    ]) {
      const answer = await send(server, method, path, method === "POST" ? { raw: "", contentType: "application/x-www-form-urlencoded" } : {});
      assert.equal(refusalProblem(answer, 404), null, `${method} ${path}`);
    }
  });

  test("garbage in the error page's code, the cookies or the body is a 4xx, never a 5xx", async () => {
    for (const code of ["%ED%A0%80", "%00", "%0D%0ASet-Cookie:%20x=1", "%E3%80%82", "x".repeat(300)]) {
      const answer = await send(server, "GET", `/api/auth/error?error=${code}`);
      assert.equal(refusalProblem(answer, 400), null, code);
      assert.equal(answer.body.error.field, "error", code);
    }
    const known = await send(server, "GET", "/api/auth/error?error=CredentialsSignin");
    assert.equal(known.status, 302);
    assert.equal(new URL(String(known.headers.location), server.url).pathname, "/api/auth/signin");

    const json = await send(server, "POST", "/api/auth/callback/credentials", { raw: "[", contentType: "application/json" });
    assert.equal(refusalProblem(json, 400), null, "JSON '['");
    const signout = await send(server, "POST", "/api/auth/signout", { raw: "{", contentType: "application/json" });
    assert.equal(refusalProblem(signout, 400), null, "JSON '{' to sign-out");

    for (const cookie of ["next-auth.callback-url=%00", "next-auth.csrf-token=%ED%A0%80", "next-auth.session-token=%00%ff", "next-auth.callback-url=javascript%3Aalert(1)"]) {
      for (const path of ["/api/auth/csrf", "/api/auth/session", "/api/auth/signin", "/api/auth/signout"]) {
        const answer = await send(server, "GET", path, { headers: { cookie } });
        assert.ok(answer.status < 500, `${path} with ${cookie}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
  });
});
