import assert from "node:assert/strict";
import { test } from "node:test";
import { byCount, countOf } from "../../lib/text/plural";

// Counts in words follow English plural rules (lib/text/plural.ts): "1 link", "0 links", "1,204 links".

test("the word and the phrase take the form the count needs", () => {
  assert.deepEqual([0, 1, 2, 1204].map((n) => countOf(n, "link")), ["0 links", "1 link", "2 links", "1,204 links"]);
  assert.equal(countOf(3, "entry", "entries"), "3 entries");
  assert.deepEqual([1, 5].map((n) => byCount(n, { one: "link stays", other: "links stay" })), ["link stays", "links stay"]);
});
