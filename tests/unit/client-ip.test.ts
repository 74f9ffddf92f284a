import assert from "node:assert/strict";
import { test } from "node:test";
import { clientIp, forwardedClientIp, hasForwardingHeaders, isLoopbackIp } from "../../lib/net/client-ip";

// lib/net/client-ip.ts: the one place a visitor's address is decided (limits, geo, events).

test("X-Forwarded-For: the last public entry (the one our proxy saw); entries a client wrote before it never decide", () => {
  assert.equal(forwardedClientIp("81.2.69.160"), "81.2.69.160");
  assert.equal(forwardedClientIp("81.2.69.160, 10.0.0.1"), "81.2.69.160", "private hops of the operator's own network are skipped");
  assert.equal(forwardedClientIp("6.6.6.6, 81.2.69.160"), "81.2.69.160", "a forged first entry is ignored");
  assert.equal(forwardedClientIp("garbage, ::ffff:8.8.8.8"), "8.8.8.8");
  assert.equal(forwardedClientIp("[2001:db8::1]:443"), "2001:db8::1");
  assert.equal(forwardedClientIp("192.168.1.20, 10.0.0.1"), "10.0.0.1", "all private: the nearest");
  assert.equal(forwardedClientIp("nonsense"), null);
  assert.equal(forwardedClientIp(undefined), null);
});

test("without TRUST_PROXY the socket address decides and forwarding headers are ignored", () => {
  assert.equal(clientIp({ "x-forwarded-for": "81.2.69.160" }, "::ffff:127.0.0.1"), "127.0.0.1");
});

test("forwarding headers and loopback peers", () => {
  for (const name of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "via", "cf-connecting-ip"]) assert.ok(hasForwardingHeaders({ [name]: "x" }), name);
  assert.ok(!hasForwardingHeaders({ host: "127.0.0.1:3000", "user-agent": "node" }));
  assert.ok(hasForwardingHeaders(new Headers({ "X-Real-IP": "1.2.3.4" })));
  for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.8.8.8"]) assert.ok(isLoopbackIp(ip), ip);
  for (const ip of ["10.0.0.1", "::ffff:10.0.0.1", "8.8.8.8", "", undefined]) assert.ok(!isLoopbackIp(ip), String(ip));
});
