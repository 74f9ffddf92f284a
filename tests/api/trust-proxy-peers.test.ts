import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { BROWSER_UA, PRIMARY } from "../helpers/visit";
import { trustProxyHostWarning, parseProxyTrust, type ProxyTrust } from "../../lib/net/proxy-trust";

// TRUST_PROXY=true (or a hop count) trusts a socket peer only on a loopback or private address
// (docs/self-hosting-tls.md, "Behind proxies"): a client that reaches the port from the Internet
// is the client, whatever X-Forwarded-For or cf-ipcountry it sends. 127.0.0.2 stands in for such a
// client (HOP_TEST_PUBLIC_PEERS), 127.0.0.1 for the proxy.

const PUBLIC_PEER = "127.0.0.2";

function from(server: HopServer, localAddress: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, localAddress, path, method: body === undefined ? "GET" : "POST", agent: false, headers: { host: PRIMARY, "user-agent": BROWSER_UA, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("TRUST_PROXY=true and a peer on a public address", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true", HOP_TEST_PUBLIC_PEERS: PUBLIC_PEER } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  test("a public peer's X-Forwarded-For is its own word: rotating it escapes no per-address limit", async () => {
    const made = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/locked", slug: "peer-locked", password: "open sesame" } });
    assert.equal(made.status, 201, made.text);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const direct: number[] = [];
    for (let i = 0; i < 11; i += 1) direct.push((await from(server, PUBLIC_PEER, "/peer-locked", { ...form, "x-forwarded-for": `198.51.100.${i + 1}` }, `password=guess-${i}`)).status);
    assert.deepEqual(direct, [...Array(10).fill(401), 429], "counted as one address: the peer's");
    const proxied: number[] = [];
    for (let i = 0; i < 11; i += 1) proxied.push((await from(server, "127.0.0.1", "/peer-locked", { ...form, "x-forwarded-for": `198.51.100.${i + 1}` }, `password=guess-${i}`)).status);
    assert.deepEqual(proxied, Array(11).fill(401), "through the loopback proxy each forwarded address is its own client");
  });

  test("a public peer's country header is ignored; the proxy's is read", async () => {
    const made = await api(server, "POST", "/v1/links", {
      key: account.key,
      body: { url: "https://example.com/world", slug: "peer-geo", geoRules: [{ countries: ["GB"], redirectUrl: "https://example.com/gb" }] },
    });
    assert.equal(made.status, 201, made.text);
    const direct = await from(server, PUBLIC_PEER, "/peer-geo", { "cf-ipcountry": "GB", "x-forwarded-for": "81.2.69.160" });
    assert.equal(direct.location, "https://example.com/world");
    const proxied = await from(server, "127.0.0.1", "/peer-geo", { "cf-ipcountry": "GB", "x-forwarded-for": "198.51.100.77" });
    assert.equal(proxied.location, "https://example.com/gb");
  });
});

test("a server started with TRUST_PROXY on a HOST taken as public logs the warning", async () => {
  // 127.0.0.2 stands in for a public interface (HOP_TEST_PUBLIC_PEERS): nothing listens beyond loopback.
  const server = await startServer({ env: { TRUST_PROXY: "true", HOST: PUBLIC_PEER, HOP_TEST_PUBLIC_PEERS: PUBLIC_PEER, HOP_LOG: "info" } });
  try {
    const warning = server.logs().split("\n").find((line) => line.includes("TRUST_PROXY is set and HOST="));
    assert.ok(warning, server.logs());
    assert.equal(JSON.parse(warning).level, "warn");
  } finally {
    await server.stop();
  }
});

test("the start warns when TRUST_PROXY is set and HOST reaches beyond private networks", () => {
  const trust = parseProxyTrust("true") as ProxyTrust;
  for (const host of ["0.0.0.0", "::", "203.0.113.9", "hop.example.com"]) assert.match(String(trustProxyHostWarning(trust, host)), /TRUST_PROXY is set and HOST=/, host);
  for (const host of ["127.0.0.1", "::1", "10.0.0.5", "192.168.1.2", "fd00::5"]) assert.equal(trustProxyHostWarning(trust, host), null, host);
  assert.equal(trustProxyHostWarning({ kind: "none" }, "0.0.0.0"), null);
});
