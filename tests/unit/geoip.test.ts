import assert from "node:assert/strict";
import { test } from "node:test";
import { lookupIp, visitorGeo } from "../../lib/geoip/lookup";

test("the bundled GeoLite2 database places public addresses, IPv4 and IPv6", () => {
  assert.deepEqual(lookupIp("81.2.69.160"), { country: "GB", city: "Bracknell" });
  assert.equal(lookupIp("8.8.8.8").country, "US");
  assert.equal(lookupIp("2001:4860:4860::8888").country, "US");
  assert.deepEqual(lookupIp("127.0.0.1"), { country: null, city: null });
  assert.deepEqual(lookupIp("10.1.2.3"), { country: null, city: null });
});

test("without TRUST_PROXY, proxy headers are ignored and the socket address decides", () => {
  const geo = visitorGeo({ "cf-ipcountry": "FR", "x-forwarded-for": "81.2.69.160" }, "::ffff:8.8.8.8");
  assert.deepEqual(geo, { ip: "8.8.8.8", country: "US", city: null });
});
