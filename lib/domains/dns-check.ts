import { Resolver } from "node:dns/promises";
import { config } from "../config";

export interface DnsLookup {
  recordFound: boolean;
  recordType: "CNAME" | "A" | null;
  recordValue: string | null;
  matches: boolean;
}

function resolver(): Resolver {
  const r = new Resolver({ timeout: 2000, tries: 2 });
  if (config().dnsServers.length) r.setServers(config().dnsServers);
  return r;
}

const clean = (value: string) => value.toLowerCase().replace(/\.$/, "");

/** Asks DNS (DNS_SERVERS when set) for the record the domain must have; a missing name is "not found". */
export async function lookupRecord(domain: string, expected: { type: "CNAME" | "A"; value: string }): Promise<DnsLookup> {
  const r = resolver();
  let values: string[] = [];
  try {
    values = expected.type === "CNAME" ? await r.resolveCname(domain) : await r.resolve4(domain);
  } catch {
    values = [];
  }
  if (values.length === 0 && expected.type === "CNAME") {
    // A common mistake is an A record where a CNAME is needed: report what is there, so
    // currentDns and the verify message show the customer the record to replace.
    const addresses = await r.resolve4(domain).catch(() => [] as string[]);
    if (addresses.length) return { recordFound: true, recordType: "A", recordValue: addresses[0], matches: false };
  }
  if (values.length === 0) return { recordFound: false, recordType: null, recordValue: null, matches: false };
  const want = clean(expected.value);
  const match = values.find((v) => clean(v) === want);
  return { recordFound: true, recordType: expected.type, recordValue: clean(match ?? values[0]), matches: Boolean(match) };
}
