import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { config } from "../config";
import { memoByString, peekShared, shared } from "../shared";
import { isTrustedHop, peerForwards, type ProxyTrust } from "./proxy-trust";

// The one answer to "who is this visitor?" for every limit, the geo lookup and the events. The
// socket peer and the X-Forwarded-For entries are walked from the right, as Express's `trust proxy`
// does: hops that are our own proxies (TRUST_PROXY, lib/net/proxy-trust.ts) are skipped, and the
// first one that is not is the client. Entries left of it were written by the client itself and
// never decide. TRUST_PROXY=true (or a hop count) trusts a socket peer only on a loopback or
// private address (proxy-trust.ts peerForwards): whoever reaches the port from the Internet
// is the client, whatever it forwards. Without TRUST_PROXY the socket peer decides and
// forwarding headers are ignored.

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** Headers a proxy adds when it forwards a request. Their presence means "not a direct local call". */
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-server", "x-original-forwarded-for", "x-client-ip", "true-client-ip", "cf-connecting-ip", "fastly-client-ip", "x-cluster-client-ip", "via"] as const;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

// A connection's peer (and a proxy's header value) repeats on every request: its clean form is
// kept instead of five regular expressions per request.
const cleaned = memoByString(10_000, clean);

/** A bare address (IPv4-mapped IPv6 unwrapped, ports and brackets dropped), or null when it is not one. */
export function cleanIp(raw: string | undefined): string | null {
  return raw ? cleaned(raw) : null;
}

function clean(raw: string): string | null {
  let ip = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(ip)) ip = ip.replace(/:\d+$/, "");
  ip = ip.replace(/^::ffff:(?=\d+\.)/i, "");
  return isIP(ip) ? ip.toLowerCase() : null;
}

export function isLoopbackIp(raw: string | undefined): boolean {
  const ip = cleanIp(raw);
  return ip !== null && (ip === "::1" || ip.startsWith("127."));
}

/**
 * The client of a chain of addresses, nearest first (the socket peer, then X-Forwarded-For from the
 * right): the first hop that is not a trusted proxy. When every hop is trusted, the farthest one.
 * An entry that is not an address, where a client is looked for, is an unknown client (null).
 */
export function clientOfChain(trust: ProxyTrust, chain: readonly string[]): string | null {
  let index = 0;
  while (index < chain.length - 1) {
    const ip = cleanIp(chain[index]);
    if (!isTrustedHop(trust, ip, index)) return ip;
    index += 1;
  }
  return cleanIp(chain[index]);
}

/** The visitor's address by TRUST_PROXY: the socket peer, or the client its proxies forwarded for. */
export function clientIp(headers: HeaderBag, socketIp: string | undefined, trust: ProxyTrust = config().proxyTrust): string | null {
  if (trust.kind === "none") return cleanIp(socketIp);
  const forwardedFor = header(headers, "x-forwarded-for");
  if (!forwardedFor || !peerForwards(trust, cleanIp(socketIp))) return cleanIp(socketIp);
  const entries = forwardedFor.split(",");
  return clientOfChain(trust, [socketIp ?? "", ...entries.reverse()]);
}

/**
 * The key every per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's network: a host picks any of its 2^64 addresses at will, so counting each
 * would let it escape every limit).
 */
export function limitKeyForIp(ip: string | null | undefined): string {
  const clean = ip ? cleanIp(ip) : null;
  if (clean === null) return ip || "unknown";
  return isIP(clean) === 6 ? `${ipv6Groups(clean).slice(0, 4).map((group) => group.toString(16)).join(":")}::/64` : clean;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 and a zone allowed). */
export function ipv6Groups(ip: string): number[] {
  let text = ip.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => parseInt(group, 16));
}

/** Whether the request carries any header a proxy adds when it forwards. */
export function hasForwardingHeaders(headers: HeaderBag): boolean {
  return FORWARDING_HEADERS.some((name) => header(headers, name) !== undefined);
}

/**
 * Next's route handlers do not see the socket, so the server attaches the address decided above to
 * every request it hands to Next, replacing whatever the client sent under this header, with this
 * process's token beside it: a client (or a platform that passes headers through) can send
 * x-hop-client-ip, but never the token. server.ts attaches it to the requests it hands to Next; without it
 * (`next start`), lib/server/hook-requests.ts attaches it to every request Node's server receives.
 */
export const CLIENT_IP_HEADER = "x-hop-client-ip";
const TOKEN_HEADER = "x-hop-client-ip-token";
/**
 * The request target as the client sent it, attached beside the address under the same token.
 * Next hands proxy.ts a URL its WHATWG parser normalized (`/../x` is `/x` there, `%2e` a dot) with
 * the query re-serialized; the visitor entry point reads the path and query as server.ts does.
 */
export const RAW_TARGET_HEADER = "x-hop-raw-target";

/** A proxy's word on where the visitor is (lib/geoip/lookup.ts): taken only from a peer that may forward. */
export const PLACE_HEADERS = ["cf-ipcountry", "x-vercel-ip-country", "x-vercel-ip-city"] as const;

export function attachClientIp(req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string }; url?: string }): void {
  req.headers[CLIENT_IP_HEADER] = clientIp(req.headers, req.socket.remoteAddress) ?? "unknown";
  // The attached address stands for the socket from here on (Next's handlers never see it): a place header
  // stays only when the peer that sent it may forward, so those left on the request can be believed.
  if (!(config().trustProxy && peerForwards(config().proxyTrust, cleanIp(req.socket.remoteAddress)))) for (const name of PLACE_HEADERS) delete req.headers[name];
  req.headers[RAW_TARGET_HEADER] = req.url ?? "/";
  req.headers[TOKEN_HEADER] = shared("clientIpToken", () => randomBytes(18).toString("base64url"));
}

function attachedByThisProcess(headers: Headers): boolean {
  const token = peekShared<string>("clientIpToken");
  return token !== undefined && headers.get(TOKEN_HEADER) === token;
}

/** Whether this process attached the address to the request (its place headers then came from a peer that may forward). */
export function attachedHere(headers: HeaderBag): boolean {
  const token = peekShared<string>("clientIpToken");
  return token !== undefined && header(headers, TOKEN_HEADER) === token;
}

/** The request target as the client sent it (see RAW_TARGET_HEADER); undefined when not attached here. */
export function attachedRawTarget(headers: Headers): string | undefined {
  return attachedByThisProcess(headers) ? (headers.get(RAW_TARGET_HEADER) ?? undefined) : undefined;
}

/** The client address of a request Next handles (null when unknown): see peerIpOfForwardedRequest. */
export function attachedClientIp(request: Request): string | null {
  return peerIpOfForwardedRequest(request.headers) ?? null;
}

/**
 * The client of a request Next handles: the attached address when this process attached it. Without one (a
 * request that came while Next was starting, a platform's own server), the socket is unseen: the
 * nearest hop is taken to be the platform's edge, and X-Forwarded-For is walked from there as
 * clientIp walks it (without TRUST_PROXY: its last entry, which the edge or Next's server wrote).
 * Given to clientIp as the socket peer, the answer resolves to itself, so the visitor code that
 * runs under both servers can treat it as a peer.
 */
export function peerIpOfForwardedRequest(headers: Headers, trust: ProxyTrust = config().proxyTrust): string | undefined {
  if (attachedByThisProcess(headers)) {
    const attached = headers.get(CLIENT_IP_HEADER);
    return attached && attached !== "unknown" ? attached : undefined;
  }
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").reverse();
  if (trust.kind === "none") return cleanIp(entries[0]) ?? undefined;
  // The edge stands where the socket peer would: a hop count counts it; a range list cannot.
  return (trust.kind === "hops" ? clientOfChain(trust, ["", ...entries]) : clientOfChain(trust, entries)) ?? undefined;
}
