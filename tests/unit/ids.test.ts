import assert from "node:assert/strict";
import { test } from "node:test";
import { newId, randomSlug, randomString } from "../../lib/ids";

// Ids and generated slugs (lib/ids.ts): drawn from a pool of random bytes, still uniform over
// their alphabet and never repeated.

test("an id is its kind and 20 alphanumerics; a slug 7 lowercase alphanumerics", () => {
  assert.match(newId("lnk"), /^lnk_[A-Za-z0-9]{20}$/);
  assert.match(randomSlug(), /^[a-z0-9]{7}$/);
  assert.match(randomSlug(12), /^[a-z0-9]{12}$/);
});

test("100,000 ids drawn across many pools are all different", () => {
  const ids = new Set(Array.from({ length: 100_000 }, () => newId("aud")));
  assert.equal(ids.size, 100_000);
});

test("every character of the alphabet comes up about equally often (no modulo bias)", () => {
  // 100 characters: a byte taken modulo 100 without rejecting 200–255 would favour the first 56 by half.
  const alphabet = Array.from({ length: 100 }, (_, i) => String.fromCharCode(0x100 + i)).join("");
  const counts = new Map<string, number>();
  for (const char of randomString(1_000_000, alphabet)) counts.set(char, (counts.get(char) ?? 0) + 1);
  assert.equal(counts.size, 100);
  // 10,000 expected each, a standard deviation of ~100.
  for (const [char, n] of counts) assert.ok(Math.abs(n - 10_000) < 600, `${char.charCodeAt(0) - 0x100}: ${n}`);
});
