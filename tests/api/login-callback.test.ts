import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { person, send, type Person } from "../helpers/dashboard-routes";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// Where the app sends a browser after signing in — the login page's `callbackUrl`, next-auth's
// callback URL (query, form field or cookie) — is a path on this origin: anything else becomes
// "/". A control character or backslash never reaches a Location header, and no value answers 5xx.

/** callbackUrl values as written in the query (percent-encoded as an attacker would send them). */
const HOSTILE = [
  "%2F%09%2Fevil.test%2Fphish",
  "%2F%09%5Cevil.test%2Fphish",
  "%2F%5Cevil.test",
  "%5C%5Cevil.test",
  "%2F%2Fevil.test",
  "%2F%2F%2Fevil.test",
  "%20%2F%2Fevil.test",
  "%2F.%2F%2Fevil.test",
  "%2F..%2F%2Fevil.test%2F",
  "%2F%252F%252Fevil.test",
  "%2F%2509%2Fevil.test",
  "https%3A%2F%2Fevil.test%2Fphish",
  "http%3Aevil.test",
  "https%3A%2F%2F127.0.0.1%40evil.test%2F",
  "%2F%2Fevil%E3%80%82test",
  "javascript%3Aalert(document.domain)",
  "data%3Atext%2Fhtml%2C%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%2F%0A%2Fx",
  "%2F%0D%2Fx",
  "%2F%00",
  "%00",
  "%ED%A0%80",
  "%2F%ED%A0%80",
  "%2F%E3%80%82",
  "%2F%C2%85%2Fevil.test",
  "x".repeat(5000),
];

/** A Location (or next-auth `url`) the browser would follow to this server, as a printable path. */
function assertOwnPath(server: HopServer, location: string | undefined | null, label: string) {
  assert.ok(location, `${label}: no location`);
  assert.match(location, /^[\x21-\x7e]*$/, `${label}: ${JSON.stringify(location)} has a control, space or non-ASCII character`);
  assert.ok(!location.includes("\\"), `${label}: ${location} has a backslash`);
  const target = new URL(location, server.url);
  assert.equal(target.origin, server.url, `${label}: ${location} leaves the origin`);
  assert.ok(!target.pathname.startsWith("//"), `${label}: ${location} is a scheme-relative path`);
  assert.ok(!/evil/.test(target.hostname), label);
}

describe("where sign-in sends the browser (callbackUrl)", () => {
  let server: HopServer;
  let signedIn: Person;
  before(async () => {
    server = await sharedServer();
    signedIn = await person(server);
  });
  after(() => server?.stop());

  test("signed in, /login?callbackUrl=<hostile> redirects to a path of this origin, never 5xx", async () => {
    for (const value of HOSTILE) {
      const answer = await send(server, "GET", `/login?callbackUrl=${value}`, { cookie: signedIn.cookie });
      assert.ok([302, 303, 307].includes(answer.status), `${value}: status ${answer.status} ${answer.text.slice(0, 200)}`);
      assertOwnPath(server, answer.headers.location as string, value);
    }
  });

  test("signed in, a same-origin callbackUrl is kept with its query; the login and signup pages are not targets", async () => {
    const cases: Array<[string, string]> = [
      ["%2Flinks%3Fsort%3Dclicks%26q%3Da%2Bb", "/links?sort=clicks&q=a+b"],
      ["%2Flinks%2Fabc%23stats", "/links/abc#stats"],
      ["%2Flogin%3FcallbackUrl%3D%2Flogin", "/"],
      ["%2Fsignup", "/"],
    ];
    for (const [value, expected] of cases) {
      const answer = await send(server, "GET", `/login?callbackUrl=${value}`, { cookie: signedIn.cookie });
      assert.equal(answer.status, 307, value);
      assert.equal(answer.headers.location, expected, value);
    }
  });

  test("signed out, the login page renders (200) and hands its form only a safe path", async () => {
    for (const value of HOSTILE) {
      const answer = await send(server, "GET", `/login?callbackUrl=${value}`);
      assert.equal(answer.status, 200, `${value}: ${answer.text.slice(0, 200)}`);
      // The form's prop travels in the page's flight data as JSON inside a script string (a
      // backslash there is an escape: the unsafe value before the fix).
      const prop = /callbackUrl\\":\\"((?:[^"\\]|\\\\[^"])*)\\"/.exec(answer.text);
      assert.ok(prop, `${value}: no callbackUrl prop in the page`);
      assertOwnPath(server, prop[1], `${value} (the form's target)`);
    }
  });

  test("next-auth's callbackUrl (query, form field, cookie) stays on this origin and never answers 5xx", async () => {
    for (const value of HOSTILE) {
      const signin = await send(server, "GET", `/api/auth/signin?callbackUrl=${value}`);
      assert.equal(signin.status, 302, `${value}: ${signin.status} ${signin.text.slice(0, 200)}`);
      const login = new URL(String(signin.headers.location), server.url);
      assert.equal(login.pathname, "/login", value);
      assertOwnPath(server, login.searchParams.get("callbackUrl"), `${value} via /api/auth/signin`);

      const csrf = await send(server, "GET", "/api/auth/csrf", { headers: { cookie: `next-auth.callback-url=${value}` } });
      assert.equal(csrf.status, 200, `${value} in the cookie: ${csrf.status} ${csrf.text.slice(0, 200)}`);
      for (const cookie of [csrf.headers["set-cookie"] ?? []].flat()) {
        if (cookie.startsWith("next-auth.callback-url=")) assertOwnPath(server, decodeURIComponent(cookie.split(";")[0].split("=")[1]), `${value} cookie`);
      }
    }
  });

  test("a sign-in posted with a hostile callbackUrl answers a url on this origin", async () => {
    for (const value of HOSTILE.filter((v) => !/%00|x{100}/.test(v))) {
      const token = await fetch(`${server.url}/api/auth/csrf`);
      const cookie = token.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const { csrfToken } = (await token.json()) as { csrfToken: string };
      const body = new URLSearchParams({ email: signedIn.email, password: "correct horse battery", csrfToken, json: "true" });
      const raw = `${body}&callbackUrl=${value}`;
      const answer = await send(server, "POST", "/api/auth/callback/credentials", { raw, contentType: "application/x-www-form-urlencoded", headers: { cookie } });
      assert.equal(answer.status, 200, `${value}: ${answer.status} ${answer.text.slice(0, 200)}`);
      assertOwnPath(server, answer.body.url, value);
    }
  });
});
