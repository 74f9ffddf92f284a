import assert from "node:assert/strict";
import { test } from "node:test";
import { keyAllows, refusalFor } from "../../lib/api/key-access";
import { allOperations } from "../../lib/api/openapi/operations";
import { roleAllows } from "../../lib/api/roles";
import { PRESETS, scopesOf, SCOPES } from "../../lib/keys/scopes";

// Today's roles are presets of scopes: for every operation of the registry, a role key may call it
// under scopes exactly when the role matrix allowed it (so old keys keep what they could do).

test("each preset allows exactly what its role allowed, on every operation", () => {
  for (const op of allOperations().filter((o) => o.resource !== null)) {
    for (const role of ["full", "creator", "viewer", null] as const) {
      const before = roleAllows(role, { method: op.method.toUpperCase(), resource: op.resource!, fullKeyOnly: op.fullKeyOnly });
      assert.equal(keyAllows({ role, scopes: [] }, op), before, `${role ?? "legacy"} ${op.method} ${op.path}`);
    }
  }
});

test("a custom key holds its stored scopes only; presets ignore stored scopes", () => {
  assert.deepEqual(scopesOf({ role: "custom", scopes: ["groups:read", "links:read", "nonsense"] }), ["links:read", "groups:read"]);
  assert.deepEqual(scopesOf({ role: "viewer", scopes: ["webhooks:write"] }), [...PRESETS.viewer]);
  assert.deepEqual(scopesOf({ role: null, scopes: [] }), [...SCOPES]);
});

test("a custom key's refusal names the scope; a role key's stays forbidden", () => {
  const op = allOperations().find((o) => o.scope === "links:write")!;
  const custom = refusalFor({ role: "custom", scopes: ["links:read"] }, op);
  assert.equal(custom.code, "insufficient_scope");
  assert.deepEqual(custom.toBody(), { error: { code: "insufficient_scope", message: "This API key lacks the 'links:write' scope this request needs.", scope: "links:write" } });
  assert.equal(refusalFor({ role: "viewer", scopes: [] }, op).code, "forbidden");
});
