import assert from "node:assert/strict";
import { test } from "node:test";
import { behaviorAction } from "../../lib/visit/behaviors";
import { chooseDestination, forwardQuery, parseAcceptLanguage } from "../../lib/visit/choose-destination";

test("Accept-Language: ordered by q, q=0 and * dropped", () => {
  assert.deepEqual(parseAcceptLanguage("en;q=0.5, fr-CA, de;q=0, *;q=0.1, pt-BR;q=0.8"), ["fr-ca", "pt-br", "en"]);
  assert.deepEqual(parseAcceptLanguage(undefined), []);
});

test("geo before language before destination; cities combine with countries", () => {
  const link = {
    destination: "https://d.example",
    geoRules: [{ countries: ["US"], cities: ["york"], redirectUrl: "https://nyc.example" }, { countries: ["FR"], redirectUrl: "https://fr.example" }],
    languageRules: [{ languages: ["de"], redirectUrl: "https://de.example" }],
  };
  const go = (country: string | null, city: string | null, acceptLanguage?: string) => chooseDestination(link, { country, city, acceptLanguage });
  assert.equal(go("US", "New York", "de"), "https://nyc.example");
  assert.equal(go("US", "Boston", "de-AT"), "https://de.example");
  assert.equal(go("FR", null, "de"), "https://fr.example");
  assert.equal(go(null, null, "en"), "https://d.example");
});

test("the visit's query joins the destination's; the destination's own parameters win", () => {
  assert.equal(forwardQuery("https://x.example/p?a=1&b=2", "?b=3&c=4"), "https://x.example/p?a=1&b=2&c=4");
  assert.equal(forwardQuery("https://x.example/login?return_to=https%3A%2F%2Fowner.example%2F", "?return_to=https://evil.test"), "https://x.example/login?return_to=https%3A%2F%2Fowner.example%2F");
  assert.equal(forwardQuery("https://x.example/p", ""), "https://x.example/p");
  assert.equal(forwardQuery("https://x.example/p", "?"), "https://x.example/p");
});

test("forwarding keeps the owner's query byte for byte, the fragment last, and repeated visitor keys", () => {
  assert.equal(forwardQuery("https://x.example/p?q=a%20b&list=1,2", "?utm_source=mail"), "https://x.example/p?q=a%20b&list=1,2&utm_source=mail");
  assert.equal(forwardQuery("https://x.example/p#top", "?tag=a&tag=b"), "https://x.example/p?tag=a&tag=b#top");
  assert.equal(forwardQuery("https://x.example/p?tag=x", "?tag=a&tag=b&z=1"), "https://x.example/p?tag=x&z=1");
  assert.equal(forwardQuery("https://x.example/p", "?ref=a%20b&%F0%9F%99%82=1"), "https://x.example/p?ref=a+b&%F0%9F%99%82=1");
});

test("behaviors: only in-app browsers are escaped; non-meta spares Meta's apps", () => {
  assert.deepEqual(behaviorAction("aggressive", null), { kind: "redirect" });
  assert.deepEqual(behaviorAction("basic", "tiktok"), { kind: "redirect" });
  assert.deepEqual(behaviorAction("conservative", "tiktok"), { kind: "escape", attempt: false });
  assert.deepEqual(behaviorAction("non-meta", "instagram"), { kind: "redirect" });
  assert.deepEqual(behaviorAction("non-meta", "reddit"), { kind: "escape", attempt: true });
  for (const b of ["aggressive", "reddit", "experimental", "experimental2"]) assert.deepEqual(behaviorAction(b, "line"), { kind: "escape", attempt: true });
});
