import { z } from "zod";
import { ERROR_CODES, shapeOf, type ErrorCode } from "../../errors";

// Error bodies in the document, built from the one error table (lib/errors.ts) and the shape rule
// of docs/API.md ("The contract's fixed rules"): UPPER_CASE codes flat, lower_case codes nested, its plain strings as
// `{ error: "<string>" }`, and PUT's/bulk delete's titled bodies.

type PlainSpec = { plain: string; status: number };
type TitledSpec = { titled: "Bad Request" | "Not Found" | "Forbidden" | "Payload Too Large"; status: number; description: string };
export type ErrorSpec =
  | ErrorCode
  /** A code answered with another status than its usual one (413 invalid_request for a body past 1 MB). */
  | { code: ErrorCode; status: number }
  | PlainSpec
  | TitledSpec;

/** Members some codes add to their body. */
const EXTRAS: Partial<Record<ErrorCode, z.ZodRawShape>> = {
  plan_upgrade_required: { currentPlan: z.string() },
  insufficient_scope: { scope: z.string().meta({ description: "The scope the operation needs." }) },
  quota_exceeded: { currentPlan: z.string().optional(), currentLinks: z.number().optional(), maxLinks: z.number().optional(), maxKeys: z.number().optional(), pendingDomains: z.number().optional(), maxPendingDomains: z.number().optional() },
  rate_limit_exceeded: {
    limit: z.number(),
    remaining: z.literal(0),
    resetAt: z.number().meta({ description: "Unix seconds." }),
    window: z
      .enum(["hourly", "daily", "minute", "concurrent"])
      .meta({ description: "`minute`: the per-address throttle of failed authentications; `concurrent`: too many QR logos being drawn at once (`limit` of them)." }),
  },
  internal_error: { requestId: z.string().optional() },
  TOTAL_LINK_LIMIT_REACHED: { currentUsed: z.number(), totalLimit: z.number(), plan: z.string() },
  ACTIVE_LINK_LIMIT_REACHED: { currentActive: z.number(), activeLimit: z.number(), plan: z.string() },
  domain_already_connected: {
    challenge: z
      .object({ type: z.literal("TXT"), host: z.string(), value: z.string() })
      .meta({ description: "Addition: present when another account holds the domain unverified; publish this TXT record, then verify to take it over (docs/domains.md)." }),
  },
  TOO_MANY_CUSTOM_DOMAINS: { customDomains: z.number(), maxCustomDomains: z.number() },
  draft_changed: { currentVersion: z.number().meta({ description: "The draft's version now." }) },
};

/** Generic validation codes a body or query may answer with (lib/validation/parse.ts). */
export const VALIDATION_CODES: ErrorCode[] = ["invalid_request", "missing_required_field", "value_too_long", "value_too_short", "invalid_url", "invalid_email"];

export function statusOf(spec: ErrorSpec): number {
  return typeof spec === "string" ? ERROR_CODES[spec].status : spec.status;
}

function codeOf(spec: ErrorSpec): ErrorCode | null {
  if (typeof spec === "string") return spec;
  return "code" in spec ? spec.code : null;
}

function nestedBody(codes: ErrorCode[]) {
  const extras = Object.assign({}, ...codes.map((code) => EXTRAS[code] ?? {}));
  for (const key of Object.keys(extras)) extras[key] = (extras[key] as z.ZodType).optional();
  return z.object({
    error: z.looseObject({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]), message: z.string(), field: z.string().optional(), ...extras }),
  });
}

function flatBody(code: ErrorCode) {
  const spec = ERROR_CODES[code] as { title?: string };
  return z.looseObject({ error: z.literal(spec.title ?? "Error"), code: z.literal(code), message: z.string(), field: z.string().optional(), ...(EXTRAS[code] ?? {}) });
}

/** The schema of one status: every body it may have (oneOf when several shapes share it). */
export function errorSchema(specs: ErrorSpec[]): z.ZodType {
  const nested = [...new Set(specs.map(codeOf).filter((c): c is ErrorCode => c !== null && shapeOf(c) === "nested"))];
  const variants: z.ZodType[] = [];
  if (nested.length) variants.push(nestedBody(nested));
  for (const spec of specs) {
    const code = codeOf(spec);
    if (code) {
      if (shapeOf(code) === "flat") variants.push(flatBody(code));
    } else if ("plain" in (spec as PlainSpec)) {
      variants.push(z.looseObject({ error: z.literal((spec as PlainSpec).plain), message: z.string().optional() }));
    } else if ("titled" in (spec as TitledSpec)) {
      const titled = spec as TitledSpec;
      variants.push(z.looseObject({ error: z.literal(titled.titled), message: z.string(), field: z.string().optional(), code: z.string().optional() }).meta({ description: titled.description }));
    }
  }
  return variants.length === 1 ? variants[0] : z.union(variants as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** One line per error for the description of a response. */
export function describeErrors(specs: ErrorSpec[]): string {
  return specs
    .map((given) => {
      const spec = codeOf(given);
      if (!spec) {
        if ("plain" in (given as PlainSpec)) return `\`{ error: "${(given as PlainSpec).plain}" }\``;
        const titled = given as TitledSpec;
        return `\`{ error: "${titled.titled}", message, field? }\`: ${titled.description}`;
      }
      const extras = Object.keys(EXTRAS[spec] ?? {});
      return `\`${spec}\` (${shapeOf(spec)}${extras.length ? `; ${extras.join(", ")}` : ""}): ${ERROR_CODES[spec].message}`;
    })
    .join("\n- ");
}
