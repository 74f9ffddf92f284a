import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, readConfig } from "../../lib/config";

// OIDC_PROVIDERS (docs/operations.md, decision 051): one JSON array, checked at start; a bad value
// names the problem and never shows the client secrets it holds.

const provider = { id: "keycloak", name: "Keycloak", issuer: "https://sso.example.com/realms/staff/", clientId: "hop", clientSecret: "s3cret-value-of-the-client" };

function problemsOf(value: string): string[] {
  try {
    readConfig({ OIDC_PROVIDERS: value });
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.problems;
  }
  assert.fail("the start was not stopped");
}

test("a list of providers is read with the issuer's trailing slash dropped; unset is none", () => {
  assert.deepEqual(readConfig({}).oidcProviders, []);
  assert.deepEqual(readConfig({ OIDC_PROVIDERS: JSON.stringify([provider]) }).oidcProviders, [{ ...provider, issuer: "https://sso.example.com/realms/staff" }]);
  assert.equal(readConfig({}).oidcLinkExisting, "password");
  assert.equal(readConfig({ SIGNUP: "oidc-only" }).signup, "oidc-only");
});

test("malformed JSON, a bad id, a missing secret, an id used twice or the reserved one stop the start, secrets unshown", () => {
  const cases: [string, RegExp][] = [
    ["[{", /JSON array/],
    [JSON.stringify([{ ...provider, id: "Key Cloak" }]), /id must be/],
    [JSON.stringify([{ ...provider, clientSecret: undefined }]), /clientSecret/],
    [JSON.stringify([provider, provider]), /used twice/],
    [JSON.stringify([{ ...provider, id: "credentials" }]), /reserved/],
    [JSON.stringify([{ ...provider, issuer: "ftp://sso.example.com" }]), /issuer/],
  ];
  for (const [value, expected] of cases) {
    const problems = problemsOf(value).join("; ");
    assert.match(problems, /^OIDC_PROVIDERS=/);
    assert.match(problems, expected, value);
    assert.doesNotMatch(problems, /s3cret/, "the secret is never shown");
  }
});
