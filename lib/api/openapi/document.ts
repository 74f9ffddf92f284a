import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { config } from "../../config";
import type { KeyRole } from "../../keys/key-format";
import { roleAllows } from "../roles";
import { describeErrors, errorSchema, statusOf, VALIDATION_CODES, type ErrorSpec } from "./errors";
import { EXAMPLES } from "./examples";
import { allOperations, type Operation } from "./operations";

// GET /v1/openapi.json: built once per process from lib/api/openapi/operations.ts (the schemas the
// routes validate with) and kept.

const ROLES: KeyRole[] = ["full", "creator", "viewer"];
/** Errors any keyed operation may answer, besides its own. */
const SHARED_ERRORS: ErrorSpec[] = ["missing_api_key", "invalid_api_key", "plan_upgrade_required", "forbidden", "insufficient_scope", "rate_limit_exceeded", "internal_error", "service_unavailable"];

/**
 * Response headers, each written once in components.headers. The rate-limit headers are certain on
 * a keyed success; on an error only once the key was accepted (so not on a 401), hence two sets.
 */
const integer = { type: "integer", minimum: 0 } as const;
const HEADERS = {
  RequestId: { description: "The caller's X-Request-Id (at most 64 characters), or a generated one.", required: true, schema: { type: "string" as const } },
  RateLimitLimit: { description: "Requests allowed per hour for this key.", required: true, schema: integer },
  RateLimitRemaining: { description: "Requests left in the hourly window (or the daily one, when that is tighter).", required: true, schema: integer },
  RateLimitReset: { description: "Unix seconds when that window resets.", required: true, schema: integer },
  RateLimitLimitIfAccepted: { description: "Requests allowed per hour for this key; present once the key was accepted.", schema: integer },
  RateLimitRemainingIfAccepted: { description: "Requests left in the tighter window; present once the key was accepted.", schema: integer },
  RateLimitResetIfAccepted: { description: "Unix seconds when that window resets; present once the key was accepted.", schema: integer },
  RetryAfter: { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer" as const, minimum: 1 } },
};
const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

export function rolesFor(operation: Operation): KeyRole[] {
  if (!operation.resource) return [];
  const method = operation.method.toUpperCase();
  return ROLES.filter((role) => roleAllows(role, { method, resource: operation.resource!, fullKeyOnly: operation.fullKeyOnly }));
}

function headersFor(status: number, keyed: boolean) {
  const headers: Record<string, { $ref: string }> = { "X-Request-Id": ref("RequestId") };
  if (keyed && status < 400) {
    Object.assign(headers, { "X-RateLimit-Limit": ref("RateLimitLimit"), "X-RateLimit-Remaining": ref("RateLimitRemaining"), "X-RateLimit-Reset": ref("RateLimitReset") });
  } else if (keyed && status !== 401) {
    Object.assign(headers, {
      "X-RateLimit-Limit": ref("RateLimitLimitIfAccepted"),
      "X-RateLimit-Remaining": ref("RateLimitRemainingIfAccepted"),
      "X-RateLimit-Reset": ref("RateLimitResetIfAccepted"),
    });
  }
  if (status === 429 || status === 503) headers["Retry-After"] = ref("RetryAfter");
  return headers;
}

function errorsOf(operation: Operation): ErrorSpec[] {
  const own = [...operation.errors];
  if (operation.body || operation.query) own.push(...VALIDATION_CODES);
  else own.push("invalid_request");
  if (operation.body) own.push({ code: "invalid_request", status: 413 }, { code: "invalid_request", status: 408 });
  const all = operation.resource ? [...SHARED_ERRORS, ...own] : own;
  const open = !operation.resource || operation.scope === null;
  return all.filter((spec) => !(spec === "insufficient_scope" && open) && !(spec === "forbidden" && (open || rolesFor(operation).length === ROLES.length)));
}

const STATUS_NAMES: Record<number, string> = {
  400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound", 405: "MethodNotAllowed", 408: "RequestTimeout",
  409: "Conflict", 413: "PayloadTooLarge", 429: "TooManyRequests", 500: "InternalError", 503: "Unavailable",
};

function labelOf(spec: ErrorSpec): string {
  if (typeof spec === "string") return spec;
  if ("code" in spec) return spec.code;
  const words = "plain" in spec ? spec.plain : spec.titled;
  return words.replace(/[^A-Za-z0-9]+/g, " ").trim().split(" ").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

/**
 * The error responses of every operation. One that several operations answer alike (the shared
 * 401, 429, 500, 503, the body's 408 and 413, the common 400s and 403s) is written once in
 * components.responses and referenced; that is most of them.
 */
class ErrorResponses {
  readonly components: Record<string, ZodOpenApiResponseObject> = {};
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(operations: Operation[]) {
    for (const operation of operations) {
      for (const [status, specs] of byStatus(operation)) this.uses.set(keyOf(status, specs, operation), (this.uses.get(keyOf(status, specs, operation)) ?? 0) + 1);
    }
  }

  responseFor(operation: Operation, status: number, specs: ErrorSpec[]): ZodOpenApiResponseObject | { $ref: string } {
    const response = { description: `- ${describeErrors(specs)}`, headers: headersFor(status, operation.resource !== null), content: { "application/json": { schema: errorSchema(specs) } } };
    const key = keyOf(status, specs, operation);
    if ((this.uses.get(key) ?? 0) < 2) return response;
    let name = this.names.get(key);
    if (!name) {
      const base = responseName(status, [...new Set(specs.map(labelOf))]);
      name = base;
      for (let n = 2; this.components[name]; n++) name = `${base}_${n}`;
      this.names.set(key, name);
      this.components[name] = response;
    }
    return { $ref: `#/components/responses/${name}` };
  }
}

/** Sets of errors many operations share, by a name a reader of the reference recognises. */
const KNOWN_SETS: Record<string, string> = {
  "400 invalid_request": "InvalidRequest",
  [`400 ${VALIDATION_CODES.join(" ")}`]: "ValidationFailed",
  "401 missing_api_key invalid_api_key": "Unauthorized",
  "403 plan_upgrade_required": "PlanUpgradeRequired",
  "403 plan_upgrade_required forbidden": "PlanUpgradeRequiredOrRoleForbidden",
  "408 invalid_request": "BodyTimeout",
  "413 invalid_request": "BodyTooLarge",
  "429 rate_limit_exceeded": "RateLimited",
  "500 internal_error": "InternalError",
  "503 service_unavailable": "Unavailable",
};

function responseName(status: number, labels: string[]): string {
  const known = KNOWN_SETS[`${status} ${labels.join(" ")}`];
  if (known) return known;
  const prefix = STATUS_NAMES[status] ?? `Status${status}`;
  return labels.length <= 3 ? `${prefix}_${labels.join("_")}` : `${prefix}_${labels.slice(0, 2).join("_")}_and_${labels.length - 2}_more`;
}

function byStatus(operation: Operation): Array<[number, ErrorSpec[]]> {
  const grouped = new Map<number, ErrorSpec[]>();
  for (const spec of errorsOf(operation)) grouped.set(statusOf(spec), [...(grouped.get(statusOf(spec)) ?? []), spec]);
  return [...grouped].sort(([a], [b]) => a - b);
}

function keyOf(status: number, specs: ErrorSpec[], operation: Operation): string {
  return JSON.stringify([status, specs, operation.resource !== null]);
}

function toOperationObject(operation: Operation, errors: ErrorResponses): ZodOpenApiOperationObject {
  const keyed = operation.resource !== null;
  const examples = EXAMPLES[`${operation.method.toUpperCase()} ${operation.path}`];
  const roles = rolesFor(operation);
  const responses: ZodOpenApiOperationObject["responses"] = {
    [operation.success.status]: {
      description: operation.success.description,
      headers: headersFor(operation.success.status, keyed),
      content: operation.success.mediaTypes
        ? Object.fromEntries(Object.entries(operation.success.mediaTypes).map(([type, schema]) => [type, type.endsWith("+xml") && typeof examples?.success === "string" ? { schema, example: examples.success } : { schema }]))
        : { "application/json": { schema: operation.success.schema, example: examples?.success } },
    },
  };
  for (const [status, specs] of byStatus(operation)) {
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = errors.responseFor(operation, status, specs);
  }
  const scopeText = operation.scope ? ` Scope: \`${operation.scope}\`.` : " Any key, whatever its scopes.";
  const rolesText = keyed ? `\n\nRoles: ${roles.join(", ")}${operation.fullKeyOnly ? " (Full Access keys only)" : ""}.${scopeText}` : "";
  const object: ZodOpenApiOperationObject & Record<`x-${string}`, unknown> = {
    operationId: `${operation.method}${operation.path.replace(/[{}]/g, "").split(/[/.-]/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("")}`,
    summary: operation.summary,
    description: `${operation.description ?? ""}${operation.addition ? "\n\nAddition beyond API.md." : ""}${rolesText}`.trim(),
    tags: [operation.tag],
    // OpenAPI 3.1 lets a non-OAuth scheme list the roles it needs: here the key's scope.
    security: keyed ? [{ bearerAuth: operation.scope ? [operation.scope] : [] }] : [],
    "x-hop-roles": roles,
    "x-hop-scope": operation.scope,
    ...(operation.addition ? { "x-hop-addition": true } : {}),
    responses,
  };
  if (operation.pathParams) {
    object.requestParams = {
      path: z.object(Object.fromEntries(Object.entries(operation.pathParams).map(([name, description]) => [name, z.string().meta({ description })]))),
    };
  }
  if (operation.query) object.requestParams = { ...object.requestParams, query: operation.query };
  if (operation.body) object.requestBody = { required: true, content: { "application/json": { schema: operation.body, example: examples?.request } } };
  if (operation.rawBody) object.requestBody = { required: true, description: operation.rawBody.description, content: { [operation.rawBody.mediaType]: { schema: z.string().meta({ maxLength: operation.rawBody.maxBytes }) } } };
  return object;
}

export function buildDocument(operations: Operation[] = allOperations()) {
  const paths: ZodOpenApiPathsObject = {};
  const errors = new ErrorResponses(operations);
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: toOperationObject(operation, errors) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Hop API",
      version: "1.0.0",
      description:
        "Short links, link-in-bio pages, custom domains, groups, analytics and usage. Every request carries `Authorization: Bearer <API key>` " +
        "(except this document). Error bodies: UPPER_CASE codes are flat `{ error, code, message, field? }`, lower_case codes nested " +
        "`{ error: { code, message, field? } }`. Operations marked `x-hop-addition` go beyond the published API.md; `x-hop-roles` lists the key roles allowed, `x-hop-scope` (and the bearer requirement) the scope a key needs: without it, 403 `insufficient_scope` naming it.",
    },
    servers: [{ url: config().appUrl }],
    components: {
      headers: HEADERS,
      responses: errors.components,
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `<prefix>_live_pk_<40 alphanumerics>`." } },
    },
    security: [{ bearerAuth: [] }],
    paths,
  }, {
    // z.int()'s safe-integer bounds say nothing to a client; they are most of an integer's schema.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
}

let cached: string | null = null;
/** The document as JSON text, built on first use. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildDocument());
  return cached;
}
