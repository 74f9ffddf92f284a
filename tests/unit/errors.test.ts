import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { HopError, shapeOf } from "../../lib/errors";

describe("error bodies follow the flat/nested rule", () => {
  test("lower_case codes are nested with code, message and field", () => {
    const error = new HopError("invalid_domain", { field: "domain", message: "No protocol, please." });
    assert.equal(error.status, 400);
    assert.deepEqual(error.toBody(), { error: { code: "invalid_domain", message: "No protocol, please.", field: "domain" } });
  });

  test("UPPER_CASE codes are flat with a title and their extras", () => {
    const error = new HopError("TOTAL_LINK_LIMIT_REACHED", { extras: { currentUsed: 5, totalLimit: 5, plan: "free" } });
    assert.equal(error.status, 403);
    assert.deepEqual(error.toBody(), {
      error: "Forbidden",
      code: "TOTAL_LINK_LIMIT_REACHED",
      message: "The plan's total link limit is reached.",
      currentUsed: 5,
      totalLimit: 5,
      plan: "free",
    });
  });

  test("plain-string errors are { error: string }", () => {
    const error = HopError.plain(404, "Deeplink not found");
    assert.equal(error.status, 404);
    assert.deepEqual(error.toBody(), { error: "Deeplink not found" });
  });

  test("titled errors carry the title and message only", () => {
    assert.deepEqual(HopError.titled(400, "Bad Request", "links must be a non-empty array").toBody(), {
      error: "Bad Request",
      message: "links must be a non-empty array",
    });
  });

  test("the shape is decided by the code's case", () => {
    assert.equal(shapeOf("AMBIGUOUS_IDENTIFIER"), "flat");
    assert.equal(shapeOf("rate_limit_exceeded"), "nested");
  });
});
