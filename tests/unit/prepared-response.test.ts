import assert from "node:assert/strict";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { KEEP_ALIVE_MS, preparedResponse, writePreparedResponse } from "../../lib/http/prepared-response";
import { fromKept, htmlHeaders, send } from "../../lib/visit/respond";

// A kept answer (bio page, escape page, visitor 404) goes out as one prepared buffer where Node
// would send exactly those bytes, and through Node's own writeHead + end everywhere else. Checked
// on a real server over loopback, byte for byte, against what Node's own path sends.

process.env.HOP_LOG = "silent";
const body = Buffer.from(`<!doctype html><title>kept</title>${"<p>a page</p>".repeat(200)}`);
const KEPT = preparedResponse(200, { ...htmlHeaders("default-src 'none'", String(body.length)), vary: "Accept-Encoding" }, body);

interface Server {
  port: number;
  /** What writePreparedResponse answered for each /kept request, in order. */
  wired: boolean[];
  close: () => Promise<void>;
}

async function startServer(keepAliveTimeout = KEEP_ALIVE_MS): Promise<Server> {
  const wired: boolean[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === "/kept") {
      const wrote = writePreparedResponse(res, KEPT);
      wired.push(wrote);
      if (!wrote) send(res, { status: KEPT.status, headers: KEPT.headers, body: KEPT.body });
    } else if (req.url === "/public") {
      send(res, { status: KEPT.status, headers: KEPT.headers, body: KEPT.body });
    } else {
      setTimeout(() => send(res, { status: 200, headers: { "content-type": "text/plain" }, body: "slow" }), 80);
    }
  });
  server.keepAliveTimeout = keepAliveTimeout;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, wired, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

interface RawResponse {
  head: string;
  body: Buffer;
}

/** Writes `requests` at once on one connection and reads `count` responses (HEAD ones: no body). */
function exchange(port: number, requests: string, count: number, bodiless = false): Promise<{ responses: RawResponse[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let buffer = Buffer.alloc(0);
    const responses: RawResponse[] = [];
    let closed = false;
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no ${count} answers within 3 s`))), 3000);
    const finish = () => (clearTimeout(timer), socket.destroy(), resolve({ responses, closed }));
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end === -1) break;
        const head = buffer.subarray(0, end + 4).toString("latin1");
        const length = bodiless ? 0 : Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) break;
        responses.push({ head, body: buffer.subarray(end + 4, end + 4 + length) });
        buffer = buffer.subarray(end + 4 + length);
      }
      // A connection Node keeps open is given a moment to show it stays open.
      if (responses.length === count) setTimeout(finish, 50);
    });
    socket.on("end", () => (closed = true));
    socket.on("error", reject);
    socket.write(requests);
  });
}

const get = (path: string, extra = "") => `GET ${path} HTTP/1.1\r\nHost: example.test\r\n${extra}\r\n`;
const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]+/, "");

describe("a kept answer written in one piece", () => {
  let server: Server;
  before(async () => void (server = await startServer()));
  after(() => server.close());

  test("on a keep-alive GET: the bytes Node's own path sends, apart from the second in Date", async () => {
    server.wired.length = 0;
    const { responses, closed } = await exchange(server.port, get("/kept") + get("/public") + get("/kept"), 3);
    assert.deepEqual(server.wired, [true, true]);
    const [kept, publicPath, again] = responses;
    assert.equal(withoutDate(kept.head), withoutDate(publicPath.head));
    assert.match(kept.head, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(kept.head, /\r\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65\r\n\r\n$/);
    assert.deepEqual(kept.body, body);
    assert.deepEqual(publicPath.body, body);
    assert.deepEqual(again.body, body);
    assert.equal(closed, false, "the connection stays open");
  });

  test("behind a pipelined request answered later, it waits its turn", async () => {
    server.wired.length = 0;
    const { responses } = await exchange(server.port, get("/slow") + get("/kept"), 2);
    assert.deepEqual(server.wired, [true]);
    assert.equal(responses[0].body.toString(), "slow");
    assert.deepEqual(responses[1].body, body);
  });

  test("Connection: close, HTTP/1.0 and HEAD take Node's own path", async () => {
    server.wired.length = 0;
    const close = await exchange(server.port, get("/kept", "Connection: close\r\n"), 1);
    assert.match(close.responses[0].head, /\r\nConnection: close\r\n/);
    assert.deepEqual(close.responses[0].body, body);
    assert.equal(close.closed, true);

    const old = await exchange(server.port, "GET /kept HTTP/1.0\r\nHost: example.test\r\n\r\n", 1);
    assert.match(old.responses[0].head, /^HTTP\/1\.1 200 OK\r\n/);
    assert.deepEqual(old.responses[0].body, body);
    assert.equal(old.closed, true);

    const head = await exchange(server.port, `HEAD /kept HTTP/1.1\r\nHost: example.test\r\n\r\n`, 1, true);
    assert.match(head.responses[0].head, new RegExp(`\\r\\ncontent-length: ${body.length}\\r\\n`));
    assert.deepEqual(server.wired, [false, false, false]);
  });

  test("the Date header follows the clock", async () => {
    const first = await exchange(server.port, get("/kept"), 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await exchange(server.port, get("/kept"), 1);
    const dateOf = (r: RawResponse) => Date.parse(/\r\nDate: ([^\r]+)/.exec(r.head)![1]);
    assert.ok(dateOf(second.responses[0]) > dateOf(first.responses[0]), "a later second");
    assert.ok(Math.abs(dateOf(second.responses[0]) - Date.now()) < 2000);
  });
});

test("a server with another keep-alive timeout gets Node's own bytes (its Keep-Alive header)", async () => {
  const other = await startServer(5_000);
  try {
    const { responses } = await exchange(other.port, get("/kept"), 1);
    assert.match(responses[0].head, /\r\nKeep-Alive: timeout=5\r\n/);
    assert.deepEqual(other.wired, [false]);
  } finally {
    await other.close();
  }
});

test("a kept response is refused when Node would refuse its headers or its length is not the body's", () => {
  assert.throws(() => preparedResponse(200, { "content-length": "3", "x-bad": "a\r\nb" }, Buffer.from("abc")));
  assert.throws(() => preparedResponse(200, { "bad name": "x", "content-length": "3" }, Buffer.from("abc")));
  assert.throws(() => preparedResponse(200, { "content-length": "4" }, Buffer.from("abc")));
  assert.equal(fromKept(KEPT).prepared, KEPT, "every response of a kept answer shares its prepared response");
});
