import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

// The contract check of issue 16: every /v1 answer an HTTP test receives through api() must match
// the OpenAPI document's schema for that operation and status (fetched once per server from
// GET /v1/openapi.json). A mismatch throws, failing the test that made the request.

interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components?: object;
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
export async function checkContract(baseUrl: string, method: string, path: string, status: number, body: unknown, text: string): Promise<void> {
  const pathname = path.split("?")[0];
  if (!pathname.startsWith("/v1/") || method === "HEAD" || method === "OPTIONS") return;
  const contract = await contractFor(baseUrl);
  const route = contract.routes.find((r) => r.pattern.test(pathname));
  const operation = route && contract.doc.paths[route.template][method.toLowerCase()];
  if (!route || !operation) return;
  const where = `${method} ${route.template} → ${status}`;
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`Contract: ${where} is not documented in /v1/openapi.json. Body: ${text.slice(0, 300)}`);
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
