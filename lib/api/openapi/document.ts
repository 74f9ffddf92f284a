import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { config } from "../../config";
import type { KeyRole } from "../../keys/key-format";
import { roleAllows } from "../roles";
import { describeErrors, errorSchema, statusOf, VALIDATION_CODES, type ErrorSpec } from "./errors";
import { allOperations, type Operation } from "./operations";

// GET /v1/openapi.json: built once per process from lib/api/openapi/operations.ts (the schemas the
// routes validate with) and kept.

const ROLES: KeyRole[] = ["full", "creator", "viewer"];
/** Errors any keyed operation may answer, besides its own. */
const SHARED_ERRORS: ErrorSpec[] = ["missing_api_key", "invalid_api_key", "plan_upgrade_required", "forbidden", "rate_limit_exceeded", "internal_error", "service_unavailable"];

const RATE_HEADERS = {
  "X-RateLimit-Limit": z.int().meta({ description: "Requests allowed per hour for this key." }),
  "X-RateLimit-Remaining": z.int().meta({ description: "Requests left in the hourly window (or the daily one, when that is tighter)." }),
  "X-RateLimit-Reset": z.int().meta({ description: "Unix seconds when that window resets." }),
};
const REQUEST_ID = { "X-Request-Id": z.string().meta({ description: "The caller's X-Request-Id, or a generated one." }) };
const RETRY_AFTER = { "Retry-After": z.int().meta({ description: "Seconds to wait before retrying." }) };

export function rolesFor(operation: Operation): KeyRole[] {
  if (!operation.resource) return [];
  const method = operation.method.toUpperCase();
  return ROLES.filter((role) => roleAllows(role, { method, resource: operation.resource!, fullKeyOnly: operation.fullKeyOnly }));
}

/** Rate-limit headers are certain on success; on an error only when the key was accepted by then. */
function headersFor(status: number, keyed: boolean) {
  const rate = keyed && status !== 401 ? RATE_HEADERS : {};
  const rateHeaders = status < 400 ? rate : Object.fromEntries(Object.entries(rate).map(([name, schema]) => [name, (schema as z.ZodType).optional()]));
  return z.object({ ...REQUEST_ID, ...rateHeaders, ...(status === 429 || status === 503 ? RETRY_AFTER : {}) });
}

function errorsOf(operation: Operation): ErrorSpec[] {
  const own = [...operation.errors];
  if (operation.body || operation.query) own.push(...VALIDATION_CODES);
  else own.push("invalid_request");
  if (operation.body) own.push({ code: "invalid_request", status: 413 }, { code: "invalid_request", status: 408 });
  const all = operation.resource ? [...SHARED_ERRORS, ...own] : own;
  if (!operation.resource || rolesFor(operation).length === ROLES.length) return all.filter((spec) => spec !== "forbidden");
  return all;
}

/** Statuses only the shared errors answer: one component each instead of a copy per operation. */
const SHARED_STATUS_IDS: Record<number, string> = { 401: "UnauthorizedError", 429: "RateLimitError", 500: "InternalError", 503: "UnavailableError" };
const sharedSchemas = new Map<number, z.ZodType>();
function errorSchemaFor(status: number, specs: ErrorSpec[]): z.ZodType {
  const id = SHARED_STATUS_IDS[status];
  if (!id) return errorSchema(specs);
  let schema = sharedSchemas.get(status);
  if (!schema) sharedSchemas.set(status, (schema = errorSchema(specs).meta({ id })));
  return schema;
}

function toOperationObject(operation: Operation): ZodOpenApiOperationObject {
  const keyed = operation.resource !== null;
  const roles = rolesFor(operation);
  const byStatus = new Map<number, ErrorSpec[]>();
  for (const spec of errorsOf(operation)) byStatus.set(statusOf(spec), [...(byStatus.get(statusOf(spec)) ?? []), spec]);
  const responses: ZodOpenApiOperationObject["responses"] = {
    [operation.success.status]: {
      description: operation.success.description,
      headers: headersFor(operation.success.status, keyed),
      content: { "application/json": { schema: operation.success.schema } },
    },
  };
  for (const [status, specs] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: `- ${describeErrors(specs)}`,
      headers: headersFor(status, keyed),
      content: { "application/json": { schema: errorSchemaFor(status, specs) } },
    };
  }
  const rolesText = keyed ? `\n\nRoles: ${roles.join(", ")}${operation.fullKeyOnly ? " (Full Access keys only)" : ""}.` : "";
  const object: ZodOpenApiOperationObject & Record<`x-${string}`, unknown> = {
    operationId: `${operation.method}${operation.path.replace(/[{}]/g, "").split(/[/.-]/).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join("")}`,
    summary: operation.summary,
    description: `${operation.description ?? ""}${operation.addition ? "\n\nAddition beyond API.md." : ""}${rolesText}`.trim(),
    tags: [operation.tag],
    security: keyed ? [{ bearerAuth: [] }] : [],
    "x-hop-roles": roles,
    ...(operation.addition ? { "x-hop-addition": true } : {}),
    responses,
  };
  if (operation.pathParams) {
    object.requestParams = {
      path: z.object(Object.fromEntries(Object.entries(operation.pathParams).map(([name, description]) => [name, z.string().meta({ description })]))),
    };
  }
  if (operation.query) object.requestParams = { ...object.requestParams, query: operation.query };
  if (operation.body) object.requestBody = { required: true, content: { "application/json": { schema: operation.body } } };
  return object;
}

export function buildDocument(operations: Operation[] = allOperations()) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: toOperationObject(operation) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Hop API",
      version: "1.0.0",
      description:
        "Short links, link-in-bio pages, custom domains, groups, analytics and usage. Every request carries `Authorization: Bearer <API key>` " +
        "(except this document). Error bodies: UPPER_CASE codes are flat `{ error, code, message, field? }`, lower_case codes nested " +
        "`{ error: { code, message, field? } }`. Operations marked `x-hop-addition` go beyond the published API.md; `x-hop-roles` lists the key roles allowed.",
    },
    servers: [{ url: config().appUrl }],
    components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `<prefix>_live_pk_<40 alphanumerics>`." } } },
    security: [{ bearerAuth: [] }],
    paths,
  });
}

let cached: string | null = null;
/** The document as JSON text, built on first use. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildDocument());
  return cached;
}
