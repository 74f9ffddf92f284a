import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { send, type VisitAnswer } from "../../lib/visit/respond";

// The last step of every visitor answer: whatever a stored row holds, the visitor gets an answer
// (a 500 page when the headers cannot be written), never a socket left open; and the visit is
// recorded only after the answer was written.

process.env.HOP_LOG = "silent";
let server: http.Server;
let port: number;
let nextAnswer: VisitAnswer;

before(async () => {
  server = http.createServer((_req, res) => send(res, nextAnswer));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/x", method, agent: false, timeout: 3000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("timeout", () => req.destroy(new Error("no answer within 3 s (hung)")));
    req.on("error", reject);
    req.end();
  });
}

for (const location of ["https://ja.wikipedia.org/wiki/日本", "https://example.com/\r\nSet-Cookie: a=b", "https://example.com/\u0000"]) {
  test(`a header that cannot be written (${JSON.stringify(location)}) answers a 500 page and records nothing`, async () => {
    let recorded = 0;
    nextAnswer = { status: 302, headers: { location }, body: "", onSent: { run: () => (recorded += 1), arg: null } };
    const res = await get();
    assert.equal(res.status, 500);
    assert.match(String(res.headers["content-type"]), /text\/html/);
    assert.match(res.body, /Something went wrong/);
    assert.equal(recorded, 0);
  });
}

test("a written answer is recorded once, after it was written", async () => {
  let recorded = 0;
  nextAnswer = { status: 302, headers: { location: "https://example.com/caf%C3%A9" }, body: "", onSent: { run: () => (recorded += 1), arg: null } };
  const res = await get();
  assert.equal(res.status, 302);
  assert.equal(res.headers.location, "https://example.com/caf%C3%A9");
  assert.equal(recorded, 1);
});

test("a failing recorder does not break the answer", async () => {
  nextAnswer = { status: 200, headers: { "content-type": "text/plain" }, body: "ok", onSent: { run: () => { throw new Error("queue full"); }, arg: null } };
  const res = await get();
  assert.equal(res.status, 200);
  assert.equal(res.body, "ok");
});
