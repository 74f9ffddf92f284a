import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// Behind proxies (TRUST_PROXY), the client is the first address from the right of X-Forwarded-For
// (after the socket peer) that is not a trusted proxy: one hop (`true`), a hop count, or a list of
// CIDR ranges. Entries a client writes itself never decide, so rotating them escapes no limit, and
// an IPv6 address counts by its /64. A TRUST_PROXY that is none of these stops the start.


/** One wrong sign-in exactly as the login page makes it (CSRF token, then the credentials callback). */
async function wrongSignIn(server: HopServer, email: string, forwardedFor: string): Promise<number> {
  const headers = { "x-forwarded-for": forwardedFor };
  const csrf = await fetch(`${server.url}/api/auth/csrf`, { headers });
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ email, password: "wrong password", csrfToken, json: "true" }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("TRUST_PROXY=true: one proxy in front", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true" } });
  });
  after(() => server.stop());

  test("a new client-written X-Forwarded-For entry per try does not escape the sign-in limit per address (50)", async () => {
    const statuses: number[] = [];
    // A new e-mail each time, so only the address's budget can refuse; the proxy appended 10.0.0.5.
    for (let i = 0; i < 52; i += 1) statuses.push(await wrongSignIn(server, `rotate-${i}@example.test`, `198.18.${i}.1, 10.0.0.5`));
    assert.deepEqual(statuses.slice(0, 50), Array(50).fill(401));
    assert.deepEqual(statuses.slice(50), [429, 429]);
    assert.equal(await wrongSignIn(server, "other@example.test", "10.0.0.6"), 401, "another address has its own budget");
  });

  test("IPv6 addresses within one /64 share one sign-in budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i += 1) statuses.push(await wrongSignIn(server, `v6-${i}@example.test`, `2001:db8:42:7:${(i + 1).toString(16)}::1`));
    assert.deepEqual(statuses.slice(0, 50), Array(50).fill(401));
    assert.equal(statuses[50], 429);
    assert.equal(await wrongSignIn(server, "v6-next@example.test", "2001:db8:42:8::1"), 401, "the next /64 is another address");
  });

  test("IPv6 addresses within one /64 share the API's failed-authentication budget", async () => {
    // Failures are counted in fixed minutes: start clear of a minute's end.
    const untilMinute = 60_000 - (Date.now() % 60_000);
    if (untilMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, untilMinute + 500));
    const wrongKey = (i: number) => api(server, "GET", "/v1/links", { headers: { "x-forwarded-for": `2001:db8:43:1::${(i + 1).toString(16)}`, authorization: "Bearer hop_wrong" } });
    // At once, so all fall in one clock minute however slow the machine; then one more.
    const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => wrongKey(i)))).map((res) => res.status);
    assert.deepEqual([...new Set(statuses)], [401]);
    const refused = await wrongKey(60);
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.error.code, "rate_limit_exceeded");
  });
});

describe("TRUST_PROXY as a hop count or a list of ranges", () => {
  const servers: HopServer[] = [];
  after(async () => {
    for (const server of servers) await server.stop();
  });

  /** Where a link with a GB geo rule sends a visitor: GB only when 81.2.69.160 is taken for the client. */
  async function where(trustProxy: string, forwardedFor: string[]): Promise<string[]> {
    const server = await startServer({ env: { TRUST_PROXY: trustProxy } });
    servers.push(server);
    const { key } = await createAccount(server);
    const res = await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/main", slug: "ruled", geoRules: [{ countries: ["GB"], redirectUrl: "https://example.com/gb" }] } });
    assert.equal(res.status, 201, res.text);
    const out: string[] = [];
    for (const entry of forwardedFor) out.push(String((await visit(server, PRIMARY, "/ruled", { headers: { "x-forwarded-for": entry } })).headers.location));
    return out;
  }

  test("a list of CIDR ranges skips every proxy in it, wherever it stands", async () => {
    assert.deepEqual(await where("10.0.0.0/8,fd00::/8,127.0.0.1", ["81.2.69.160, 10.1.2.3", "81.2.69.160, fd00::7, 10.1.2.3", "81.2.69.160, 8.8.8.8, 10.1.2.3"]), [
      "https://example.com/gb",
      "https://example.com/gb",
      "https://example.com/main",
    ]);
  });

  test("a hop count of 2 (a CDN and our proxy) takes the second entry from the right", async () => {
    assert.deepEqual(await where("2", ["81.2.69.160, 8.8.8.8", "6.6.6.6, 81.2.69.160, 8.8.8.8", "8.8.8.8, 81.2.69.160"]), [
      "https://example.com/gb",
      "https://example.com/gb",
      "https://example.com/main",
    ]);
  });

  test("a TRUST_PROXY that is none of these stops the start with a message naming it", async () => {
    for (const value of ["yes", "10.0.0.0/33", "10.0.0.0/8,proxy.internal"]) {
      await assert.rejects(startServer({ env: { TRUST_PROXY: value, HOP_LOG: "info" } }), (error: Error) => {
        assert.match(error.message, /server exited with 1/);
        assert.match(error.message, /invalid configuration: .*TRUST_PROXY/i);
        return true;
      });
    }
  });
});
