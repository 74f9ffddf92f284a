import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { describeRoute } from "../../lib/api/handler";
import { ROUTE_METHODS } from "../../lib/api/methods";
import { buildDocument } from "../../lib/api/openapi/document";
import { allOperations } from "../../lib/api/openapi/operations";

// Issue 16: the document describes exactly the API that runs. Every route.ts under app/v1 is
// imported and every method it exports is matched to its operation: same role resource, and the
// very schema objects the wrapper validates the body and query with (so the document can never
// describe a looser or stricter request than the one that runs). Methods a route does not have
// answer 405 (resource "none") and are not operations.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const APP = path.join(ROOT, "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/** `app/v1/links/[identifier]/route.ts` → `/v1/links/{identifier}` (catch-alls keep their name). */
function openApiPath(file: string): string {
  return ("/" + path.relative(APP, path.dirname(file)).split(path.sep).join("/")).replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
}

test("every method of every app/v1 route is an operation of the document, validated with the document's own schemas", async () => {
  const doc = buildDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
  const operations = new Map(allOperations().map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const routed = new Set<string>();
  for (const file of routeFiles(path.join(APP, "v1")).filter((f) => !f.includes("[[...rest]]"))) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, object>;
    for (const method of ROUTE_METHODS) {
      const where = `${method} ${openApiPath(file)} (${path.relative(ROOT, file)})`;
      assert.ok(module[method], `${where}: every route file exports every method (apiMethods)`);
      const route = describeRoute(module[method]);
      assert.ok(route, `${where}: made with apiRoute or publicRoute`);
      if (route.resource === "none") continue;
      const key = `${method} ${openApiPath(file)}`;
      routed.add(key);
      const operation = operations.get(key);
      assert.ok(operation, `${where} is missing from lib/api/openapi/operations.ts`);
      assert.ok(doc.paths[operation.path]?.[operation.method], `${where} is missing from the document`);
      assert.equal(operation.resource, route.resource, `${where}: role resource`);
      assert.equal(Boolean(operation.fullKeyOnly), Boolean(route.fullKeyOnly), `${where}: fullKeyOnly`);
      assert.equal(operation.body, route.body, `${where}: the document's request body is the schema the route validates with`);
      assert.equal(operation.query, route.query, `${where}: the document's query is the schema the route validates with`);
    }
  }
  assert.deepEqual([...operations.keys()].filter((key) => !routed.has(key)), [], "operations that no route has");
  assert.ok(routed.size >= 30, `${routed.size} operations routed`);
});

test("no route validates its body with z.unknown(): every request schema is a real one", async () => {
  for (const operation of allOperations()) {
    if (!operation.body) continue;
    assert.notEqual(operation.body.def.type, "unknown", `${operation.method.toUpperCase()} ${operation.path}`);
    assert.notEqual(operation.body.def.type, "any", `${operation.method.toUpperCase()} ${operation.path}`);
  }
});
