import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizeHttpUrl } from "../../lib/links/http-url";

// One form for every URL a visitor is sent to: exactly `new URL(…).href`, which is pure ASCII and
// so always a valid Location header; control characters are refused rather than silently dropped.

test("non-ASCII is percent-encoded as UTF-8, hosts become punycode: exactly new URL().href", () => {
  for (const given of [
    "https://ja.wikipedia.org/wiki/日本",
    "https://example.com/café?q=crème brûlée#résumé",
    "https://bücher.example/",
    "HTTPS://Example.COM",
    "http://example.com/a b",
  ]) {
    const normalized = normalizeHttpUrl(given);
    assert.equal(normalized, new URL(given).href, given);
    assert.match(normalized!, /^[\x21-\x7e]+$/, `${given}: printable ASCII only`);
  }
  assert.equal(normalizeHttpUrl("https://ja.wikipedia.org/wiki/日本"), "https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC");
  assert.equal(normalizeHttpUrl("https://example.com/café"), "https://example.com/caf%C3%A9");
  assert.equal(normalizeHttpUrl("https://example.com"), "https://example.com/");
});

test("normalizing twice changes nothing", () => {
  const once = normalizeHttpUrl("https://ja.wikipedia.org/wiki/日本?x=é");
  assert.equal(normalizeHttpUrl(once!), once);
});

test("control characters anywhere are refused: CR, LF, TAB, NUL, other C0, DEL", () => {
  for (const bad of [
    "https://example.com/\r\nSet-Cookie: a=b",
    "https://example.com/a\nb",
    "https://example.com/a\rb",
    "https://example.com/a\tb",
    "https://example.com/\u0000",
    "https://example.com/\u001b[31m",
    "https://example.com/\u007f",
    "https://exa\nmple.com/",
    "https://example.com/\n",
  ]) {
    assert.equal(normalizeHttpUrl(bad), null, JSON.stringify(bad));
  }
});

test("only absolute http(s) URLs with a host", () => {
  for (const bad of ["", "example.com", "/path", "javascript:alert(1)", "ftp://example.com/", "mailto:a@b.c", "http:example.com", "https://"]) {
    assert.equal(normalizeHttpUrl(bad), null, bad);
  }
});
