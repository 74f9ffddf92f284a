import { HopError } from "../errors";
import type { Link } from "../generated/prisma/client";
import type { BulkUpdateChange } from "./bulk-update-schema";
import { assertNotBlocked, parseDestination } from "./destination";
import { domainKind } from "./link-domain";
import { assertNoSelfLoop } from "./self-loop";

// What a bulk update does to one link, without the database: the columns that really change (a
// link already as asked changes nothing), or the HopError PUT would answer for its new destination
// or schedule. The active limit needs a count, so bulk-update-links.ts applies it.

export interface LinkChange {
  tags?: string[];
  groupId?: string | null;
  expiresAt?: Date | null;
  isActive?: boolean;
  inactiveReason?: null;
  destination?: string;
}

const UTM_NAMES = ["source", "medium", "campaign", "term", "content"] as const;

/** The columns `change` would alter on `link`; null when it is already as asked. Throws PUT's 400 for a destination or schedule it would refuse. */
export function planLinkChange(link: Link, change: BulkUpdateChange): LinkChange | null {
  const data: LinkChange = {};
  if (change.tags !== undefined) {
    const tags = [...new Set(change.tags)];
    if (tags.length !== link.tags.length || tags.some((tag, i) => tag !== link.tags[i])) data.tags = tags;
  }
  if (change.groupId !== undefined && change.groupId !== link.groupId) data.groupId = change.groupId;
  if (change.expiresAt !== undefined) {
    const expiresAt = change.expiresAt === null ? null : new Date(change.expiresAt);
    if ((expiresAt?.getTime() ?? null) !== (link.expiresAt?.getTime() ?? null)) {
      if (expiresAt && link.startsAt && link.startsAt.getTime() >= expiresAt.getTime()) {
        throw new HopError("INVALID_SCHEDULE", { field: "expiresAt", message: "The link's startsAt must lie before the new expiresAt." });
      }
      data.expiresAt = expiresAt;
    }
  }
  if (change.isActive !== undefined && change.isActive !== link.isActive) Object.assign(data, { isActive: change.isActive, inactiveReason: null });
  // A website has no destination to rewrite; its other columns change as any link's.
  if (link.destination !== null) {
    const destination = rewriteDestination(link.destination, change);
    if (destination !== link.destination) data.destination = checkedDestination(link, destination);
  }
  return Object.keys(data).length ? data : null;
}

/** The link as it is after `data` (a dry run's sample). */
export function applied(link: Link, data: LinkChange, at: Date): Link {
  return { ...link, ...data, updatedAt: at };
}

/** replaceHost or replacePrefix, then utm; the original string when nothing applies. */
function rewriteDestination(current: string, change: BulkUpdateChange): string {
  let next = current;
  if (change.replaceHost) {
    const url = new URL(next);
    if (url.hostname === bareHost(change.replaceHost.from)) {
      url.hostname = bareHost(change.replaceHost.to);
      next = url.href;
    }
  }
  if (change.replacePrefix && next.startsWith(change.replacePrefix.from)) {
    next = parseDestination(change.replacePrefix.to + next.slice(change.replacePrefix.from.length), "destination");
  }
  return change.utm ? withUtm(next, change.utm) : next;
}

function bareHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, "");
}

/** Sets or removes the utm_* parameters; the query is rewritten only when one of them differs. */
function withUtm(destination: string, utm: NonNullable<BulkUpdateChange["utm"]>): string {
  const url = new URL(destination);
  let touched = false;
  for (const name of UTM_NAMES) {
    const value = utm[name];
    const parameter = `utm_${name}`;
    if (value === undefined) continue;
    if (value === null) {
      if (url.searchParams.has(parameter)) {
        url.searchParams.delete(parameter);
        touched = true;
      }
    } else if (url.searchParams.getAll(parameter).join("\u0000") !== value) {
      url.searchParams.set(parameter, value);
      touched = true;
    }
  }
  return touched ? url.href : destination;
}

/** The new destination as PUT would store it, or PUT's refusal. */
function checkedDestination(link: Link, destination: string): string {
  const parsed = parseDestination(destination, "destination");
  if (domainKind(link.domain) === "primary") assertNotBlocked(parsed, "destination");
  assertNoSelfLoop(link.domain, link.slug, { destination: parsed });
  return parsed;
}
