import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { visit } from "../helpers/visit";
import { startServer, type HopServer } from "../helpers/server";

// Sign-up through the dashboard's route: the first account of an empty database gets `unlimited`,
// later ones DEFAULT_PLAN; SIGNUP=closed refuses all but that first one. Writes need a same-origin
// Origin header. And PORT alone gives short links that work.

function signUp(server: HopServer, body: Record<string, unknown>, origin: string | null = server.url) {
  return api(server, "POST", "/api/dashboard/signup", { body, headers: origin ? { origin } : {} });
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

  test("the first account gets unlimited, later ones DEFAULT_PLAN; a taken e-mail is 409 on its field", async () => {
    const first = await signUp(server, person("first@example.test"));
    assert.equal(first.status, 201);
    assert.equal(first.body.plan, "unlimited", "refused and invalid sign-ups before it made nothing");
    const second = await signUp(server, person("Second@Example.test"));
    assert.equal(second.status, 201);
    assert.equal(second.body.plan, "scaling");
    assert.equal(second.body.email, "second@example.test");
    const taken = await signUp(server, person("second@example.test"));
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error.field, "email");
  });

  test("dashboard writes without a session answer 401", async () => {
    const response = await api(server, "POST", "/api/dashboard/keys", { body: { name: "x", role: "full" }, headers: { origin: server.url } });
    assert.equal(response.status, 401);
    assert.equal(response.body.error.code, "not_signed_in");
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
