import { createHash } from "node:crypto";

// Proof of control for taking over a domain another account holds unverified: a TXT record at
// `_hop-challenge.<domain>` with `hop-verify=<token>`. The token is derived from the account and
// the domain, so it is the same on every instance and every request, needs no storage, and a
// record published for one account proves nothing for another. It need not be secret: only
// whoever controls the domain's DNS can publish it.

export const CHALLENGE_LABEL = "_hop-challenge";

export interface DomainChallenge {
  type: "TXT";
  host: string;
  value: string;
}

export function challengeFor(accountId: string, domain: string): DomainChallenge {
  const token = createHash("sha256").update(`hop-domain-challenge\n${accountId}\n${domain}`).digest("hex").slice(0, 32);
  return { type: "TXT", host: `${CHALLENGE_LABEL}.${domain}`, value: `hop-verify=${token}` };
}

export function challengeInstructions(domain: string, challenge: DomainChallenge): string {
  return `${domain} is connected to another account but not verified there. To take it over, prove you control its DNS: create a TXT record at ${challenge.host} with the value ${challenge.value}, then call POST /v1/domains/${domain}/verify.`;
}
