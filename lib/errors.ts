// One error class for the whole app. Use-case functions throw it with a code of the contract (docs/API.md); the
// API skin (lib/api/respond.ts) turns it into a status and body by the table below, following the
// flat/nested rule of docs/API.md: UPPER_CASE codes are flat, lower_case codes nested, and the
// plain-string errors are `{ error: "<string>" }`.

type Shape = "flat" | "nested" | "plain";

interface CodeSpec {
  status: number;
  /** Short human title used as `error` in the flat shape. */
  title?: string;
  message: string;
}

export const ERROR_CODES = {
  // authentication and authorisation
  missing_api_key: { status: 401, message: "Send your API key as 'Authorization: Bearer <key>'." },
  invalid_api_key: { status: 401, message: "The API key is malformed, unknown or revoked." },
  plan_upgrade_required: { status: 403, message: "API access needs the Growth plan or higher." },
  forbidden: { status: 403, message: "This API key's role does not allow this request." },
  insufficient_scope: { status: 403, message: "This API key lacks the scope this request needs." },
  outside_key_restrictions: { status: 403, message: "This API key is restricted to some groups or domains, and this is outside them." },
  // dashboard (browser session) answers
  not_signed_in: { status: 401, message: "Sign in to continue." },
  too_many_attempts: { status: 429, message: "Too many sign-in attempts. Try again later." },
  email_not_confirmed: { status: 403, message: "Confirm your e-mail address first: open the link we e-mailed you, or send a new one from the dashboard." },
  signup_closed: { status: 403, message: "Sign-up is closed on this Hop instance. Ask its operator for an account." },
  rate_limit_exceeded: { status: 429, message: "Rate limit exceeded." },
  quota_exceeded: { status: 403, message: "The plan's link limit is reached." },
  // generic validation
  invalid_request: { status: 400, message: "The request is not valid." },
  missing_required_field: { status: 400, message: "A required field is missing." },
  invalid_url: { status: 400, message: "The URL is not valid." },
  invalid_slug: { status: 400, message: "The slug is not valid." },
  invalid_email: { status: 400, message: "The e-mail address is not valid." },
  value_too_long: { status: 400, message: "The value is too long." },
  value_too_short: { status: 400, message: "The value is too short." },
  invalid_domain: { status: 400, message: "The domain is not a valid hostname." },
  // resources
  not_found: { status: 404, message: "Not found." },
  link_not_found: { status: 404, message: "Link not found." },
  variant_not_found: { status: 404, message: "The link has no A/B variant at that index." },
  domain_not_found: { status: 404, message: "Domain not found in this account." },
  group_not_found: { status: 404, message: "Group not found." },
  geo_preset_not_found: { status: 404, message: "Geo preset not found." },
  draft_not_found: { status: 404, message: "Draft not found." },
  subscriber_not_found: { status: 404, message: "No such subscriber on this website." },
  draft_changed: { status: 409, message: "The draft was changed elsewhere; reload it to continue." },
  draft_already_published: { status: 409, message: "The draft is already published." },
  domain_already_connected: { status: 409, message: "This domain is already connected." },
  slug_already_exists: { status: 409, message: "This slug is already in use." },
  cannot_delete_default_domain: { status: 400, message: "Set another default domain before deleting this one." },
  method_not_allowed: { status: 405, message: "Method not allowed." },
  internal_error: { status: 500, message: "Something went wrong on our side." },
  // transient: the database cannot be reached; the answer carries Retry-After
  service_unavailable: { status: 503, message: "The service is briefly unavailable; retry after the Retry-After seconds." },
  // flat (UPPER_CASE) codes
  TOTAL_LINK_LIMIT_REACHED: { status: 403, title: "Forbidden", message: "The plan's total link limit is reached." },
  ACTIVE_LINK_LIMIT_REACHED: { status: 403, title: "Forbidden", message: "The plan's active link limit is reached." },
  DOMAIN_NOT_FOUND: { status: 403, title: "Forbidden", message: "This custom domain is not connected to the account." },
  DOMAIN_NOT_VERIFIED: { status: 400, title: "Bad Request", message: "This custom domain is not verified yet." },
  UNKNOWN_SYSTEM_DOMAIN: { status: 400, title: "Bad Request", message: "This system domain is not offered." },
  INVALID_SLUG: {
    status: 400,
    title: "Bad Request",
    message: "Slugs are 3 to 50 letters, digits, hyphens or underscores and not a reserved word.",
  },
  INVALID_DESTINATION_URL: { status: 400, title: "Bad Request", message: "The destination must be an absolute http(s) URL." },
  BLOCKED_BOUNCY_DESTINATION: {
    status: 400,
    title: "Bad Request",
    message: "This destination cannot be used on the primary domain; use a system or custom domain.",
  },
  INVALID_EXPIRATION: { status: 400, title: "Bad Request", message: "expiresAt must be an ISO 8601 date-time with an offset, in the future." },
  INVALID_SCHEDULE: { status: 400, title: "Bad Request", message: "startsAt must be an ISO 8601 date-time with an offset, before expiresAt." },
  GROUP_NOT_FOUND: { status: 400, title: "Bad Request", message: "The group does not exist in this account." },
  TOO_MANY_CUSTOM_DOMAINS: {
    status: 400,
    title: "Bad Request",
    message: "One bulk delete may touch at most 10 custom domains.",
  },
  AMBIGUOUS_IDENTIFIER: {
    status: 409,
    title: "Conflict",
    message: "The slug matches several links; use the link id or the short URL.",
  },
} satisfies Record<string, CodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function shapeOf(code: string): Shape {
  return /^[A-Z0-9_]+$/.test(code) ? "flat" : "nested";
}

interface ErrorOptions {
  message?: string;
  field?: string;
  status?: number;
  extras?: Record<string, unknown>;
  /** Response headers the refusal needs (Retry-After on a 429), set by the API and dashboard skins. */
  headers?: Record<string, string>;
}

export class HopError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly extras: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** Set for the plain and title-only bodies API.md shows for some endpoints. */
  readonly body?: Record<string, unknown>;

  constructor(code: ErrorCode, options: ErrorOptions = {}) {
    const spec: CodeSpec = ERROR_CODES[code];
    super(options.message ?? spec.message);
    this.code = code;
    this.status = options.status ?? spec.status;
    this.field = options.field;
    this.extras = options.extras ?? {};
    this.headers = options.headers ?? {};
  }

  /** `{ error: "<string>" }`, e.g. `Deeplink not found`, `Custom slug already taken`. */
  static plain(status: number, error: string, extras: Record<string, unknown> = {}): HopError {
    return HopError.withBody(status, { error, ...extras });
  }

  /** A flat body with a title and no code, e.g. PUT's `{ error: "Not Found", message }`. */
  static titled(status: number, title: string, message: string, extras: Record<string, unknown> = {}): HopError {
    return HopError.withBody(status, { error: title, message, ...extras });
  }

  private static withBody(status: number, body: Record<string, unknown>): HopError {
    const error = new HopError("invalid_request", { status, message: String(body.message ?? body.error) });
    (error as { body?: Record<string, unknown> }).body = body;
    return error;
  }

  toBody(): Record<string, unknown> {
    if (this.body) return this.body;
    const detail: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.field !== undefined) detail.field = this.field;
    if (shapeOf(this.code) === "flat") {
      const spec: CodeSpec = ERROR_CODES[this.code as ErrorCode];
      return { error: spec.title ?? "Error", ...detail, ...this.extras };
    }
    return { error: { ...detail, ...this.extras } };
  }
}

export function isHopError(error: unknown): error is HopError {
  return error instanceof HopError || (error instanceof Error && (error as HopError).toBody !== undefined && "code" in error);
}
