import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { keptCodingChoices, MAX_KEPT_CODINGS, preferredCoding } from "../../lib/http/accept-encoding";

// Which kept coding a client gets, from its Accept-Encoding (RFC 9110 §12.5.3).

describe("preferred content coding", () => {
  test("browsers' values: br when offered, else gzip", () => {
    assert.equal(preferredCoding("gzip, deflate, br, zstd"), "br", "Chrome");
    assert.equal(preferredCoding("gzip, deflate, br"), "br", "Safari, Firefox");
    assert.equal(preferredCoding("gzip, deflate"), "gzip");
    assert.equal(preferredCoding("x-gzip"), "gzip");
    assert.equal(preferredCoding("GZIP"), "gzip", "codings are case-insensitive");
  });

  test("nothing, identity or only codings we do not keep: the bytes as they are", () => {
    assert.equal(preferredCoding(undefined), null);
    assert.equal(preferredCoding(""), null);
    assert.equal(preferredCoding("identity"), null);
    assert.equal(preferredCoding("deflate, zstd"), null);
  });

  test("q-values: q=0 refuses, the higher weight wins, br on a tie", () => {
    assert.equal(preferredCoding("br;q=0, gzip"), "gzip");
    assert.equal(preferredCoding("br;q=0.5, gzip;q=1"), "gzip");
    assert.equal(preferredCoding("br;q=1, gzip;q=1"), "br");
    assert.equal(preferredCoding("gzip;q=0, br;q=0"), null);
    assert.equal(preferredCoding("br ; q=0.001"), "br");
    assert.equal(preferredCoding("br;q=nonsense, gzip"), "gzip", "an unreadable weight refuses");
  });

  test("* stands for the codings not named", () => {
    assert.equal(preferredCoding("*"), "br");
    assert.equal(preferredCoding("br;q=0, *"), "gzip");
    assert.equal(preferredCoding("*;q=0"), null);
    assert.equal(preferredCoding("gzip;q=0.4, *;q=0.2"), "gzip");
  });

  test("a flood of invented values is answered the same and keeps no more than the bound", () => {
    for (let i = 0; i < 2_000; i += 1) {
      assert.equal(preferredCoding(`gzip, x-${i}`), "gzip");
      assert.ok(keptCodingChoices() <= MAX_KEPT_CODINGS);
    }
    assert.equal(preferredCoding("gzip, deflate, br, zstd"), "br");
  });
});
