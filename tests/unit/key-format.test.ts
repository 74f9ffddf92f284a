import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { displayPrefix, generateKey, hashKey, isWellFormedKey } from "../../lib/keys/key-format";

test("new keys are <prefix>_live_pk_ + 40 alphanumerics", () => {
  const keys = new Set(Array.from({ length: 200 }, generateKey));
  assert.equal(keys.size, 200);
  for (const key of keys) {
    assert.match(key, /^hop_live_pk_[A-Za-z0-9]{40}$/);
    assert.equal(isWellFormedKey(key), true);
  }
});

test("the parser also takes 64 lowercase hex characters", () => {
  assert.equal(isWellFormedKey(`hop_live_pk_${"a1".repeat(32)}`), true);
  assert.equal(isWellFormedKey(`hop_live_pk_${"A1".repeat(32)}`), false);
  assert.equal(isWellFormedKey(`hop_live_pk_${"a".repeat(39)}`), false);
  assert.equal(isWellFormedKey(`hop_test_pk_${"a".repeat(40)}`), false);
  assert.equal(isWellFormedKey(`other_live_pk_${"a".repeat(40)}`), false);
});

test("only the SHA-256 is derived for storage, and the prefix is 16 characters", () => {
  const key = generateKey();
  assert.equal(hashKey(key), createHash("sha256").update(key).digest("hex"));
  assert.equal(displayPrefix(key), key.slice(0, 16));
  assert.equal(displayPrefix(key).length, 16);
});
