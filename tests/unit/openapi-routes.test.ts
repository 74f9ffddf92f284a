import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import type { OperationRoute } from "../../lib/api/handler";
import { ROUTE_METHODS } from "../../lib/api/methods";
import { buildDocument } from "../../lib/api/openapi/document";
import { allOperations } from "../../lib/api/openapi/operations";

// Issue 30: each route is built from its operation (apiRoute(operations.x, …)), and apiMethods
// exports it under the operation's method, so the resource and schemas cannot differ from the
// document's. What a route file can still get wrong is where it sits: every route.ts under app/v1
// is imported and each operation it serves must have the path of its directory, and every
// operation must be served. Methods a route does not have answer 405 and
// carry no operation.

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

test("every operation is served by the route file at its path", async () => {
  const doc = buildDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
  const served = new Set<string>();
  for (const file of routeFiles(path.join(APP, "v1")).filter((f) => !f.includes("[[...rest]]"))) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, Partial<OperationRoute>>;
    for (const method of ROUTE_METHODS) {
      const where = `${method} ${openApiPath(file)} (${path.relative(ROOT, file)})`;
      assert.ok(module[method], `${where}: every route file exports every method (apiMethods)`);
      const operation = module[method].operation;
      if (!operation) continue;
      const key = `${operation.method.toUpperCase()} ${operation.path}`;
      assert.equal(key, `${method} ${openApiPath(file)}`, `${where} serves ${key}`);
      served.add(key);
      assert.ok(doc.paths[operation.path]?.[operation.method], `${where} is missing from the document`);
    }
  }
  const operations = allOperations().map((op) => `${op.method.toUpperCase()} ${op.path}`);
  assert.deepEqual(operations.filter((key) => !served.has(key)), [], "operations that no route serves");
  assert.ok(served.size >= 30, `${served.size} operations routed`);
});

test("no route validates its body with z.unknown(): every request schema is a real one", async () => {
  for (const operation of allOperations()) {
    if (!operation.body) continue;
    assert.notEqual(operation.body.def.type, "unknown", `${operation.method.toUpperCase()} ${operation.path}`);
    assert.notEqual(operation.body.def.type, "any", `${operation.method.toUpperCase()} ${operation.path}`);
  }
});
