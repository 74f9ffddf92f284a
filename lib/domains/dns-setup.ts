import { config } from "../config";

// Custom domains are verified by the DNS record the Domains page tells customers to create:
// a CNAME to CNAME_TARGET, or an A record with APEX_A_RECORD at an apex. Left at their defaults
// (cname.<primary domain> and 127.0.0.1) or pointed at loopback, no customer's DNS can reach this
// server, so the operator is told at start and customers on the Domains page.

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|::1?|\[::1?\]|localhost|.+\.localhost)$/i;

export interface DnsSetupProblem {
  /** What is wrong, for the operator's log and the page. */
  message: string;
  /** The variables to set. */
  variables: string[];
}

/** Why custom domains cannot be verified on this instance, or null when both records can reach it. */
export function dnsSetupProblem(settings: Pick<ReturnType<typeof config>, "cnameTarget" | "apexARecord" | "cnameTargetFromEnv" | "apexARecordFromEnv"> = config()): DnsSetupProblem | null {
  const { cnameTarget, apexARecord, cnameTargetFromEnv, apexARecordFromEnv } = settings;
  const cnameUnset = !cnameTargetFromEnv;
  const cnameBad = cnameUnset || LOOPBACK.test(cnameTarget.replace(/:\d+$/, ""));
  const apexBad = LOOPBACK.test(apexARecord);
  if (!cnameBad && !apexBad) return null;
  const parts = [
    cnameBad ? `CNAME records point at ${cnameTarget}${cnameUnset ? " (CNAME_TARGET is not set)" : ""}` : null,
    apexBad ? `A records at ${apexARecord}${apexARecordFromEnv ? "" : " (APEX_A_RECORD is not set)"}` : null,
  ].filter(Boolean);
  const variables = [cnameBad ? "CNAME_TARGET" : null, apexBad ? "APEX_A_RECORD" : null].filter((v): v is string => v !== null);
  return {
    message: `custom domains can't be verified until ${variables.join(" and ")} name this server: ${parts.join(", and ")}, which no customer's DNS can reach (docs/domains.md)`,
    variables,
  };
}
