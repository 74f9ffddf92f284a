import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";
import { PRIMARY, visit } from "../helpers/visit";

// A visit's query string is forwarded to the destination, but the owner's own parameters win: a
// visitor can add parameters (utm_…), never change one the owner set (return_to, ref, price …).

describe("query forwarding: the destination's parameters win", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await sharedServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
    const res = await api(server, "POST", "/v1/links", {
      key: account.key,
      body: { url: "https://app.example.com/login?return_to=https%3A%2F%2Fapp.example.com%2Fhome&ref=owner#signin", slug: "signin-link", geoRules: [{ countries: ["DE"], redirectUrl: "https://app.example.de/login?return_to=%2Fde" }] },
    });
    assert.equal(res.status, 201, res.text);
  });
  after(() => server.stop());

  const where = async (path: string, headers: Record<string, string> = {}) => (await visit(server, PRIMARY, path, { headers })).headers.location;

  test("a visitor's parameter never overrides the owner's", async () => {
    assert.equal(await where("/signin-link?return_to=https://evil.test"), "https://app.example.com/login?return_to=https%3A%2F%2Fapp.example.com%2Fhome&ref=owner#signin");
    assert.equal(await where("/signin-link?ref=attacker&return_to=x"), "https://app.example.com/login?return_to=https%3A%2F%2Fapp.example.com%2Fhome&ref=owner#signin");
  });

  test("parameters the owner did not set are added, in the visitor's order, before the fragment", async () => {
    assert.equal(await where("/signin-link?utm_source=news&return_to=https://evil.test&utm_medium=mail"), "https://app.example.com/login?return_to=https%3A%2F%2Fapp.example.com%2Fhome&ref=owner&utm_source=news&utm_medium=mail#signin");
  });

  test("the same holds for a rule's URL", async () => {
    assert.equal(await where("/signin-link?return_to=https://evil.test&lang=de", { "cf-ipcountry": "DE" }), "https://app.example.de/login?return_to=%2Fde&lang=de");
  });
});
