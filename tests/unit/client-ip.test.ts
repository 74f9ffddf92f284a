import assert from "node:assert/strict";
import { test } from "node:test";
import { CLIENT_IP_HEADER, clientIp, hasForwardingHeaders, isLoopbackIp, limitKeyForIp, peerIpOfForwardedRequest, RAW_TARGET_HEADER, attachClientIp, attachedRawTarget } from "../../lib/net/client-ip";
import { parseProxyTrust, type ProxyTrust } from "../../lib/net/proxy-trust";

// lib/net/client-ip.ts: the one place a visitor's address is decided (limits, geo, events). The
// socket peer and X-Forwarded-For are walked from the right; trusted proxies are skipped; the first
// address that is not one is the client (Express's `trust proxy`).

function trust(value: string): ProxyTrust {
  const parsed = parseProxyTrust(value);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

// [TRUST_PROXY, X-Forwarded-For (or null), socket peer, client, why]
const CASES: Array<[string, string | null, string, string | null, string]> = [
  ["", "81.2.69.160", "::ffff:127.0.0.1", "127.0.0.1", "no proxy trusted: the socket, the header ignored"],
  ["false", "81.2.69.160", "203.0.113.9", "203.0.113.9", "false is unset"],
  ["true", "81.2.69.160", "127.0.0.1", "81.2.69.160", "one hop: the entry our proxy appended"],
  ["true", "6.6.6.6, 81.2.69.160", "127.0.0.1", "81.2.69.160", "a forged first entry is ignored"],
  ["true", "198.18.0.1, 10.0.0.5", "127.0.0.1", "10.0.0.5", "a private entry is the client: nothing left of it decides (the issue's bypass)"],
  ["true", "81.2.69.160, 10.0.0.1", "127.0.0.1", "10.0.0.1", "one hop trusts only the socket peer"],
  ["true", null, "127.0.0.1", "127.0.0.1", "no header: the socket peer"],
  ["true", "garbage", "127.0.0.1", null, "the proxy's entry is no address: unknown, never an entry further left"],
  ["true", "[2001:db8::1]:443", "127.0.0.1", "2001:db8::1", "brackets and ports dropped"],
  ["true", "::ffff:8.8.8.8", "127.0.0.1", "8.8.8.8", "IPv4-mapped IPv6 unwrapped"],
  ["1", "1.1.1.1, 2.2.2.2", "127.0.0.1", "2.2.2.2", "a hop count of 1 is true"],
  ["2", "1.1.1.1, 2.2.2.2, 3.3.3.3", "127.0.0.1", "2.2.2.2", "two hops: a CDN and our proxy"],
  ["2", "9.9.9.9, 1.1.1.1, 2.2.2.2, 3.3.3.3", "127.0.0.1", "2.2.2.2", "two hops: entries left of the client never decide"],
  ["3", "2.2.2.2", "127.0.0.1", "2.2.2.2", "fewer entries than hops: the farthest"],
  ["10.0.0.0/8,127.0.0.1", "81.2.69.160, 10.1.2.3", "127.0.0.1", "81.2.69.160", "ranges: our load balancers are skipped"],
  ["10.0.0.0/8,127.0.0.1", "6.6.6.6, 10.9.9.9, 81.2.69.160, 10.1.2.3", "127.0.0.1", "81.2.69.160", "ranges: the first untrusted from the right"],
  ["10.0.0.0/8", "81.2.69.160", "203.0.113.9", "203.0.113.9", "ranges: a socket peer outside them is the client; its header is ignored"],
  ["10.0.0.0/8,fd00::/8", "2001:db8::5, fd00::1", "10.0.0.2", "2001:db8::5", "ranges: IPv6 ranges"],
  ["10.0.0.0/8", "10.0.0.7, 10.0.0.9", "10.0.0.1", "10.0.0.7", "ranges: all trusted, the farthest"],
  ["loopback,uniquelocal", "81.2.69.160, 192.168.1.1", "::1", "81.2.69.160", "Express's named ranges"],
];

test("the client is the first address from the right that is not a trusted proxy", () => {
  for (const [value, forwardedFor, socket, expected, why] of CASES) {
    const headers: Record<string, string> = forwardedFor === null ? {} : { "x-forwarded-for": forwardedFor };
    assert.equal(clientIp(headers, socket, trust(value)), expected, `TRUST_PROXY=${value} XFF=${forwardedFor} peer=${socket}: ${why}`);
    assert.equal(clientIp(new Headers(headers), socket, trust(value)), expected, `(Headers) ${why}`);
  }
  // Node joins repeated X-Forwarded-For lines; an array of them reads the same.
  assert.equal(clientIp({ "x-forwarded-for": ["6.6.6.6", "81.2.69.160"] }, "127.0.0.1", trust("true")), "81.2.69.160");
});

test("under `next start` the attached address decides, and the address given as the peer resolves to itself", () => {
  for (const [value, forwardedFor, socket, expected, why] of CASES) {
    const t = trust(value);
    const req = { headers: forwardedFor === null ? {} : ({ "x-forwarded-for": forwardedFor } as Record<string, string | string[] | undefined>), socket: { remoteAddress: socket } };
    const attached = new Headers(req.headers as Record<string, string>);
    // attachClientIp reads config(); the table's trust is applied by resolving as it would.
    const client = clientIp(req.headers, socket, t);
    attachClientIp(req);
    attached.set(CLIENT_IP_HEADER, client ?? "unknown");
    attached.set("x-hop-client-ip-token", String(req.headers["x-hop-client-ip-token"]));
    const peer = peerIpOfForwardedRequest(attached, t);
    assert.equal(peer ?? null, expected, `attached: ${why}`);
    assert.equal(clientIp(Object.fromEntries(attached), peer, t), expected, `re-resolved: ${why}`);
  }
});

test("without an attached address (a platform's own server) the edge stands where the socket would, and a forged one is ignored", () => {
  const forged = new Headers({ [CLIENT_IP_HEADER]: "1.2.3.4", "x-hop-client-ip-token": "guess", "x-forwarded-for": "6.6.6.6, 81.2.69.160" });
  assert.equal(peerIpOfForwardedRequest(forged, trust("true")), "81.2.69.160");
  assert.equal(peerIpOfForwardedRequest(forged, trust("")), "81.2.69.160", "unset: the last entry, as Next's server or the edge wrote it");
  assert.equal(peerIpOfForwardedRequest(new Headers({ "x-forwarded-for": "6.6.6.6, 81.2.69.160, 10.0.0.3" }), trust("10.0.0.0/8")), "81.2.69.160");
  assert.equal(peerIpOfForwardedRequest(new Headers({ "x-forwarded-for": "6.6.6.6, 81.2.69.160, 2.2.2.2" }), trust("2")), "81.2.69.160");
  for (const [value, xff] of [["true", "6.6.6.6, 81.2.69.160"], ["2", "6.6.6.6, 81.2.69.160, 2.2.2.2"], ["10.0.0.0/8", "6.6.6.6, 81.2.69.160, 10.0.0.3"]]) {
    const headers = new Headers({ "x-forwarded-for": xff });
    const peer = peerIpOfForwardedRequest(headers, trust(value));
    assert.equal(clientIp(headers, peer, trust(value)), peer, `resolves to itself with TRUST_PROXY=${value}`);
  }
});

test("the attached headers carry the request target as the client sent it (dot segments, the query as written); a forged one is ignored", () => {
  const req = { url: "/../ruled?b&a=1", headers: { [RAW_TARGET_HEADER]: "/forged" } as Record<string, string | string[] | undefined>, socket: { remoteAddress: "127.0.0.1" } };
  attachClientIp(req);
  assert.equal(attachedRawTarget(new Headers(req.headers as Record<string, string>)), "/../ruled?b&a=1");
  assert.equal(attachedRawTarget(new Headers({ [RAW_TARGET_HEADER]: "/../ruled", "x-hop-client-ip-token": "guess" })), undefined);
  assert.equal(attachedRawTarget(new Headers({ [RAW_TARGET_HEADER]: "/../ruled" })), undefined);
});

test("TRUST_PROXY: true, false, a hop count, or a list of addresses and CIDR ranges; anything else is an error naming the value", () => {
  assert.deepEqual(parseProxyTrust(undefined), { kind: "none" });
  assert.deepEqual(parseProxyTrust("TRUE"), { kind: "hops", hops: 1 });
  assert.deepEqual(parseProxyTrust("0"), { kind: "none" });
  assert.deepEqual(parseProxyTrust("3"), { kind: "hops", hops: 3 });
  assert.equal((parseProxyTrust(" 10.0.0.0/8, fd00::/8 ,127.0.0.1") as { kind: string }).kind, "ranges");
  for (const bad of ["yes", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8,nonsense", "10.0.0/8", "1.2.3.4/8/9", "99", "-1", "10.0.0.0/"]) {
    const parsed = parseProxyTrust(bad);
    assert.ok("error" in parsed, bad);
  }
  assert.match((parseProxyTrust("10.0.0.0/8,nonsense") as { error: string }).error, /"nonsense"/);
});

test("limits count an IPv6 address by its /64, an IPv4 address as it is", () => {
  const key = limitKeyForIp("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
  assert.equal(key, "2001:db8:1:2::/64");
  for (const same of ["2001:db8:1:2::1", "2001:0DB8:0001:0002:ffff::", "[2001:db8:1:2::9]:443", "2001:db8:1:2:0:0:1.2.3.4"]) assert.equal(limitKeyForIp(same), key, same);
  assert.notEqual(limitKeyForIp("2001:db8:1:3::1"), key, "the next /64 is another budget");
  assert.equal(limitKeyForIp("::1"), "0:0:0:0::/64");
  assert.equal(limitKeyForIp("fe80::1%eth0"), "fe80:0:0:0::/64");
  assert.equal(limitKeyForIp("81.2.69.160"), "81.2.69.160");
  assert.equal(limitKeyForIp("::ffff:81.2.69.160"), "81.2.69.160");
  assert.equal(limitKeyForIp(null), "unknown");
  assert.equal(limitKeyForIp("unknown"), "unknown");
});

test("forwarding headers and loopback peers", () => {
  for (const name of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "via", "cf-connecting-ip"]) assert.ok(hasForwardingHeaders({ [name]: "x" }), name);
  assert.ok(!hasForwardingHeaders({ host: "127.0.0.1:3000", "user-agent": "node" }));
  assert.ok(hasForwardingHeaders(new Headers({ "X-Real-IP": "1.2.3.4" })));
  for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.8.8.8"]) assert.ok(isLoopbackIp(ip), ip);
  for (const ip of ["10.0.0.1", "::ffff:10.0.0.1", "8.8.8.8", "", undefined]) assert.ok(!isLoopbackIp(ip), String(ip));
});
