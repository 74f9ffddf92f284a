import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { admin, startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";

// Dashboard sign-in (next-auth credentials) is limited per e-mail (10 failures / 15 min) and per
// client IP (50 / 15 min): lib/limits/limiter.ts, in the app's Redis when REDIS_URL is set, in
// process otherwise. Unknown e-mail and wrong password answer alike.

const PASSWORD = "the right password";

interface Attempt {
  status: number;
  body: any;
  retryAfter: string | null;
  signedIn: boolean;
  ms: number;
}

/** One sign-in exactly as the login page makes it: CSRF token, then the credentials callback. */
async function attempt(server: HopServer, email: string, password: string, headers: Record<string, string> = {}): Promise<Attempt> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const started = performance.now();
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  const ms = performance.now() - started;
  const body = await response.json().catch(() => undefined);
  const signedIn = response.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="));
  return { status: response.status, body, retryAfter: response.headers.get("retry-after"), signedIn, ms };
}

/** A CSRF token and its cookie, as the login page fetches them first. */
async function csrfPair(server: HopServer): Promise<{ cookie: string; csrfToken: string }> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

/** A credentials sign-in whose body is written by hand (the tricks the login page never sends). */
async function rawAttempt(server: HopServer, contentType: string, body: (csrfToken: string) => string): Promise<Attempt> {
  const { cookie, csrfToken } = await csrfPair(server);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": contentType, cookie },
    body: body(csrfToken),
  });
  const ms = performance.now() - started;
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the text stands.
  }
  const signedIn = response.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="));
  return { status: response.status, body: parsed, retryAfter: response.headers.get("retry-after"), signedIn, ms };
}

const FORM = "application/x-www-form-urlencoded";
const form = (fields: Array<[string, string]>) => new URLSearchParams(fields).toString();

function assertRefused(result: Attempt, label: string, field?: string) {
  assert.equal(result.status, 400, `${label}: ${JSON.stringify(result.body)}`);
  assert.match(result.body?.error?.code ?? "", /^(invalid_request|missing_required_field|value_too_long)$/, label);
  if (field) assert.equal(result.body.error.field, field, label);
  assert.equal(result.signedIn, false, label);
}

async function account(server: HopServer): Promise<string> {
  const email = `u-${randomBytes(5).toString("hex")}@example.test`;
  await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "growth");
  return email;
}

function assertThrottled(result: Attempt) {
  assert.equal(result.status, 429);
  assert.equal(result.body.error.code, "too_many_attempts");
  assert.match(result.body.error.message, /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
  const retryAfter = Number(result.retryAfter);
  assert.ok(retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${result.retryAfter}`);
  assert.equal(result.body.error.retryAfter, retryAfter);
  assert.equal(result.signedIn, false);
}

describe(`dashboard sign-in throttle (${usingRedis ? "Redis" : "in process"})`, () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  test("the right password signs in; a wrong one answers 401 with no session", async () => {
    const email = await account(server);
    const ok = await attempt(server, email, PASSWORD);
    assert.equal(ok.status, 200);
    assert.equal(ok.signedIn, true);
    const wrong = await attempt(server, email, "wrong");
    assert.equal(wrong.status, 401);
    assert.match(wrong.body.url, /error=CredentialsSignin/);
    assert.equal(wrong.signedIn, false);
  });

  test("after 10 failures for one e-mail the 11th attempt is 429 with a retry time, even with the right password", async () => {
    const email = await account(server);
    for (let i = 1; i <= 10; i++) assert.equal((await attempt(server, email, `guess-${i}`)).status, 401, `attempt ${i}`);
    assertThrottled(await attempt(server, email, "guess-11"));
    assertThrottled(await attempt(server, email, PASSWORD));
    assertThrottled(await attempt(server, email.toUpperCase(), PASSWORD));
    const other = await account(server);
    assert.equal((await attempt(server, other, PASSWORD)).status, 200, "another e-mail from the same IP still signs in");
  });

  test("a successful sign-in is not counted: only failures use the budget", async () => {
    const email = await account(server);
    for (let i = 1; i <= 9; i++) assert.equal((await attempt(server, email, `guess-${i}`)).status, 401);
    for (let i = 0; i < 3; i++) assert.equal((await attempt(server, email, PASSWORD)).status, 200);
    assert.equal((await attempt(server, email, "guess-10")).status, 401);
    assertThrottled(await attempt(server, email, "guess-11"));
  });

  test("a field sent twice is refused with 400 before it is counted or tried, even with the right password", async () => {
    const email = await account(server);
    const cases: Array<[string, (csrf: string) => string]> = [
      ["junk e-mail first", (csrf) => form([["email", "junk1@x.io"], ["email", email], ["password", PASSWORD], ["csrfToken", csrf], ["json", "true"]])],
      ["junk e-mail last", (csrf) => form([["email", email], ["email", "junk1@x.io"], ["password", PASSWORD], ["csrfToken", csrf], ["json", "true"]])],
      ["password twice", (csrf) => form([["email", email], ["password", "wrong"], ["password", PASSWORD], ["csrfToken", csrf], ["json", "true"]])],
      ["csrfToken twice", (csrf) => form([["email", email], ["password", PASSWORD], ["csrfToken", "x"], ["csrfToken", csrf], ["json", "true"]])],
    ];
    for (const [label, body] of cases) assertRefused(await rawAttempt(server, FORM, body), label);
    assert.equal((await attempt(server, email, PASSWORD)).status, 200, "the form as the login page sends it still signs in");
  });

  test("only a URL-encoded form is accepted: JSON, multipart and text are 400, the JSON body '[' too", async () => {
    const email = await account(server);
    const credentials = (csrf: string) => ({ email, password: PASSWORD, csrfToken: csrf, json: "true" });
    assertRefused(await rawAttempt(server, "application/json", (csrf) => JSON.stringify(credentials(csrf))), "JSON credentials", "content-type");
    assertRefused(await rawAttempt(server, "application/json", () => "["), "JSON '['", "content-type");
    assertRefused(await rawAttempt(server, "text/plain", (csrf) => form(Object.entries(credentials(csrf)))), "text/plain", "content-type");
    assertRefused(
      await rawAttempt(server, "multipart/form-data; boundary=x", (csrf) =>
        Object.entries(credentials(csrf)).map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") + "--x--\r\n"),
      "multipart",
      "content-type",
    );
    const unknown = await rawAttempt(server, FORM, (csrf) => form([...Object.entries(credentials(csrf)), ["isAdmin", "true"]]));
    assertRefused(unknown, "an unknown field");
    assert.match(unknown.body.error.message, /isAdmin/);
    assertRefused(await rawAttempt(server, FORM, (csrf) => form([["password", PASSWORD], ["csrfToken", csrf]])), "no e-mail", "email");
    assertRefused(await rawAttempt(server, FORM, (csrf) => form([["email", email], ["password", "x".repeat(201)], ["csrfToken", csrf]])), "a password past 200", "password");
    assertRefused(await rawAttempt(server, FORM, (csrf) => form([["email", `a\u0000${email}`], ["password", PASSWORD], ["csrfToken", csrf]])), "a NUL in the e-mail", "email");
  });

  test("after 10 wrong tries for one e-mail however it is written, the 11th is 429; the refused tricks never sign in", async () => {
    const email = await account(server);
    const [local, domain] = email.split("@");
    const spellings = [email, email.toUpperCase(), `  ${email}  `, `${local.toUpperCase()}@${domain}`, `\t${email}`];
    for (let i = 1; i <= 10; i++) {
      const spelling = spellings[i % spellings.length];
      const wrong = await rawAttempt(server, FORM, (csrf) => form([["email", spelling], ["password", `guess-${i}`], ["csrfToken", csrf], ["json", "true"]]));
      assert.equal(wrong.status, 401, `wrong try ${i} as ${JSON.stringify(spelling)}`);
      // Tricks that used to be counted under another e-mail and tried on this one: refused, not tried.
      assertRefused(await rawAttempt(server, FORM, (csrf) => form([["email", `junk${i}@x.io`], ["email", email], ["password", PASSWORD], ["csrfToken", csrf], ["json", "true"]])), `duplicate ${i}`);
      assertRefused(await rawAttempt(server, "application/json", (csrf) => JSON.stringify({ email, password: PASSWORD, csrfToken: csrf, json: "true" })), `JSON ${i}`);
    }
    assertThrottled(await attempt(server, email, PASSWORD));
    assertThrottled(await rawAttempt(server, FORM, (csrf) => form([["email", ` ${email.toUpperCase()}`], ["password", PASSWORD], ["csrfToken", csrf], ["json", "true"]])));
  });
});

// The hash of a real cost (9; a run's default of 4 takes ~1 ms, within a busy machine's noise):
// the unknown e-mail's dummy compare then shows as a time of the same order as a real one.
describe("sign-in with an unknown e-mail compares a hash too", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { HOP_TEST_BCRYPT_COST: "9" } });
  });
  after(async () => {
    await server?.stop();
  });

  test("an unknown e-mail and a wrong password get the same answer and take comparable time", async () => {
    const email = await account(server);
    const unknown: Attempt[] = [];
    const wrong: Attempt[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await attempt(server, `nobody-${randomBytes(4).toString("hex")}@example.test`, "whatever"));
      wrong.push(await attempt(server, email, `wrong-${i}`));
    }
    for (const result of [...unknown, ...wrong]) {
      assert.equal(result.status, 401);
      assert.deepEqual(Object.keys(result.body), ["url"]);
      assert.match(result.body.url, /\/api\/auth\/error\?error=CredentialsSignin&provider=credentials$/);
    }
    // Both compare a bcrypt hash (a dummy one for the unknown e-mail): without it the unknown
    // e-mail would answer in a small fraction of the time.
    const median = (list: Attempt[]) => list.map((r) => r.ms).sort((a, b) => a - b)[2];
    assert.ok(median(unknown) > median(wrong) * 0.4, `unknown ${median(unknown)} ms vs wrong password ${median(wrong)} ms`);
  });
});

describe("dashboard sign-in throttle per client IP", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  test("50 failures from one IP over many e-mails, then even a fresh e-mail is refused; a forged client-IP header changes nothing", async () => {
    const results = [];
    for (let i = 0; i < 50; i++) {
      results.push(await attempt(server, `spray-${i}@example.test`, "password1", { "x-hop-client-ip": `10.9.${i}.1` }));
    }
    assert.deepEqual([...new Set(results.map((r) => r.status))], [401]);
    assertThrottled(await attempt(server, "spray-fresh@example.test", "password1", { "x-hop-client-ip": "10.99.0.1" }));
  });
});

if (usingRedis && usingPostgres) {
  describe("dashboard sign-in throttle across instances sharing Redis", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      const prefix = `hoptest:${randomBytes(6).toString("hex")}`;
      first = await startServer({ redisPrefix: prefix });
      second = await startServer({ shareWith: first });
    });
    after(async () => {
      await second?.stop();
      await first?.stop();
    });

    test("failures on two instances count toward one e-mail's budget together", async () => {
      const email = await account(first);
      for (let i = 1; i <= 10; i++) {
        const instance = i % 2 === 0 ? first : second;
        assert.equal((await attempt(instance, email, `guess-${i}`)).status, 401, `attempt ${i}`);
      }
      assertThrottled(await attempt(first, email, PASSWORD));
      assertThrottled(await attempt(second, email, PASSWORD));
    });
  });
}
