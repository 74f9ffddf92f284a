import { performance } from "node:perf_hooks";
import proxyaddr from "proxy-addr";
import { clientIp } from "../../lib/net/client-ip";

// Who the visitor is, every visit (docs/decisions/054-client-address-walk.md): Hop's walk of the
// socket peer and X-Forwarded-For (lib/net/client-ip.ts) against `proxy-addr`, Express's, given
// the same trust (TRUST_PROXY=1: the socket peer is our proxy when it is a private address), in
// the same process, alternating rounds, the median of six. Also what each answers for an entry
// that is not an address.

const HOP_TRUST = { kind: "hops" as const, hops: 1 };
const privatePeer = proxyaddr.compile(["loopback", "linklocal", "uniquelocal"]);
const PROXY_ADDR_TRUST = (addr: string, i: number) => i < 1 && privatePeer(addr, i);

const CASES = [
  { name: "one proxy, X-Forwarded-For of one entry", forwardedFor: "203.0.113.7", peer: "127.0.0.1" },
  { name: "one proxy, three entries, IPv4-mapped peer", forwardedFor: "198.51.100.2, 10.0.0.5, 203.0.113.7", peer: "::ffff:127.0.0.1" },
  { name: "one proxy, an IPv6 client", forwardedFor: "2001:db8::1", peer: "127.0.0.1" },
];

function perCallNs(iterations: number, fn: () => string | null): number {
  let sink = 0;
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) sink += fn()?.length ?? 0;
  if (sink === -1) console.log(sink);
  return ((performance.now() - started) * 1e6) / iterations;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchClientIp(): Promise<void> {
  for (const { name, forwardedFor, peer } of CASES) {
    const headers = { "x-forwarded-for": forwardedFor };
    const req = { headers, socket: { remoteAddress: peer }, connection: { remoteAddress: peer } } as unknown as Parameters<typeof proxyaddr>[0];
    const hop = () => clientIp(headers, peer, HOP_TRUST);
    const library = () => proxyaddr(req, PROXY_ADDR_TRUST);
    const hopNs: number[] = [];
    const libraryNs: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      hopNs.push(perCallNs(500_000, hop));
      libraryNs.push(perCallNs(500_000, library));
    }
    console.log(`${name.padEnd(46)} Hop ${median(hopNs).toFixed(0)} ns   proxy-addr ${median(libraryNs).toFixed(0)} ns   (both answer ${hop()})`);
  }
  const forged = { headers: { "x-forwarded-for": "<script>" }, socket: { remoteAddress: "127.0.0.1" }, connection: { remoteAddress: "127.0.0.1" } } as unknown as Parameters<typeof proxyaddr>[0];
  console.log(`an entry that is not an address ("<script>"): Hop ${JSON.stringify(clientIp({ "x-forwarded-for": "<script>" }, "127.0.0.1", HOP_TRUST))}, proxy-addr ${JSON.stringify(proxyaddr(forged, PROXY_ADDR_TRUST))}`);
}
