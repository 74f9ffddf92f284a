import assert from "node:assert/strict";
import { test } from "node:test";
import { embeddedIpv4, isNonPublicAddress, outboundProblem } from "../../lib/webhooks/outbound-address";

// Webhook URLs (docs/webhooks.md): IPv6 forms that carry an IPv4 address reach that address, so
// they are judged by it (IPv4-mapped, 6to4) or refused whole (IPv4-compatible ::/96, NAT64, the
// local-use NAT64 64:ff9b:1::/48, Teredo 2001::/32); a URL with a control character is refused,
// never stored as the parser would rewrite it.

const REFUSED = [
  "http://[::7f00:1]/",
  "http://[::127.0.0.1]/",
  "http://[64:ff9b:1::7f00:1]/",
  "http://[64:ff9b::7f00:1]/",
  "http://[2002:7f00:1::]/",
  "http://[2002:a9fe:a9fe::1]/",
  "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  "http://[::ffff:7f00:1]/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://[::ffff:0:7f00:1]/",
  "http://[::808:808]/",
];

test("IPv6 forms that embed a loopback, private or metadata IPv4 are refused", async () => {
  for (const url of REFUSED) assert.match(String(await outboundProblem(url)), /is not a public address/, url);
});

test("the embedded IPv4 is read where each range keeps it; a 6to4 of a public address stays public", () => {
  assert.equal(embeddedIpv4("::7f00:1"), "127.0.0.1");
  assert.equal(embeddedIpv4("2002:7f00:1::"), "127.0.0.1");
  assert.equal(embeddedIpv4("::ffff:169.254.169.254"), "169.254.169.254");
  assert.equal(embeddedIpv4("2606:4700:4700::1111"), null);
  assert.equal(isNonPublicAddress("2002:808:808::1"), false, "6to4 of 8.8.8.8");
  assert.equal(isNonPublicAddress("2606:4700:4700::1111"), false);
});

test("control characters in a webhook URL are refused, raw CR/LF included", async () => {
  for (const url of ["https://8.8.8.8/ho\r\nok", "https://8.8.8.8/\thook", "https://8.8.8.8/a\u0000b"]) {
    assert.match(String(await outboundProblem(url)), /control characters/, JSON.stringify(url));
  }
});
