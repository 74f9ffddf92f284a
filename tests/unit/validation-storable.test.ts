import assert from "node:assert/strict";
import { test } from "node:test";
import { HopError } from "../../lib/errors";
import { jsonDepth } from "../../lib/validation/json-depth";
import { duplicateMember } from "../../lib/validation/json-duplicates";
import { parseOrThrow } from "../../lib/validation/parse";
import { findUnstorableString } from "../../lib/validation/storable";
import { z } from "zod";

test("NUL and unpaired surrogates are found anywhere, named by path; paired surrogates are fine", () => {
  assert.equal(findUnstorableString({ a: ["ok", "😀", { b: "fine" }] }), null);
  assert.deepEqual(findUnstorableString({ a: ["ok", { b: "x\u0000" }] })?.path, ["a", 1, "b"]);
  assert.deepEqual(findUnstorableString(["\ud800"])?.path, [0]);
  assert.deepEqual(findUnstorableString(["a\udc00b"])?.path, [0]);
  assert.deepEqual(findUnstorableString({ "k\u0000": 1 })?.path, ["k\u0000"]);
  assert.equal(findUnstorableString("\u0000")?.reason, "contains a NUL character");
});

test("parseOrThrow refuses them before the schema, even in members the schema passes through", () => {
  const schema = z.object({ name: z.string() }).passthrough();
  const error = (() => {
    try {
      parseOrThrow(schema, { name: "ok", extra: { deep: ["\ud83d"] } });
    } catch (e) {
      return e as HopError;
    }
  })();
  assert.ok(error instanceof HopError);
  assert.equal(error.status, 400);
  assert.deepEqual(error.toBody(), { error: { code: "invalid_request", field: "extra.deep[0]", message: "extra.deep[0] contains an unpaired UTF-16 surrogate, which cannot be stored." } });
});

test("nesting is measured on the text, strings and escapes skipped", () => {
  assert.equal(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}'), 3);
  assert.equal(jsonDepth('["\\"[[["]'), 1);
  assert.equal(jsonDepth("[".repeat(5000) + "]".repeat(5000), 32), 33, "stops counting past the bound");
});

test("a member named twice in one object is found, escapes read as the name they spell; other repeats are not", () => {
  assert.equal(duplicateMember('{"url":"https://a.example","url":"javascript:alert(1)"}'), "url");
  assert.equal(duplicateMember('{"url":1,"\\u0075rl":2}'), "url");
  assert.equal(duplicateMember('{"a":{"b":1,"c":[{"b":2},{"b":3}]},"b":{"a":1},"x":"\\"a\\""}'), null, "one name in different objects");
  assert.equal(duplicateMember('[{"a":1},{"a":1}]'), null);
  assert.equal(duplicateMember('{"a":[1,{"z":0}],"k":{"q":1,"q":2}}'), "q");
  assert.equal(duplicateMember('{"a":"a","b":"a"}'), null, "a value equal to a name");
  assert.equal(duplicateMember('"text"'), null);
});
