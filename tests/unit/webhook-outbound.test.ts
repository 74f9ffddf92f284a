import assert from "node:assert/strict";
import { test } from "node:test";
import { isNonPublicAddress, outboundProblem, publicLookup } from "../../lib/webhooks/outbound-address";
import { signatureOf } from "../../lib/webhooks/deliver";
import { Webhook } from "standardwebhooks";

// Without WEBHOOK_ALLOW_PRIVATE (this process does not set it): a webhook may only reach public
// addresses, at creation (outboundProblem) and at each delivery (publicLookup, the connection's
// own resolution, which catches a name that resolves elsewhere later: DNS rebinding).

test("loopback, private, link-local (metadata), reserved and mapped addresses are not public", () => {
  for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd00:ec2::254", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "224.0.0.1", "not an address"]) {
    assert.equal(isNonPublicAddress(address), true, address);
  }
  for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) assert.equal(isNonPublicAddress(address), false, address);
});

test("creation: a URL naming or resolving to a non-public address is refused, and so is anything but http(s)", async () => {
  for (const url of ["http://127.0.0.1:8080/hook", "http://localhost/hook", "http://[::1]/hook", "http://169.254.169.254/latest/meta-data", "https://10.0.0.5/x"]) {
    assert.match(String(await outboundProblem(url)), /is not a public address|resolves to an address that is not public/, url);
  }
  assert.match(String(await outboundProblem("ftp://example.com/x")), /http\(s\)/);
  assert.match(String(await outboundProblem("https://user:pw@8.8.8.8/x")), /user name/);
  assert.equal(await outboundProblem("https://8.8.8.8/hook"), null);
});

test("delivery: the connection's lookup refuses a name that resolves to loopback", async () => {
  const error = await new Promise<Error | null>((resolve) => publicLookup("localhost", {}, (err) => resolve(err)));
  assert.match(String(error?.message), /private address/);
});

test("the signature is the one the Standard Webhooks library verifies", () => {
  const secret = `whsec_${Buffer.from("0123456789abcdef01234567").toString("base64")}`;
  const body = JSON.stringify({ type: "link.created", timestamp: "2026-05-01T12:00:00.000Z", data: { id: "x" } });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(timestamp), "webhook-signature": signatureOf(secret, "msg_1", timestamp, body) };
  assert.deepEqual(new Webhook(secret.slice(6)).verify(body, headers), JSON.parse(body));
});
