// The verify answer's dnsStatus in words: what was found at the name and what to change.

import type { VerifyResult } from "@/lib/domains/verify-domain";

export type VerifyAnswer = VerifyResult;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function describeDnsStatus(answer: VerifyAnswer, expectedType: string): { tone: "success" | "warning" | "danger"; title: string; detail: string } {
  const { dnsStatus: status, domain } = answer;
  if (answer.verified && status.recordValue !== null && status.recordValue === status.expectedValue.toLowerCase().replace(/\.$/, "")) {
    return { tone: "success", title: "Verified", detail: `${domain} points here; its links and websites answer on it now.` };
  }
  if (answer.verified) return { tone: "warning", title: "Verified, but the record is missing", detail: answer.message };
  if (!status.recordFound) {
    return {
      tone: "danger",
      title: "Record missing",
      detail: `DNS has no ${expectedType} record for ${domain} yet. Create the record shown above (${expectedType} ${domain} → ${status.expectedValue}); changes can take a few minutes to a few hours to spread.`,
    };
  }
  if (expectedType === "CNAME" && status.recordValue && IPV4.test(status.recordValue)) {
    return {
      tone: "danger",
      title: "An A record where a CNAME is expected",
      detail: `${domain} has an A record (${status.recordValue}). Delete it and create a CNAME record pointing to ${status.expectedValue} instead.`,
    };
  }
  return {
    tone: "danger",
    title: "Wrong value",
    detail: `The ${expectedType} record of ${domain} is ${status.recordValue}, but it must be ${status.expectedValue}. Change its value.`,
  };
}
