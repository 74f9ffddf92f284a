import assert from "node:assert/strict";
import { test } from "node:test";
import { chooseDestination, pickVariant, variantOfVisitor } from "../../lib/visit/choose-destination";
import { rollupDeltas, type VisitRow } from "../../lib/events/rollups";

// A link's A/B test (docs/links.md "A/B tests"): each visitor's bucket (0–99) from the day's
// pseudonym falls on the weights laid end to end; the same visitor keeps the variant all day.

const AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const NOON = Date.UTC(2026, 10, 29, 12);

test("buckets fall on the weights laid end to end", () => {
  const weights = [{ weight: 70 }, { weight: 20 }, { weight: 10 }];
  assert.deepEqual([0, 69, 70, 89, 90, 99].map((bucket) => pickVariant(weights, bucket)), [0, 0, 1, 1, 2, 2]);
  assert.equal(pickVariant([{ weight: 1 }, { weight: 99 }], 0), 0);
  assert.equal(pickVariant([{ weight: 1 }, { weight: 99 }], 1), 1);
});

test("10,000 simulated visitors spread within 3 points of the weights, for 2, 3 and 4 variants", () => {
  for (const weights of [[50, 50], [70, 30], [50, 30, 20], [10, 20, 30, 40], [25, 25, 25, 25]]) {
    const variants = weights.map((weight) => ({ weight }));
    const counts = weights.map(() => 0);
    for (let i = 0; i < 10_000; i += 1) {
      // A visitor is an address's network (/24) and an agent: vary the network.
      const ip = `${10 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}.9`;
      counts[variantOfVisitor("lnk_ab", variants, ip, AGENT, NOON)] += 1;
    }
    counts.forEach((count, index) => assert.ok(Math.abs(count / 100 - weights[index]) <= 3, `${weights.join("/")}: variant ${index} got ${count / 100} %`));
  }
});

test("a visitor keeps their variant through the day, on any address of their network; links are independent", () => {
  const variants = [{ weight: 50 }, { weight: 50 }];
  for (let i = 0; i < 200; i += 1) {
    const first = variantOfVisitor("lnk_ab", variants, `198.18.${i}.7`, AGENT, NOON);
    assert.equal(variantOfVisitor("lnk_ab", variants, `198.18.${i}.7`, AGENT, NOON + 3_600_000), first);
    assert.equal(variantOfVisitor("lnk_ab", variants, `198.18.${i}.200`, AGENT, NOON + 60_000), first);
  }
  // Across 200 visitors two links must not give everyone the same variant as each other.
  const onA = Array.from({ length: 200 }, (_, i) => variantOfVisitor("lnk_a", variants, `198.18.${i}.7`, AGENT, NOON));
  const onB = Array.from({ length: 200 }, (_, i) => variantOfVisitor("lnk_b", variants, `198.18.${i}.7`, AGENT, NOON));
  assert.notDeepEqual(onA, onB);
});

test("targeting rules win over the variant; without a rule the variant wins over the destination", () => {
  const link = { destination: "https://example.com/main", geoRules: [{ countries: ["FR"], redirectUrl: "https://example.com/fr" }], languageRules: [], ios: "https://apps.example.com/ios", android: null };
  const visitor = { country: "DE", city: null, acceptLanguage: undefined, platform: "windows" };
  assert.equal(chooseDestination(link, visitor, "https://example.com/b"), "https://example.com/b");
  assert.equal(chooseDestination(link, { ...visitor, country: "FR" }, "https://example.com/b"), "https://example.com/fr");
  assert.equal(chooseDestination(link, { ...visitor, platform: "ios" }, "https://example.com/b"), "https://apps.example.com/ios");
  assert.equal(chooseDestination(link, visitor), "https://example.com/main");
});

test("views are rolled up per variant; visits without one add no variant row", () => {
  const row = (variant: number | null, visits: number): VisitRow => ({
    linkId: "lnk_ab", accountId: "acc", occurredAt: NOON, visits, country: "de", city: null, device: "desktop", platform: "windows", browser: null, referrer: "direct", redirected: true, variant,
  });
  const deltas = rollupDeltas([row(0, 3), row(1, 2), row(0, 1), row(null, 5)], []).filter((d) => d.dimension === "variant");
  assert.deepEqual(deltas.map((d) => [d.value, d.views]).sort(), [["0", 4], ["1", 2]]);
});
