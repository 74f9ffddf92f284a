import assert from "node:assert/strict";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { KEEP_ALIVE_MS, preparedResponse } from "../../lib/http/prepared-response";
import { fromKept, redirectResponse } from "../../lib/visit/respond";
import { batchedAnswers, sendInBatch } from "../../lib/visit/send-batch";

// Answers made in one turn of the event loop are written together at its end, in arrival order;
// none is lost, none waits beyond that turn. On a real server over loopback.

process.env.HOP_LOG = "silent";
const page = Buffer.from("<!doctype html><title>kept</title>");
const KEPT = preparedResponse(200, { "content-type": "text/html; charset=utf-8", "content-length": String(page.length) }, page);

let server: http.Server;
let port: number;
/** Per request, in order: how many answers waited when its own was queued, and whether anything of it was written then. */
const seen: Array<{ waiting: number; sentAtOnce: boolean }> = [];

before(async () => {
  server = http.createServer((req, res) => {
    sendInBatch(res, req.url === "/page" ? fromKept(KEPT) : redirectResponse(`https://example.com${req.url}`), performance.now());
    seen.push({ waiting: batchedAnswers(), sentAtOnce: res.headersSent });
  });
  // As server.ts has it: the kept page goes out as its one prepared write, here queued behind /a.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

/** Writes `raw` at once on one connection; resolves with what came back once `count` answers arrived. */
function exchange(raw: string, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`fewer than ${count} answers within 3 s: ${text}`))), 3000);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      // Every answer here ends with its head (a redirect) or the page's closing tag.
      if ((text.match(/HTTP\/1\.1 \d{3} /g) ?? []).length === count && (text.endsWith("\r\n\r\n") || text.endsWith("</title>"))) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      }
    });
    socket.on("error", reject);
    socket.write(raw);
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: example.test\r\n\r\n`;

test("a lone request is answered at the end of its turn, not at once", async () => {
  seen.length = 0;
  const text = await exchange(get("/one"), 1);
  assert.match(text, /^HTTP\/1\.1 302 Found\r\nlocation: https:\/\/example\.com\/one\r\n/);
  assert.deepEqual(seen, [{ waiting: 1, sentAtOnce: false }]);
  assert.equal(batchedAnswers(), 0, "nothing left waiting");
});

test("requests read in one turn are answered together, in the order they came", async () => {
  seen.length = 0;
  const text = await exchange(get("/a") + get("/page") + get("/b"), 3);
  assert.deepEqual(seen.map((s) => s.waiting), [1, 2, 3], "all three queued in one turn");
  assert.ok(seen.every((s) => !s.sentAtOnce));
  const order = [...text.matchAll(/^location: (\S+)|<title>(\w+)<\/title>/gm)].map((m) => m[1] ?? m[2]);
  assert.deepEqual(order, ["https://example.com/a", "kept", "https://example.com/b"]);
  assert.equal(batchedAnswers(), 0);
});
