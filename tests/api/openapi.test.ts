import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { allOperations } from "../../lib/api/openapi/operations";
import { api, createAccount } from "../helpers/api";
import { checkContract } from "../helpers/contract";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// GET /v1/openapi.json (issue 16): no key needed, a valid OpenAPI 3.1 document, and every operation
// (lib/api/openapi/operations.ts, which the routes are built from: tests/unit/openapi-routes.test.ts)
// in it with the roles of its resource. That every answer matches it is checked on every request
// the HTTP tests make (tests/helpers/contract.ts).

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

describe("GET /v1/openapi.json", () => {
  let server: HopServer;
  let doc: any;

  before(async () => {
    server = await sharedServer();
    const res = await api(server, "GET", "/v1/openapi.json");
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /application\/json/);
    doc = res.body;
  });
  after(() => server.stop());

  const resolve = (value: any) => (value?.$ref ? value.$ref.split("/").slice(1).reduce((at: any, part: string) => at[part], doc) : value);
  const response = (operation: any, status: string) => resolve(operation.responses[status]);
  const header = (res: any, name: string) => resolve(res.headers[name]);

  test("needs no key and is a valid OpenAPI 3.1 document", async () => {
    assert.equal(doc.openapi, "3.1.0");
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 1)?.slice(0, 2000));
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, { type: "http", scheme: "bearer", description: doc.components.securitySchemes.bearerAuth.description });
  });

  test("every operation is in the document with its resource's roles, and no other", () => {
    const listed = allOperations().map((op) => ({ path: op.path, method: op.method.toUpperCase(), resource: op.resource, fullKeyOnly: Boolean(op.fullKeyOnly) }));
    assert.ok(listed.length >= 30, `${listed.length} operations`);
    const documented = new Set<string>();
    for (const [p, item] of Object.entries<any>(doc.paths)) for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${p}`);
    for (const route of listed) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      assert.ok(operation, `${route.method} ${route.path} is missing from /v1/openapi.json`);
      documented.delete(`${route.method} ${route.path}`);
      const roles = operation["x-hop-roles"];
      if (route.resource === null) {
        assert.deepEqual(operation.security, [], `${route.method} ${route.path} needs no key`);
        continue;
      }
      const expected = route.fullKeyOnly ? ["full"] : route.method === "GET" ? ["full", "creator", "viewer"] : ["domains", "account", "analytics"].includes(route.resource) ? ["full"] : ["full", "creator"];
      assert.deepEqual(roles, expected, `${route.method} ${route.path}: x-hop-roles`);
      assert.match(operation.description, new RegExp(`Roles: ${expected.join(", ")}`));
      assert.ok(operation.responses["429"] && operation.responses["401"], `${route.method} ${route.path}: 401 and 429`);
      assert.equal(header(response(operation, "429"), "Retry-After").required, true, `${route.method} ${route.path}: Retry-After`);
      const success = response(operation, operation.responses["200"] ? "200" : "201");
      for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"]) {
        assert.equal(header(success, name).required, true, `${route.method} ${route.path}: ${name}`);
      }
    }
    assert.deepEqual([...documented], [], "documented operations that are not in lib/api/openapi/operations.ts");
    for (const method of METHODS) assert.ok(listed.some((r) => r.method === method), `some route has ${method}`);
  });

  test("error bodies follow the shape rule; additions are marked", () => {
    const create = doc.paths["/v1/links"].post;
    const forbidden = JSON.stringify(response(create, "403"));
    for (const member of ["TOTAL_LINK_LIMIT_REACHED", "currentUsed", "totalLimit", "plan_upgrade_required", "currentPlan"]) assert.ok(forbidden.includes(member), member);
    const tooMany = JSON.stringify(response(doc.paths["/v1/links/{identifier}"].get, "429"));
    for (const member of ["rate_limit_exceeded", "limit", "remaining", "resetAt", "window"]) assert.ok(tooMany.includes(member), member);
    assert.ok(JSON.stringify(response(create, "400")).includes("Missing custom slug"));
    const additions = Object.entries<any>(doc.paths).flatMap(([p, item]) => Object.entries<any>(item).filter(([, op]) => op["x-hop-addition"]).map(([m]) => `${m.toUpperCase()} ${p}`));
    for (const addition of ["GET /v1/geo-presets", "POST /v1/groups", "GET /v1/groups", "POST /v1/links/bulk", "PATCH /v1/links/bulk/status", "GET /v1/links/{identifier}", "DELETE /v1/links/{identifier}", "GET /v1/websites/{id}/contacts"]) {
      assert.ok(additions.includes(addition), addition);
    }
    assert.ok(!additions.includes("POST /v1/links"));
  });

  test("the request schemas are the ones that validate: a link's url is a string, bulk status takes 1 to 100 identifiers", () => {
    const schemas = doc.components.schemas;
    assert.equal(schemas.CreateLinkBody.properties.url.type, "string");
    assert.deepEqual(schemas.CreateLinkBody.required, ["url"]);
    assert.equal(schemas.BulkStatusBody.properties.links.maxItems, 100);
    assert.equal(schemas.BulkStatusBody.properties.links.minItems, 1);
    assert.equal(schemas.StatusBody.properties.setActive.type, "boolean");
  });

  test("drafts, domains and websites are described by the schemas that validate them", () => {
    const schemas = doc.components.schemas;
    const draft = schemas.CreateDraftBody;
    assert.deepEqual(draft.required, ["semantic"]);
    assert.ok(draft.properties.semantic.properties.links.items.properties.url, "semantic.links[].url");
    assert.equal(draft.properties.semantic.properties.links.maxItems, 200);
    assert.ok(JSON.stringify(draft.properties.templateId).includes("bento-grid"));
    assert.ok(!JSON.stringify(draft.properties.templateId).includes("folio-card"), "folio-card is a create-only design");
    assert.equal(schemas.ConnectDomainBody.properties.domain.type, "string");
    assert.deepEqual(schemas.ConnectDomainBody.required, ["domain"]);
    assert.equal(schemas.CreateWebsiteBody.properties.customSlug.type, "string");
    assert.ok(JSON.stringify(schemas.CreateWebsiteBody.properties.customPath).includes('"string"'));
  });

  test("what every operation shares is written once: headers and common error responses are references; the document stays small", () => {
    const usage = doc.paths["/v1/account/usage"].get;
    assert.equal(usage.responses["401"].$ref, "#/components/responses/Unauthorized");
    assert.equal(usage.responses["429"].$ref, "#/components/responses/RateLimited");
    assert.equal(usage.responses["200"].headers["X-RateLimit-Limit"].$ref, "#/components/headers/RateLimitLimit");
    const size = JSON.stringify(doc).length;
    // Each operation adds its own schemas and examples (POST /v1/links/bulk-update: about 9,000, the drafts' import about 6,500, the analytics' people, bots and UTM fields about 6,000); what must not grow is the shared part.
    assert.ok(size < 240_000, `the document is ${size} characters`);
  });

  test("the contract check fails an answer without a documented required header, or with one of the wrong type", async () => {
    const account = await createAccount(server);
    const res = await api(server, "GET", "/v1/account/usage", { key: account.key });
    assert.equal(res.status, 200);
    const check = (headers: Headers) => checkContract(server.url, "GET", "/v1/account/usage", 200, headers, res.body, res.text);
    await check(res.headers);
    const without = new Headers(res.headers);
    without.delete("x-ratelimit-remaining");
    await assert.rejects(check(without), /X-RateLimit-Remaining/);
    const wrong = new Headers(res.headers);
    wrong.set("x-ratelimit-reset", "soon");
    await assert.rejects(check(wrong), /X-RateLimit-Reset.*integer/);
    await assert.rejects(checkContract(server.url, "GET", "/v1/account/usage", 200, res.headers, { ...res.body, requestsToday: "many" }, res.text), /does not match/);
  });
});
