import { BlockList, isIP } from "node:net";

// Which peers of a request are our own proxies (TRUST_PROXY), as Express's `trust proxy` reads
// it: `true` or a hop count says how many proxies stand in front of Hop; a list of addresses and
// CIDR ranges names them. Parsed once, at start, by lib/config.ts: a value that is none of these
// stops the start instead of silently trusting nobody (or everybody).

export type ProxyTrust =
  | { kind: "none" }
  /**
   * The socket peer and the next hops - 1 X-Forwarded-For entries (from the right) are proxies,
   * but only when the socket peer is a loopback, link-local or unique-local/private address: a
   * peer on a public address reached the port itself, so its forwarding headers are its own words.
   */
  | { kind: "hops"; hops: number }
  /** Every address in these ranges is a proxy, wherever it stands in the chain. */
  | { kind: "ranges"; ranges: BlockList; text: string };

/** Express's names for common ranges, usable in the list. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

const MAX_HOPS = 32;

/** Where a proxy counted by hops must stand: Express's `loopback, linklocal, uniquelocal`. */
const PRIVATE_PEERS = new BlockList();
for (const range of [...NAMED_RANGES.loopback, ...NAMED_RANGES.linklocal, ...NAMED_RANGES.uniquelocal]) addRange(PRIVATE_PEERS, range);

/**
 * Tests only (HOP_TEST_PUBLIC_PEERS): addresses taken as public peers, so a test can reach the
 * server from a second loopback address (127.0.0.2) and be treated as a stranger on the Internet.
 */
const publicForTests = new Set((process.env.HOP_TEST_PUBLIC_PEERS ?? "").split(",").map((entry) => entry.trim()).filter(Boolean));

/** Whether a socket peer (a clean address) may be a proxy that TRUST_PROXY=true or a hop count trusts. */
export function isPrivatePeer(ip: string | null): boolean {
  if (ip === null || publicForTests.has(ip)) return false;
  const family = isIP(ip);
  return family !== 0 && PRIVATE_PEERS.check(ip, family === 6 ? "ipv6" : "ipv4");
}

/** Whether the socket peer's forwarding headers (X-Forwarded-For, the country headers) are read at all. */
export function peerForwards(trust: ProxyTrust, peer: string | null): boolean {
  if (trust.kind === "none") return false;
  if (trust.kind === "hops") return isPrivatePeer(peer);
  return peer !== null && trust.ranges.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4");
}

/** The trust TRUST_PROXY describes, or a sentence saying what is wrong with it. */
export function parseProxyTrust(raw: string | undefined): ProxyTrust | { error: string } {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return { kind: "none" };
  if (value === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_HOPS ? { kind: "hops", hops } : { error: `a hop count is at most ${MAX_HOPS}` };
  }
  const ranges = new BlockList();
  const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const problem = addRange(ranges, entry);
    if (problem) return { error: problem };
  }
  return { kind: "ranges", ranges, text: entries.join(",") };
}

function addRange(ranges: BlockList, entry: string): string | null {
  const [address, prefixText, extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return `"${entry}" is not an IP address or CIDR range`;
  const type = family === 4 ? "ipv4" : "ipv6";
  const max = family === 4 ? 32 : 128;
  if (prefixText === undefined) {
    ranges.addAddress(address, type);
    return null;
  }
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return `"${entry}" has a prefix length outside 0–${max}`;
  ranges.addSubnet(address, prefix, type);
  return null;
}

/**
 * Whether the hop `index` places from the client side of the socket (0 = the socket peer, 1 = the
 * last X-Forwarded-For entry, …) is one of our proxies. `ip` is null when the entry is no address.
 */
export function isTrustedHop(trust: ProxyTrust, ip: string | null, index: number): boolean {
  if (trust.kind === "hops") return index < trust.hops;
  if (trust.kind === "ranges") return ip !== null && trust.ranges.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
  return false;
}

/**
 * The start's warning when TRUST_PROXY is set and HOST listens on every interface or a public one:
 * clients that reach the port directly are then only as contained as the peer rules above say.
 */
export function trustProxyHostWarning(trust: ProxyTrust, host: string): string | null {
  if (trust.kind === "none") return null;
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare) && bare !== "0.0.0.0" && bare !== "::" && isPrivatePeer(bare)) return null;
  const rule = trust.kind === "hops" ? "forwarding headers are read only from loopback and private-range peers" : "forwarding headers are read from the listed proxies only";
  return `TRUST_PROXY is set and HOST=${host} is reachable beyond this machine's private networks: ${rule}; bind HOST to 127.0.0.1 (or the proxy's network) so clients cannot reach the port directly.`;
}
