import assert from "node:assert/strict";
import { test } from "node:test";
import { stripForPlan } from "../../lib/websites/strip-free-plan";

const data = {
  hideBranding: true,
  profile: { name: "A", verified: true },
  links: [{ type: "simple", title: "x", url: "https://x.example" }, { type: "contact", title: "c" }],
  socialsAppearance: { showFollowers: true, position: "top" },
  settings: { adultMode: true, deepLinkBehavior: "aggressive" },
};

test("free accounts lose hideBranding, verified, contact blocks, showFollowers and the 18+ mode", () => {
  assert.deepEqual(stripForPlan(data, "free"), {
    profile: { name: "A" },
    links: [{ type: "simple", title: "x", url: "https://x.example" }],
    socialsAppearance: { position: "top" },
    settings: { deepLinkBehavior: "aggressive" },
  });
  assert.equal(data.profile.verified, true, "the input is not changed");
});

test("paid plans publish everything", () => {
  assert.deepEqual(stripForPlan(data, "growth"), data);
});
