import { domainToASCII } from "node:url";
import { config } from "../config";
import { HopError } from "../errors";
import { MULTI_LABEL_SUFFIXES } from "./host-label";

function invalid(message: string): HopError {
  return new HopError("invalid_domain", { field: "domain", message });
}

/** Lowercase ASCII (punycode) hostname; a protocol, path, port or bad label is refused. */
export function normalizeDomain(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw invalid("domain is required, e.g. links.example.com.");
  const input = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) throw invalid("Send the domain without a protocol, e.g. links.example.com.");
  if (/[/?#@\s]/.test(input)) throw invalid("Send only the domain name, without a path.");
  if (/:\d*$/.test(input)) throw invalid("Send the domain without a port.");
  const ascii = domainToASCII(input.replace(/\.$/, "")).toLowerCase();
  const labels = ascii.split(".");
  const valid =
    ascii.length > 0 &&
    ascii.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) &&
    /[a-z]/.test(labels[labels.length - 1]);
  if (!valid) throw invalid(`'${input}' is not a valid domain name.`);
  return ascii;
}

export function isApex(domain: string): boolean {
  const labels = domain.split(".");
  if (labels.length === 2) return true;
  return labels.length === 3 && MULTI_LABEL_SUFFIXES.has(labels.slice(1).join("."));
}

/** The record the customer must create: a CNAME for a subdomain, an A record for an apex. */
export function expectedRecord(domain: string): { type: "CNAME" | "A"; host: string; value: string } {
  return isApex(domain)
    ? { type: "A", host: domain, value: config().apexARecord }
    : { type: "CNAME", host: domain, value: config().cnameTarget };
}

/** The primary and system domains belong to the service. */
export function isServiceDomain(domain: string): boolean {
  const { primaryDomain, systemDomains, appHost } = config();
  const strip = (host: string) => host.replace(/:\d+$/, "");
  return domain === strip(primaryDomain) || domain === strip(appHost) || systemDomains.map(strip).includes(domain);
}

/**
 * Names a customer may not connect: the service's own domains, any name under them, and the
 * CNAME target — those live in the operator's DNS zone, not the customer's.
 */
export function isReservedForService(domain: string): boolean {
  const { primaryDomain, systemDomains, appHost, cnameTarget } = config();
  const roots = [primaryDomain, appHost, cnameTarget, ...systemDomains].map((host) => host.replace(/:\d+$/, "").toLowerCase());
  return roots.some((root) => domain === root || domain.endsWith(`.${root}`));
}
