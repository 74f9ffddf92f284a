import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { config } from "../config";
import { memoByString, peekShared, shared } from "../shared";

// The one answer to "who is this visitor?" for every limit, the geo lookup and the events. With
// TRUST_PROXY the socket peer is our own reverse proxy, so the address comes from X-Forwarded-For;
// otherwise from the socket, and forwarding headers are ignored (anyone can send them).

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** Headers a proxy adds when it forwards a request. Their presence means "not a direct local call". */
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-server", "x-original-forwarded-for", "x-client-ip", "true-client-ip", "cf-connecting-ip", "fastly-client-ip", "x-cluster-client-ip", "via"] as const;

const PRIVATE = new BlockList();
for (const [net, bits] of [["10.0.0.0", 8], ["172.16.0.0", 12], ["192.168.0.0", 16], ["127.0.0.0", 8], ["169.254.0.0", 16], ["100.64.0.0", 10]] as const) PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::1", 128], ["fc00::", 7], ["fe80::", 10]] as const) PRIVATE.addSubnet(net, bits, "ipv6");

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

export function isPrivateIp(ip: string): boolean {
  return PRIVATE.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
}

export function isLoopbackIp(raw: string | undefined): boolean {
  const ip = cleanIp(raw);
  return ip !== null && (ip === "::1" || ip.startsWith("127."));
}

/**
 * The client's address in X-Forwarded-For: the last entry that is not a private or loopback hop.
 * Entries to the left of it were written by the client and could be anything, so they never
 * decide (a visitor cannot escape a limit by sending its own X-Forwarded-For). When every entry
 * is private (a visitor on the proxy's own network), the nearest one.
 */
export function forwardedClientIp(forwardedFor: string | undefined): string | null {
  const hops = (forwardedFor ?? "").split(",").map(cleanIp).filter((ip): ip is string => ip !== null);
  for (let i = hops.length - 1; i >= 0; i -= 1) if (!isPrivateIp(hops[i])) return hops[i];
  return hops.at(-1) ?? null;
}

/** The visitor's address: from X-Forwarded-For when TRUST_PROXY (else, or when absent, the socket peer). */
export function clientIp(headers: HeaderBag, socketIp: string | undefined): string | null {
  if (config().trustProxy) return forwardedClientIp(header(headers, "x-forwarded-for")) ?? cleanIp(socketIp);
  return cleanIp(socketIp);
}

/** Whether the request carries any header a proxy adds when it forwards. */
export function hasForwardingHeaders(headers: HeaderBag): boolean {
  return FORWARDING_HEADERS.some((name) => header(headers, name) !== undefined);
}

/**
 * Next's route handlers do not see the socket, so the server stamps the address decided above on
 * every request it hands to Next, replacing whatever the client sent under this header.
 */
export const CLIENT_IP_HEADER = "x-hop-client-ip";

export function stampClientIp(req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } }): void {
  req.headers[CLIENT_IP_HEADER] = clientIp(req.headers, req.socket.remoteAddress) ?? "unknown";
}

/** The stamped address of a request Next handles; null when the server did not stamp one. */
export function stampedClientIp(request: Request): string | null {
  const value = request.headers.get(CLIENT_IP_HEADER);
  return value && value !== "unknown" ? value : null;
}

/**
 * Without server.ts (`next start`), lib/server/stamp-requests.ts stamps every request Node's server
 * receives, with this process's token beside the address: a client (or a platform that passes
 * headers through) can send x-hop-client-ip, but never the token.
 */
const STAMP_TOKEN_HEADER = "x-hop-client-ip-stamp";

export function stampClientIpWithToken(req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } }): void {
  stampClientIp(req);
  req.headers[STAMP_TOKEN_HEADER] = shared("clientIpStampToken", () => randomBytes(18).toString("base64url"));
}

/**
 * The peer of a request Next handles without server.ts: the stamp when this process made it;
 * otherwise the last X-Forwarded-For entry (Next's server writes the socket's address there when
 * the client sent none, and a platform's edge appends the address it saw).
 */
export function peerIpOfForwardedRequest(headers: Headers): string | undefined {
  const token = peekShared<string>("clientIpStampToken");
  if (token && headers.get(STAMP_TOKEN_HEADER) === token) {
    const stamped = headers.get(CLIENT_IP_HEADER);
    return stamped && stamped !== "unknown" ? stamped : undefined;
  }
  return headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || undefined;
}
