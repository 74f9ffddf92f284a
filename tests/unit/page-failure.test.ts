import assert from "node:assert/strict";
import { test } from "node:test";
import { asPageFailure } from "../../lib/dashboard/page-failure";
import { failureReference, isDatabaseUnavailableDigest } from "../../lib/dashboard/page-failure-digest";

// What a page's failed read becomes before Next hands it to the error boundary: an outage carries
// a digest the boundary recognises (and nothing of the original message); anything else is left
// to Next, which gives it a digest of its own.
process.env.HOP_LOG = "silent";

test("an unreachable database becomes an error whose digest names the outage, without the detail", () => {
  const cause = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
  const failure = asPageFailure(cause, "session") as Error & { digest?: string };
  assert.ok(isDatabaseUnavailableDigest(failure.digest));
  assert.match(failureReference(failure.digest) ?? "", /^[0-9a-f]{8}$/);
  assert.ok(!failure.message.includes("10.0.0.5") && !String(failure.digest).includes("10.0.0.5"));
});

test("any other failure passes through unchanged, and Next's own digest is the reference", () => {
  const bug = new TypeError("Cannot read properties of undefined");
  assert.equal(asPageFailure(bug, "keys"), bug);
  assert.equal(isDatabaseUnavailableDigest("2384711"), false);
  assert.equal(failureReference("2384711"), "2384711");
  assert.equal(failureReference(undefined), null);
});
