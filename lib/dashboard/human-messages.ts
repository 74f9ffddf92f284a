import { slugProblem, slugVariant } from "../links/slug-rules";

// The dashboard's one table from what the API answers (its codes, its plain-string errors, zod's
// wording) to what a person reads next to a field. The API keeps its own messages for programs;
// forms pass every answer, and every check of their own, through humanMessage. Client-safe.

/** An error as the dashboard's routes answer it, or as the form's own check of the same schema finds it. */
export interface Problem {
  code?: string;
  field?: string;
  message: string;
  status?: number;
}

/** What the form knows that makes a message concrete: the field's label and the values typed. */
export interface MessageContext {
  label?: string;
  slug?: string;
  domain?: string;
}

type Wording = (problem: Problem, context: MessageContext) => string;

const FULL_ADDRESS = "a full web address, like https://example.com/page";

const BY_CODE: Record<string, Wording> = {
  INVALID_DESTINATION_URL: (problem, { label = "The address" }) => {
    if (/control characters/.test(problem.message)) return `${label} contains a line break or tab; paste it again without them.`;
    if (/at most [\d,]+ characters/.test(problem.message)) return `${label} is too long: a web address here has at most 8,192 characters.`;
    if (/points back at this link/.test(problem.message)) return `${label} is this link's own address, so visitors would go round in a loop. Use another address.`;
    return `${label} must be ${FULL_ADDRESS}.`;
  },
  invalid_url: (_, { label = "The address" }) => `${label} must be ${FULL_ADDRESS}.`,
  INVALID_SLUG: (_, { slug = "" }) => slugMessage(slug),
  BLOCKED_BOUNCY_DESTINATION: (problem) => {
    const host = /^(\S+) cannot be a destination/.exec(problem.message)?.[1] ?? "That site";
    return `${host} only forwards visitors elsewhere, so it can't be a destination on this domain. Use the address it forwards to, or pick another domain.`;
  },
  GROUP_NOT_FOUND: () => "That group no longer exists. Pick another one, or No group.",
  // The bulk update's spelling of the same refusal.
  group_not_found: () => "That group no longer exists. Pick another one, or No group.",
  INVALID_EXPIRATION: (problem) => (/future/.test(problem.message) ? "The expiry must be a moment in the future." : "Pick a date and a time for the expiry."),
  INVALID_SCHEDULE: (problem) => (/before/.test(problem.message) ? "The start must come before the expiry." : "Pick a date and a time for the start."),
  invalid_request: (problem) => (problem.field === "password" ? "The password needs 4 to 128 characters." : problem.field === "maxClicks" ? "The visit limit must be a whole number from 1 to 1,000,000,000." : ""),
  DOMAIN_NOT_FOUND: (_, { domain = "This domain" }) => `${domain} is not connected to this workspace any more. Pick another domain.`,
  DOMAIN_NOT_VERIFIED: (_, { domain = "This domain" }) => `${domain} is not verified yet. Finish its DNS set-up under Domains, or pick another domain.`,
  UNKNOWN_SYSTEM_DOMAIN: (_, { domain = "This domain" }) => `${domain} is no longer offered. Pick another domain.`,
  TOTAL_LINK_LIMIT_REACHED: () => "Your plan's link limit is reached. Delete links you no longer need, or ask your Hop operator for a larger plan.",
  ACTIVE_LINK_LIMIT_REACHED: () => "Your plan's limit of active links is reached. Switch a link off first, or ask your Hop operator for a larger plan.",
  quota_exceeded: () => "Your plan's limit is reached. Delete something you no longer need, or ask your Hop operator for a larger plan.",
  rate_limit_exceeded: () => "That was a lot of changes at once. Wait a minute, then try again.",
  forbidden: () => "Your role in this workspace can look, not change.",
  not_signed_in: () => "Your session ended. Sign in again.",
  service_unavailable: () => "Hop can't reach its database right now. Wait a moment, then try again.",
  missing_required_field: (_, { label = "This field" }) => `${label} is required.`,
  value_too_long: (problem, { label = "This" }) => tooLong(problem.message, label),
  value_too_short: (problem, { label = "This" }) => {
    const least = /(?:>=|at least )(\d+)/.exec(problem.message)?.[1];
    return least === "1" || !least ? `${label} can't be empty.` : `${label} needs at least ${least} characters.`;
  },
};

/** API.md's plain-string errors, which carry no code or field. */
const BY_PLAIN: Record<string, Wording> = {
  "Missing custom slug": (_, { domain }) => `A link on ${domain ?? "this domain"} needs a slug. Type one, or press Shuffle for a random one.`,
  "Custom slug or domain already taken": (_, { slug, domain }) =>
    slug ? `${domain ? `${domain}/` : ""}${slug} is taken. Try ${slugVariant(slug)}, or press Shuffle.` : "That short link is taken. Try another slug.",
  "Custom slug already taken": (_, { slug }) => (slug ? `${slug} is taken. Try ${slugVariant(slug)}.` : "That address is taken. Try another."),
};

/** Which field a plain-string error is about (they name none). */
export const PLAIN_FIELDS: Record<string, string> = {
  "Missing custom slug": "slug",
  "Custom slug or domain already taken": "slug",
  "Custom slug already taken": "slug",
};

/** The sentence a person reads for `problem`; the API's own message, cleaned of internal paths, when the table has none. */
export function humanMessage(problem: Problem, context: MessageContext = {}): string {
  const wording = BY_PLAIN[problem.message] ?? (problem.code ? BY_CODE[problem.code] : undefined);
  const said = wording?.(problem, context);
  if (said) return said;
  if (/^Too big:/.test(problem.message)) return tooLong(problem.message, context.label ?? "This");
  return withoutPaths(problem.message);
}

/** Which slug rule `slug` breaks, in words, with a variant to try when it is reserved. */
export function slugMessage(slug: string): string {
  switch (slugProblem(slug)) {
    case "short":
      return slug ? `${slug} is too short: a slug has at least 3 characters.` : "Type a slug, or press Shuffle for a random one.";
    case "long":
      return `A slug has at most 50 characters; this one has ${slug.length}.`;
    case "characters":
      return `A slug may use letters, digits, - and _ only${/\s/.test(slug) ? " (no spaces)" : ""}.`;
    case "reserved":
      return `${slug} is reserved for Hop's own pages. Try ${slugVariant(slug.toLowerCase())}.`;
    default:
      return "This slug can't be used. Try another.";
  }
}

function tooLong(message: string, label: string): string {
  const most = /(?:<=|at most )(\d+)/.exec(message)?.[1];
  const unit = /item|element|array/.test(message) ? "entries" : "characters";
  return most ? `${label} can be at most ${Number(most).toLocaleString("en")} ${unit}.` : `${label} is too long.`;
}

/** `geoRules[1].redirectUrl: …` → `Geo rule 2, redirect URL: …` — no internal names in front of people. */
function withoutPaths(message: string): string {
  return message
    .replace(/\b(geoRules|languageRules)\[(\d+)\]\.?(\w*)/g, (_, list: string, index: string, member: string) => {
      const rule = `${list === "geoRules" ? "Geo" : "Language"} rule ${Number(index) + 1}`;
      return member ? `${rule}, ${words(member)}` : rule;
    })
    .replace(/^[a-z]+[A-Z]\w*(?=[:\s])/, (name) => words(name).replace(/^./, (c) => c.toUpperCase()));
}

function words(name: string): string {
  return name.replace(/Url$/, " URL").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/ url$/, " URL");
}
