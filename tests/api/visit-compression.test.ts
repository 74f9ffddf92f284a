import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { api, createAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { framedLength, PRIMARY, visitBytes } from "../helpers/visit";

// A bio page goes out in the coding the browser asks for (br, else gzip), compressed once and
// kept: the same page as the uncompressed bytes, about a third of their size. Under `next start`
// Next compresses what proxy.ts returns itself, gzip only and never a HEAD's, and drops a
// Content-Encoding set there (docs/visitor-path.md, "Under next start").

const CHROME = "gzip, deflate, br, zstd";
const links = Array.from({ length: 10 }, (_, i) => ({ type: "simple", title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));

describe("bio pages: content coding", () => {
  let server: HopServer;
  let path: string;
  before(async () => {
    server = await sharedServer();
    const account = await createAccount(server);
    const site = await api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "zip", templateId: "simple-stack-v2", data: { profile: { name: "Zip" }, links } } });
    assert.equal(site.status, 201, site.text);
    path = `/site/${site.body.id}`;
  });
  after(() => server.stop());

  test("br for a browser, gzip where br is not taken, the bytes as they are otherwise: one page", async () => {
    const plain = await visitBytes(server, PRIMARY, path);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(plain.headers.vary, "Accept-Encoding");
    assert.match(plain.body.toString(), /Link 10/);

    const br = await visitBytes(server, PRIMARY, path, { "accept-encoding": CHROME });
    const coding = server.app === "next start" ? "gzip" : "br";
    assert.equal(br.headers["content-encoding"], coding);
    assert.equal(br.headers.vary, "Accept-Encoding");
    assert.equal(br.headers["content-length"], framedLength(server, br.body));
    assert.deepEqual(coding === "br" ? brotliDecompressSync(br.body) : gunzipSync(br.body), plain.body);
    assert.ok(br.body.length < plain.body.length / 2, `${br.body.length} of ${plain.body.length} bytes`);
    assert.equal(br.headers["content-security-policy"], plain.headers["content-security-policy"]);

    const gzip = await visitBytes(server, PRIMARY, path, { "accept-encoding": "br;q=0, gzip" });
    assert.equal(gzip.headers["content-encoding"], "gzip");
    assert.deepEqual(gunzipSync(gzip.body), plain.body);

    const refused = await visitBytes(server, PRIMARY, path, { "accept-encoding": "identity, *;q=0" });
    assert.equal(refused.headers["content-encoding"], undefined);
    assert.deepEqual(refused.body, plain.body);
  });

  test("on a keep-alive connection (one prepared write) the same headers, in the same order, and the same bytes", async () => {
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const fetchRaw = (agent: http.Agent | false) =>
      new Promise<{ raw: string[]; body: Buffer }>((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port: new URL(server.url).port, path, agent, headers: { host: PRIMARY, "accept-encoding": CHROME } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ raw: res.rawHeaders, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
      });
    const pairs = (raw: string[]) => raw.flatMap((name, i) => (i % 2 === 0 ? [`${name}: ${raw[i + 1]}`] : []));
    const sameEither = (raw: string[]) => pairs(raw).filter((line) => !/^(date|connection|keep-alive):/i.test(line));
    try {
      const closing = await fetchRaw(false);
      const first = await fetchRaw(keepAlive);
      const second = await fetchRaw(keepAlive);
      assert.deepEqual(sameEither(first.raw), sameEither(closing.raw));
      assert.deepEqual(sameEither(second.raw), sameEither(closing.raw));
      // Node writes Date, Connection and Keep-Alive after the answer's own headers; a body streamed
      // without a length (every answer Next writes for proxy.ts) is chunked, said last.
      const framing = server.app === "next start" ? ["Transfer-Encoding: chunked"] : [];
      assert.match(pairs(first.raw).at(-3 - framing.length)!, /^Date: /);
      assert.deepEqual(pairs(first.raw).slice(-2 - framing.length), ["Connection: keep-alive", "Keep-Alive: timeout=65", ...framing]);
      assert.deepEqual(first.body, closing.body);
      assert.deepEqual(second.body, closing.body);
    } finally {
      keepAlive.destroy();
    }
  });

  test("HEAD carries the GET's headers for the same coding, no body (under next start, Next's compression leaves a HEAD uncoded)", async () => {
    const get = await visitBytes(server, PRIMARY, path, { "accept-encoding": CHROME });
    const head = await visitBytes(server, PRIMARY, path, { "accept-encoding": CHROME }, "HEAD");
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers["content-encoding"], server.app === "next start" ? undefined : "br");
    assert.equal(head.headers["content-length"], get.headers["content-length"]);
  });

  test("the 404 page is small and goes out as it is", async () => {
    const missing = await visitBytes(server, PRIMARY, "/no-such-page", { "accept-encoding": CHROME });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers["content-encoding"], undefined);
    assert.match(missing.body.toString(), /This link does not exist/);
  });
});
