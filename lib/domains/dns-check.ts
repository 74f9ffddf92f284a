import { Resolver } from "node:dns/promises";
import { config } from "../config";

export interface DnsLookup {
  recordFound: boolean;
  recordType: "CNAME" | "A" | null;
  recordValue: string | null;
  matches: boolean;
}

/** A lookup plus whether DNS really answered: a timeout or server failure is no evidence the record is gone. */
export interface DnsCheck extends DnsLookup {
  answered: boolean;
}

function resolver(): Resolver {
  const r = new Resolver({ timeout: 2000, tries: 2 });
  if (config().dnsServers.length) r.setServers(config().dnsServers);
  return r;
}

const clean = (value: string) => value.toLowerCase().replace(/\.$/, "");

// "No such name" and "no record of that type" are answers; anything else (timeout, refused,
// SERVFAIL) means we could not ask.
const ANSWERED_EMPTY = new Set(["ENODATA", "ENOTFOUND"]);

async function ask(query: () => Promise<string[]>): Promise<{ values: string[]; answered: boolean }> {
  try {
    return { values: await query(), answered: true };
  } catch (error) {
    return { values: [], answered: ANSWERED_EMPTY.has((error as { code?: string }).code ?? "") };
  }
}

/** Asks DNS (DNS_SERVERS when set) for the record the domain must have. */
export async function checkRecord(domain: string, expected: { type: "CNAME" | "A"; value: string }): Promise<DnsCheck> {
  const r = resolver();
  const { values, answered } = await ask(() => (expected.type === "CNAME" ? r.resolveCname(domain) : r.resolve4(domain)));
  if (values.length === 0 && expected.type === "CNAME") {
    // A common mistake is an A record where a CNAME is needed: report what is there, so
    // currentDns and the verify message show the customer the record to replace.
    const addresses = await r.resolve4(domain).catch(() => [] as string[]);
    if (addresses.length) return { recordFound: true, recordType: "A", recordValue: addresses[0], matches: false, answered: true };
  }
  if (values.length === 0) return { recordFound: false, recordType: null, recordValue: null, matches: false, answered };
  const want = clean(expected.value);
  const match = values.find((v) => clean(v) === want);
  return { recordFound: true, recordType: expected.type, recordValue: clean(match ?? values[0]), matches: Boolean(match), answered: true };
}

/** What `currentDns` reports: the check without its internal `answered`; a failed lookup reads as "not found". */
export async function lookupRecord(domain: string, expected: { type: "CNAME" | "A"; value: string }): Promise<DnsLookup> {
  const { answered: _answered, ...lookup } = await checkRecord(domain, expected);
  return lookup;
}

/** Whether one TXT record of `name` is exactly `value` (multi-string records joined, as RFC 7208 reads them). */
export async function hasTxtRecord(name: string, value: string): Promise<boolean> {
  const { values } = await ask(async () => (await resolver().resolveTxt(name)).map((chunks) => chunks.join("")));
  return values.some((v) => v.trim() === value);
}
