import assert from "node:assert/strict";
import { test } from "node:test";
import { dnsHostLabel, tidyDomainInput } from "../../lib/domains/host-label";

test("the DNS Host field: the label inside the zone, @ for the apex, multi-label suffixes counted", () => {
  assert.deepEqual(["links.example.com", "go.links.example.com", "example.com", "links.example.co.uk", "example.co.uk", "Links.Example.com."].map(dnsHostLabel), ["links", "go.links", "@", "links", "@", "links"]);
});

test("a pasted address becomes a domain name; a path or port stays for the server to refuse", () => {
  assert.deepEqual(["https://Links.Example.com/", " http://links.example.com ", "links.example.com.", "links.example.com/path", "links.example.com:8080"].map(tidyDomainInput), ["links.example.com", "links.example.com", "links.example.com", "links.example.com/path", "links.example.com:8080"]);
});
