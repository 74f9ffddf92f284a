// Client-safe rules on a domain's name: the form's tidy-up of a pasted address, and the name a
// DNS provider's "Host" field wants (relative to the zone: `links` for links.example.com, `@` for
// the apex). Multi-label public suffixes common enough to matter (a full public-suffix list would
// be exact; this keeps the rule small and documented in docs/domains.md).

export const MULTI_LABEL_SUFFIXES: ReadonlySet<string> = new Set([
  "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "com.au", "net.au", "org.au", "co.nz", "co.jp", "ne.jp", "or.jp",
  "com.br", "com.mx", "com.ar", "com.tr", "co.in", "co.za", "com.cn", "com.hk", "com.sg", "co.kr", "com.tw", "co.il",
]);

/** How many trailing labels make the registrable zone: example.com → 2, example.co.uk → 3. */
function zoneLabels(labels: string[]): number {
  return labels.length >= 3 && MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join(".")) ? 3 : 2;
}

/** The Host field's value: `links` for links.example.com, `go.links` for go.links.example.com, `@` for the apex. */
export function dnsHostLabel(domain: string): string {
  const labels = domain.toLowerCase().replace(/\.$/, "").split(".");
  const keep = labels.length - zoneLabels(labels);
  return keep > 0 ? labels.slice(0, keep).join(".") : "@";
}

/** A pasted address as a domain name: `https://Links.Example.com/` → `links.example.com` (a real path or port stays, for the server to name). */
export function tidyDomainInput(value: string): string {
  return value.trim().replace(/^https?:\/\//i, "").replace(/\/+$/, "").replace(/\.$/, "").toLowerCase();
}
