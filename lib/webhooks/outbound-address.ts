import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { config } from "../config";
import { hasControlCharacter } from "../links/http-url";
import { ipv6Groups } from "../net/client-ip";

// Where a webhook may send: public addresses only, unless WEBHOOK_ALLOW_PRIVATE=true. Checked when
// the webhook is made (the name as it resolves then) and again at every delivery, on the address
// the connection is made to (a name that later resolves to 127.0.0.1 or 169.254.169.254 — DNS
// rebinding — is refused then).

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24],
  ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::", 96], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96], ["2001:db8::", 32]] as const) blocked.addSubnet(net, bits, "ipv6");

/**
 * IPv6 ranges that carry an IPv4 address in their bits, and where: the IPv4 they reach is judged by
 * the IPv4 list (an IPv4-compatible ::7f00:1 or a 6to4 2002:7f00:1:: reaches 127.0.0.1).
 */
const EMBEDDING: Array<{ prefix: number[]; bits: number; at: number }> = [
  { prefix: [0, 0, 0, 0, 0, 0], bits: 96, at: 6 }, // ::/96, IPv4-compatible (deprecated)
  { prefix: [0, 0, 0, 0, 0, 0xffff], bits: 96, at: 6 }, // ::ffff:0:0/96, IPv4-mapped
  { prefix: [0, 0, 0, 0, 0xffff, 0], bits: 96, at: 6 }, // ::ffff:0:0:0/96, IPv4-translated
  { prefix: [0x64, 0xff9b, 0, 0, 0, 0], bits: 96, at: 6 }, // 64:ff9b::/96, NAT64
  { prefix: [0x2002], bits: 16, at: 1 }, // 2002::/16, 6to4
];
/** Refused whole: local-use NAT64 (64:ff9b:1::/48) and Teredo (2001::/32), whose IPv4 is a translator's choice or obfuscated. */
for (const [net, bits] of [["64:ff9b:1::", 48], ["2001::", 32], ["100::", 64], ["2001:2::", 48], ["5f00::", 16]] as const) blocked.addSubnet(net, bits, "ipv6");

/** The IPv4 address an IPv6 one carries by one of the EMBEDDING ranges, or null. */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  for (const { prefix, bits, at } of EMBEDDING) {
    if (bits === 96 ? !prefix.every((group, i) => groups[i] === group) : groups[0] !== prefix[0]) continue;
    const [high, low] = [groups[at], groups[at + 1]];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether an address is loopback, private, link-local (metadata), reserved or multicast, or carries one. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  if (blocked.check(address, "ipv6")) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 !== null && blocked.check(ipv4, "ipv4");
}

export class OutboundRefused extends Error {}

/** `dns.lookup` for the delivery's connection: refuses a non-public answer before connecting. */
export function publicLookup(hostname: string, options: object, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!config().webhookAllowPrivate && list.some((entry) => isNonPublicAddress(entry.address))) {
      return callback(new OutboundRefused(`${hostname} resolves to a private address`), []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** Why a URL may not receive webhooks, or null: not absolute http(s), unresolvable, or non-public. */
export async function outboundProblem(url: string): Promise<string | null> {
  // The WHATWG parser drops CR, LF and TAB silently: the URL delivered to would not be the one shown.
  if (hasControlCharacter(url)) return "url must not contain control characters (CR, LF, TAB, NUL, DEL …).";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "url must be an absolute http(s) URL.";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "url must be an absolute http(s) URL.";
  if (parsed.username || parsed.password) return "url must not carry a user name or password.";
  if (config().webhookAllowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isNonPublicAddress(host) ? `${host} is not a public address.` : null;
  const addresses = await new Promise<LookupAddress[] | null>((resolve) => dnsLookup(host, { all: true }, (error, found) => resolve(error ? null : found)));
  if (!addresses?.length) return `${host} could not be resolved.`;
  return addresses.some((entry) => isNonPublicAddress(entry.address)) ? `${host} resolves to an address that is not public.` : null;
}
