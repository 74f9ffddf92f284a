import assert from "node:assert/strict";
import { test } from "node:test";
import { errorResponse } from "../../lib/api/respond";

test("an unexpected failure is a 500 internal_error with the request id and no internals", async () => {
  process.env.HOP_LOG = "silent";
  const response = errorResponse(new Error("connection to db at 10.0.0.5 refused; password=hunter2"), "req-123");
  assert.equal(response.status, 500);
  const text = await response.text();
  assert.deepEqual(JSON.parse(text), { error: { code: "internal_error", message: "Something went wrong on our side. Request id: req-123.", requestId: "req-123" } });
  assert.ok(!text.includes("hunter2") && !text.includes("10.0.0.5"));
});
