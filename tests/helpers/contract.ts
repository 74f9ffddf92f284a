import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

// The contract check of issue 16: every /v1 answer an HTTP test receives through api() must match
// the OpenAPI document's schema for that operation and status, body and documented headers
// (X-Request-Id, X-RateLimit-*, Retry-After), from the document fetched once per server from
// GET /v1/openapi.json. A mismatch throws, failing the test that made the request.

interface Ref {
  $ref: string;
}
interface HeaderDoc {
  required?: boolean;
  schema?: { type?: string; minimum?: number };
}
interface ResponseDoc {
  content?: Record<string, { schema: object }>;
  headers?: Record<string, HeaderDoc | Ref>;
}
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, ResponseDoc | Ref> }>>;
  components?: { responses?: Record<string, ResponseDoc>; headers?: Record<string, HeaderDoc> };
}

interface Route {
  template: string;
  pattern: RegExp;
  specificity: number;
}

interface Contract {
  doc: Doc;
  routes: Route[];
  validators: Map<string, ValidateFunction>;
}

const contracts = new Map<string, Promise<Contract>>();
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

/** `/v1/analytics/links/{identifier}` takes a `/` in its identifier (a catch-all route). */
const CATCH_ALL_PARAMS = new Set(["/v1/analytics/links/{identifier}"]);

function routesOf(doc: Doc): Route[] {
  return Object.keys(doc.paths)
    .map((template) => {
      const source = template
        .split(/(\{\w+\})/)
        .map((part) => (part.startsWith("{") ? (CATCH_ALL_PARAMS.has(template) ? "(.+)" : "([^/]+)") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("");
      return { template, pattern: new RegExp(`^${source}$`), specificity: -(template.match(/\{/g)?.length ?? 0) };
    })
    .sort((a, b) => b.specificity - a.specificity);
}

async function contractFor(baseUrl: string): Promise<Contract> {
  let contract = contracts.get(baseUrl);
  if (!contract) {
    contract = fetch(`${baseUrl}/v1/openapi.json`).then(async (response) => {
      if (response.status !== 200) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
      const doc = (await response.json()) as Doc;
      return { doc, routes: routesOf(doc), validators: new Map() };
    });
    contracts.set(baseUrl, contract);
  }
  return contract;
}

/**
 * Throws when a JSON answer of a documented /v1 operation does not match the document. Answers for
 * paths or methods the document does not have (404 not_found, 405) are not operations; they are
 * covered by malformed-requests.test.ts.
 */
export async function checkContract(baseUrl: string, method: string, path: string, status: number, headers: Headers, body: unknown, text: string): Promise<void> {
  const pathname = path.split("?")[0];
  if (!pathname.startsWith("/v1/") || method === "HEAD" || method === "OPTIONS") return;
  const contract = await contractFor(baseUrl);
  const route = contract.routes.find((r) => r.pattern.test(pathname));
  const operation = route && contract.doc.paths[route.template][method.toLowerCase()];
  if (!route || !operation) return;
  const where = `${method} ${route.template} → ${status}`;
  const response = resolve(contract.doc, operation.responses[String(status)]);
  if (!response) throw new Error(`Contract: ${where} is not documented in /v1/openapi.json. Body: ${text.slice(0, 300)}`);
  checkHeaders(contract.doc, where, response, headers);
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return;
  if (body === undefined) throw new Error(`Contract: ${where} should be JSON; got ${text.slice(0, 200)}`);
  let validate = contract.validators.get(where);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: contract.doc.components });
    contract.validators.set(where, validate);
  }
  if (!validate(body)) {
    throw new Error(`Contract: ${where} does not match the document: ${ajv.errorsText(validate.errors)}. Body: ${text.slice(0, 500)}`);
  }
}

/** `#/components/<section>/<name>` → the object, or the value itself when it is not a reference. */
function resolve<T>(doc: Doc, value: T | Ref | undefined): T | undefined {
  if (!value || !("$ref" in (value as object))) return value as T | undefined;
  const [, , section, name] = (value as Ref).$ref.split("/");
  const found = (doc.components as Record<string, Record<string, unknown>> | undefined)?.[section]?.[name];
  if (!found) throw new Error(`Contract: the document's ${(value as Ref).$ref} does not exist`);
  return found as T;
}

/** Every documented header the answer must carry is there, and every documented one it carries has the documented type. */
function checkHeaders(doc: Doc, where: string, response: ResponseDoc, headers: Headers): void {
  for (const [name, given] of Object.entries(response.headers ?? {})) {
    const header = resolve<HeaderDoc>(doc, given)!;
    const value = headers.get(name);
    if (value === null) {
      if (header.required) throw new Error(`Contract: ${where} must carry the ${name} header (documented as required)`);
      continue;
    }
    const schema = header.schema ?? {};
    if (schema.type === "integer" && !(/^-?\d+$/.test(value) && Number(value) >= (schema.minimum ?? -Infinity))) {
      throw new Error(`Contract: ${where}: ${name} is "${value}", documented as an integer${schema.minimum !== undefined ? ` ≥ ${schema.minimum}` : ""}`);
    }
  }
}
