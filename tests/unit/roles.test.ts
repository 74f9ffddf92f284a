import assert from "node:assert/strict";
import { test } from "node:test";
import { roleAllows, type Resource } from "../../lib/api/roles";

const RESOURCES: Resource[] = ["links", "websites", "drafts", "groups", "geo-presets", "domains", "account", "analytics"];
const CREATOR_WRITES = new Set(["links", "websites", "drafts", "groups", "geo-presets"]);

test("the role matrix of the contract (docs/API.md)", () => {
  for (const resource of RESOURCES) {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const read = method === "GET";
      assert.equal(roleAllows("full", { method, resource }), true, `full ${method} ${resource}`);
      assert.equal(roleAllows(null, { method, resource }), true, `legacy ${method} ${resource}`);
      assert.equal(roleAllows("viewer", { method, resource }), read, `viewer ${method} ${resource}`);
      assert.equal(roleAllows("creator", { method, resource }), read || CREATOR_WRITES.has(resource), `creator ${method} ${resource}`);
    }
  }
});

test("the profile is for full (and legacy) keys only", () => {
  const profile = { method: "GET", resource: "account" as const, fullKeyOnly: true };
  assert.equal(roleAllows("full", profile), true);
  assert.equal(roleAllows(null, profile), true);
  assert.equal(roleAllows("creator", profile), false);
  assert.equal(roleAllows("viewer", profile), false);
});
