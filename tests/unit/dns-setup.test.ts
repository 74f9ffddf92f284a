import assert from "node:assert/strict";
import { test } from "node:test";
import { readConfig } from "../../lib/config";
import { dnsSetupProblem } from "../../lib/domains/dns-setup";

// Custom domains need CNAME_TARGET and APEX_A_RECORD to name this server: left unset or at
// loopback, the operator is warned at start and customers on the Domains page (lib/domains/dns-setup.ts).

const problemWith = (env: Record<string, string>) => dnsSetupProblem(readConfig({ PRIMARY_DOMAIN: "hop.example", ...env }));

test("unset or loopback records are named, with the variables to set", () => {
  const unset = problemWith({});
  assert.deepEqual(unset?.variables, ["CNAME_TARGET", "APEX_A_RECORD"]);
  assert.equal(
    unset?.message,
    "custom domains can't be verified until CNAME_TARGET and APEX_A_RECORD name this server: CNAME records point at cname.hop.example (CNAME_TARGET is not set), and A records at 127.0.0.1 (APEX_A_RECORD is not set), which no customer's DNS can reach (docs/domains.md)",
  );
  assert.deepEqual(problemWith({ CNAME_TARGET: "localhost", APEX_A_RECORD: "203.0.113.7" })?.variables, ["CNAME_TARGET"]);
  assert.deepEqual(problemWith({ CNAME_TARGET: "cname.hop.example", APEX_A_RECORD: "127.0.0.2" })?.variables, ["APEX_A_RECORD"]);
  assert.deepEqual(problemWith({ CNAME_TARGET: "edge.localhost", APEX_A_RECORD: "::1" })?.variables, ["CNAME_TARGET", "APEX_A_RECORD"]);
});

test("records that name a public server raise nothing", () => {
  assert.equal(problemWith({ CNAME_TARGET: "cname.hop.example", APEX_A_RECORD: "203.0.113.7" }), null);
});
