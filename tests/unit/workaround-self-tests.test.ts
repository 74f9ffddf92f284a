import assert from "node:assert/strict";
import http, { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { test } from "node:test";
import { checkMethodRewrite } from "../../lib/server/before-next";
import { checkPreparedResponse, preparedResponse, writePreparedResponse } from "../../lib/http/prepared-response";
import { log } from "../../lib/log";
import { checkExitHook } from "../../lib/server/next-shutdown";
import { checkRequestHook } from "../../lib/server/hook-requests";

// Each workaround of Node's or Next's internals checks at start that what it relies on is still
// there (docs/decisions/012-node-and-next-workarounds.md). On this Node every check
// passes; given a stand-in that lacks what the workaround needs, each says no with one warning
// naming its off-switch, and the caller falls back to plain Node behaviour.

function warnings(t: { mock: { method: (o: object, name: string, impl: () => void) => { mock: { calls: Array<{ arguments: unknown[] }> } } } }) {
  const warn = t.mock.method(log, "warn", () => undefined);
  return () => warn.mock.calls.map((call) => (call.arguments[1] as { workaround: string }).workaround);
}

test("on this Node every self-test passes, silently", (t) => {
  const warned = warnings(t);
  assert.equal(checkPreparedResponse(), true);
  assert.equal(checkMethodRewrite(), true);
  assert.equal(checkRequestHook(), true);
  assert.equal(checkExitHook(), true);
  assert.deepEqual(warned(), []);
});

test("prepared response: a response without Node's private fields means every answer takes the public path", (t) => {
  const warned = warnings(t);
  const body = Buffer.from("kept");
  const prepared = preparedResponse(200, { "content-type": "text/plain", "content-length": "4" }, body);
  try {
    assert.equal(checkPreparedResponse({ statusCode: 200 }), false);
    assert.deepEqual(warned(), ["HOP_WORKAROUND_PREPARED_RESPONSE"]);
    const req = new IncomingMessage(new Socket());
    req.method = "GET";
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const res = new ServerResponse(req);
    assert.equal(writePreparedResponse(res, prepared), false, "nothing written: the caller's writeHead + end sends it");
    assert.equal(res.headersSent, false);
  } finally {
    assert.equal(checkPreparedResponse(), true);
  }
});

test("method rewrite: a request whose method keeps no write is left as it came", (t) => {
  const warned = warnings(t);
  const probe = new IncomingMessage(new Socket());
  Object.defineProperty(probe, "method", { get: () => "PROPFIND", set: () => undefined });
  assert.equal(checkMethodRewrite(probe), false);
  assert.deepEqual(warned(), ["HOP_WORKAROUND_METHOD_REWRITE"]);
});

test("request hook: a server that does not emit through the prototype is not hooked", (t) => {
  const warned = warnings(t);
  const own = http.createServer();
  own.emit = () => false;
  assert.equal(checkRequestHook(http.Server.prototype, own), false);
  assert.equal(checkRequestHook({}, {}), false);
  assert.deepEqual(warned(), ["HOP_WORKAROUND_REQUEST_HOOK", "HOP_WORKAROUND_REQUEST_HOOK"]);
});

test("exit hook: a process.exit that cannot be replaced is left to Next", (t) => {
  const warned = warnings(t);
  const frozen = Object.defineProperty({}, "exit", { value: () => undefined, writable: false });
  assert.equal(checkExitHook(frozen), false);
  assert.equal(checkExitHook({ get exit() { return () => undefined; } }), false);
  assert.deepEqual(warned(), ["HOP_WORKAROUND_EXIT_HOOK", "HOP_WORKAROUND_EXIT_HOOK"]);
});
