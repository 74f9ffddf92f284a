import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, beforeEach, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { visit } from "../helpers/visit";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Sign-up through the dashboard's route: the first account of an empty database gets `unlimited`,
// later ones DEFAULT_PLAN; SIGNUP=closed refuses all but that first one. Writes need a same-origin
// Origin header. Sign-ups are throttled per client address (5 an hour, an IPv6 one by its /64) and
// for the whole instance (30 a minute), with 429, Retry-After and a retry time in words. And PORT
// alone gives short links that work.

function signUp(server: HopServer, body: Record<string, unknown>, origin: string | null = server.url, forwardedFor?: string) {
  return api(server, "POST", "/api/dashboard/signup", { body, headers: { ...(origin ? { origin } : {}), ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) } });
}

const person = (email: string) => ({ name: "Pat", email, password: "long enough password" });

describe("dashboard sign-up", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { DEFAULT_PLAN: "scaling" } });
  });
  after(async () => {
    await server?.stop();
  });

  test("without a same-origin Origin header the request is refused and nothing is made", async () => {
    assert.equal((await signUp(server, person("x@example.test"), null)).status, 403);
    assert.equal((await signUp(server, person("x@example.test"), "https://evil.example")).status, 403);
  });

  test("invalid input answers 400 with the field and a message the form can show", async () => {
    const short = await signUp(server, { ...person("a@example.test"), password: "short" });
    assert.equal(short.status, 400);
    assert.equal(short.body.error.field, "password");
    assert.match(short.body.error.message, /at least 8 characters/);
    const email = await signUp(server, person("not-an-email"));
    assert.equal(email.body.error.field, "email");
  });

  test("the first account gets unlimited, later ones DEFAULT_PLAN; a taken e-mail answers as a new one would, and changes nothing", async () => {
    const first = await signUp(server, person("first@example.test"));
    assert.equal(first.status, 201);
    assert.equal(first.body.plan, "unlimited", "refused and invalid sign-ups before it made nothing");
    const second = await signUp(server, person("Second@Example.test"));
    assert.equal(second.status, 201);
    assert.equal(second.body.plan, "scaling");
    assert.equal(second.body.email, "second@example.test");
    // No enumeration (docs/decisions/001-sign-up-without-enumeration.md): the same status and shape.
    const taken = await signUp(server, { ...person("second@example.test"), password: "another long password" });
    const fresh = await signUp(server, person("third@example.test"));
    assert.equal(taken.status, fresh.status);
    assert.deepEqual(Object.keys(taken.body).sort(), Object.keys(fresh.body).sort());
    assert.equal(taken.body.plan, fresh.body.plan);
    assert.equal(taken.body.email, "second@example.test");
    assert.notEqual(taken.body.id, second.body.id, "nothing of the existing account is shown");
    assert.doesNotMatch(taken.text, /exists|already|taken/i);
  });

  test("dashboard writes without a session answer 401", async () => {
    const response = await api(server, "POST", "/api/dashboard/keys", { body: { name: "x", role: "full" }, headers: { origin: server.url } });
    assert.equal(response.status, 401);
    assert.equal(response.body.error.code, "not_signed_in");
  });
});

describe("sign-up throttle (behind one proxy, TRUST_PROXY=true)", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true" } });
  });
  after(async () => {
    await server?.stop();
  });
  // Both windows slide (an hour per address, a minute for everyone): start clear of a minute's end.
  beforeEach(async () => {
    const untilMinute = 60_000 - (Date.now() % 60_000);
    if (untilMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, untilMinute + 500));
  });

  const assertRefused = (res: { status: number; body: any; headers: Headers }, words: RegExp) => {
    assert.equal(res.status, 429, JSON.stringify(res.body));
    assert.equal(res.body.error.code, "too_many_attempts");
    assert.match(res.body.error.message, words);
    const retryAfter = Number(res.headers.get("retry-after"));
    assert.ok(retryAfter >= 1, `Retry-After ${res.headers.get("retry-after")}`);
    assert.equal(res.body.error.retryAfter, retryAfter);
  };

  test("one address may sign up 5 times an hour; the 6th is 429 with a retry time, and another address is not held up", async () => {
    const statuses = [];
    // A new client-written entry each time: the proxy's own (the last) is the address.
    for (let i = 0; i < 5; i += 1) statuses.push((await signUp(server, person(`a${i}@example.test`), server.url, `198.18.${i}.1, 203.0.113.20`)).status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201]);
    const refused = await signUp(server, person("a5@example.test"), server.url, "198.18.9.1, 203.0.113.20");
    assertRefused(refused, /^Too many sign-ups from this address\. Try again in \d+ minutes?\.$/);
    assert.ok(Number(refused.headers.get("retry-after")) <= 3600);
    assert.equal((await signUp(server, person("a5@example.test"), server.url, "203.0.113.21")).status, 201, "the refused try made no account");
    const invalid = await signUp(server, { ...person("a6@example.test"), password: "short" }, server.url, "203.0.113.22");
    assert.equal(invalid.status, 400, "an invalid form is answered before the throttle");
  });

  test("IPv6 addresses within one /64 share one budget", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await signUp(server, person(`v${i}@example.test`), server.url, `2001:db8:50:1::${i + 1}`)).status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);
    assert.equal((await signUp(server, person("v6@example.test"), server.url, "2001:db8:50:2::1")).status, 201, "the next /64 is another address");
  });

  test("at most 30 sign-ups a minute in all, whatever the addresses", async () => {
    // At once, so the burst falls within one minute however slow the machine (each try is counted
    // on arrival, before its bcrypt hash).
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signUp(server, person(`m${i}@example.test`), server.url, `192.0.2.${i + 1}`)));
    // Each is made, refused, or — on a machine too busy to give it a database connection in time —
    // a 503 to retry (its point given back); never more than 30 made, never a 500.
    const statuses = answers.map((res) => res.status);
    const refused = answers.filter((res) => res.status === 429);
    const busy = statuses.filter((status) => status === 503).length;
    assert.deepEqual(statuses.filter((status) => ![201, 429, 503].includes(status)), [], statuses.join(","));
    assert.ok(statuses.filter((status) => status === 201).length <= 30, statuses.join(","));
    assert.ok(refused.length >= 1 && refused.length + busy >= 10, `too few 429s in ${statuses.join(",")}`);
    assertRefused(refused[0], /^Too many sign-ups on this server right now\. Try again in 1 minute\.$/);
    assert.ok(Number(refused[0].headers.get("retry-after")) <= 60);
  });
});

describe("SIGNUP=closed", () => {
  let server: HopServer;
  after(async () => {
    await server?.stop();
  });

  test("the first account of an empty database may still sign up, nobody after it", async () => {
    server = await startServer({ env: { SIGNUP: "closed" } });
    assert.equal((await signUp(server, person("operator@example.test"))).status, 201);
    const refused = await signUp(server, person("someone@example.test"));
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, "signup_closed");
    const page = await fetch(`${server.url}/signup`);
    assert.match(await page.text(), /Sign-up is closed/);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe("PORT alone", () => {
  let server: HopServer;
  after(async () => {
    await server?.stop();
  });

  test("short URLs and the printed address follow PORT when APP_URL is unset, and the short link redirects", async () => {
    const port = await freePort();
    server = await startServer({ env: { PORT: String(port) } });
    assert.match(server.logs(), new RegExp(`Hop is running: open http://localhost:${port}`));
    const account = await createAccount(server);
    const created = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/port", slug: "port-link" } });
    assert.equal(created.status, 201);
    const shortUrl = String(created.body.shortUrl ?? created.body.url ?? created.body.data?.url ?? "");
    assert.equal(new URL(shortUrl).host, `localhost:${port}`);
    const followed = await visit(server, `localhost:${port}`, "/port-link");
    assert.equal(followed.status, 302);
    assert.equal(followed.headers.location, "https://example.com/port");
  });
});
