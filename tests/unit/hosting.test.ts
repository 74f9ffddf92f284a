import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { deployDomain, redeployDefaults, redeployDomains, selfHosted, setHostingProvider, type HostingProvider } from "../../lib/hosting/hosting";

afterEach(() => setHostingProvider(selfHosted));

function provider(behaviour: (domain: string) => Promise<void>, calls: string[]): HostingProvider {
  return { name: "test", deploy: behaviour, redeploy: async (domain) => (calls.push(domain), behaviour(domain)) };
}

test("each domain is redeployed once; all confirmed → nothing pending", async () => {
  const calls: string[] = [];
  setHostingProvider(provider(async () => undefined, calls));
  assert.deepEqual(await redeployDomains(["a.example", "b.example", "a.example"], { budgetMs: 1000, concurrency: 2 }), []);
  assert.deepEqual(calls.sort(), ["a.example", "b.example"]);
});

test("a failing redeploy is reported as failed, the others still run", async () => {
  const calls: string[] = [];
  setHostingProvider(provider(async (d) => { if (d === "bad.example") throw new Error("boom"); }, calls));
  assert.deepEqual(await redeployDomains(["ok.example", "bad.example", "ok2.example"], { budgetMs: 1000, concurrency: 1 }), [{ domain: "bad.example", reason: "failed" }]);
  assert.equal(calls.length, 3);
});

test("the budget bounds the wait: running ones time out, queued ones never start", async () => {
  const calls: string[] = [];
  // Redeploys far longer than the budget, so a busy machine's late timer is not mistaken for a wait.
  setHostingProvider(provider(() => new Promise((resolve) => setTimeout(resolve, 3_000)), calls));
  const started = Date.now();
  const pending = await redeployDomains(["1.example", "2.example", "3.example", "4.example"], { budgetMs: 100, concurrency: 2 });
  assert.ok(Date.now() - started < 1_500, "returns at the budget, not when the redeploys end");
  assert.deepEqual(pending, [
    { domain: "1.example", reason: "timed_out" },
    { domain: "2.example", reason: "timed_out" },
    { domain: "3.example", reason: "not_started" },
    { domain: "4.example", reason: "not_started" },
  ]);
  assert.deepEqual(calls, ["1.example", "2.example"]);
});

test("the self-hosted provider purges caches through the invalidation bus", async () => {
  const { onInvalidate } = await import("../../lib/cache/invalidation");
  const seen: unknown[] = [];
  const stop = onInvalidate((event) => seen.push(event));
  await selfHosted.redeploy("purge.example");
  stop();
  assert.deepEqual(seen, [{ kind: "domain", domain: "purge.example" }]);
});

test("deployDomain answers ready, failed, or pending once the budget runs out", async () => {
  const make = (deploy: HostingProvider["deploy"]): HostingProvider => ({ name: "test", deploy, redeploy: deploy });
  setHostingProvider(make(async () => undefined));
  assert.equal(await deployDomain("ok.example", 1000), "ready");
  setHostingProvider(make(async () => { throw new Error("boom"); }));
  assert.equal(await deployDomain("bad.example", 1000), "failed");
  setHostingProvider(make(() => new Promise((resolve) => setTimeout(resolve, 3_000))));
  const started = Date.now();
  assert.equal(await deployDomain("slow.example", 50), "pending");
  assert.ok(Date.now() - started < 1_500);
});

test("budget and concurrency come from the configuration's defaults", () => {
  assert.deepEqual(redeployDefaults(), { budgetMs: 10_000, concurrency: 3 });
});
