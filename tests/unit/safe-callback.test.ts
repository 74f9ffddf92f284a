import assert from "node:assert/strict";
import { test } from "node:test";
import { safeCallbackPath } from "../../lib/auth/safe-callback";

// lib/auth/safe-callback.ts: the one rule for where sign-in sends a browser (login page, next-auth's
// redirect callback). Each hostile value is checked as a browser would follow it.

const ORIGIN = "https://hop.example.com";

/** Values as they arrive after the query or form is decoded. */
const HOSTILE: Array<[string, unknown]> = [
  ["tab between slashes", "/\t/evil.test/phish"],
  ["tab then backslash", "/\t\\evil.test/phish"],
  ["newline between slashes", "/\n/evil.test"],
  ["carriage return", "/\r/evil.test"],
  ["slash backslash", "/\\evil.test"],
  ["two backslashes", "\\\\evil.test"],
  ["scheme-relative", "//evil.test"],
  ["three slashes", "///evil.test"],
  ["leading space", " //evil.test"],
  ["leading control", "\u0001//evil.test"],
  ["dot segment to //", "/.//evil.test"],
  ["dot-dot segment to //", "/..//evil.test/"],
  ["encoded tab", "/%09/evil.test"],
  ["encoded slashes", "/%2F%2Fevil.test"],
  ["encoded backslash", "/%5Cevil.test"],
  ["other origin", "https://evil.test/phish"],
  ["our host over http", "http://hop.example.com/links"],
  ["our host on another port", "https://hop.example.com:8443/links"],
  ["userinfo trick", "https://hop.example.com@evil.test/"],
  ["scheme without slashes", "https:evil.test"],
  ["our scheme without slashes", "https:/links"],
  ["a bare host", "evil.test/phish"],
  ["javascript", "javascript:alert(document.domain)"],
  ["data", "data:text/html,<script>alert(1)</script>"],
  ["NUL", "\u0000"],
  ["NUL in a path", "/links\u0000"],
  ["C1 control", "/\u0085/evil.test"],
  ["DEL", "/\u007f/evil.test"],
  ["lone surrogate", "/\ud800"],
  ["encoded lone surrogate", "/%ED%A0%80"],
  ["bare encoded lone surrogate", "%ED%A0%80"],
  ["a broken escape as a query decodes it", "/\ufffd\ufffd\ufffd"],
  ["the replacement character encoded", "/%EF%BF%BD"],
  ["ideographic full stop host", "//evil\u3002test"],
  ["broken escape", "/%E0%A4%A"],
  ["the login page", "/login?callbackUrl=/links"],
  ["the signup page", "/signup"],
  ["too long", `/${"x".repeat(3000)}`],
  ["empty", ""],
  ["an array", ["/links", "//evil.test"]],
  ["undefined", undefined],
  ["a number", 42],
];

test("a hostile callbackUrl becomes /", () => {
  for (const [label, value] of HOSTILE) {
    const path = safeCallbackPath(value, ORIGIN);
    // Whatever the rule, a browser following the answer must stay here.
    assert.equal(new URL(path, ORIGIN).origin, ORIGIN, label);
    assert.equal(path, "/", `${label}: ${JSON.stringify(value)} gave ${path}`);
  }
});

test("a path of this origin is kept, re-serialised by the URL parser", () => {
  const cases: Array<[string, string]> = [
    ["/", "/"],
    ["/links", "/links"],
    ["/links?sort=clicks&q=a+b#top", "/links?sort=clicks&q=a+b#top"],
    ["/links/lnk_1/../lnk_2", "/links/lnk_2"],
    ["/editor/%E2%9C%93", "/editor/%E2%9C%93"],
    ["/editor/\u2713", "/editor/%E2%9C%93"],
    ["/links?q=\u3002", "/links?q=%E3%80%82"],
    ["https://hop.example.com/keys?x=1", "/keys?x=1"],
    ["HTTPS://HOP.EXAMPLE.COM:443/keys", "/keys"],
    ["/login-help", "/login-help"],
  ];
  for (const [value, expected] of cases) assert.equal(safeCallbackPath(value, ORIGIN), expected, value);
});

test("the origin decides: an absolute URL of another origin than the one given is refused", () => {
  assert.equal(safeCallbackPath("http://127.0.0.1:3000/links", "http://127.0.0.1:3000"), "/links");
  assert.equal(safeCallbackPath("http://127.0.0.1:3000/links", "http://localhost:3000"), "/");
  assert.equal(safeCallbackPath("/links", "not an origin"), "/");
});
