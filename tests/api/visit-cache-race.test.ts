import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { admin, startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { BROWSER_UA, PRIMARY } from "../helpers/visit";

// Revoked keys are asked for hundreds of times here; the per-address throttle of failed
// authentications (lib/api/auth-throttle.ts) would turn those 401s into 429s.
const NO_AUTH_THROTTLE = { AUTH_FAILURES_PER_MINUTE: "1000000" };

// Changes made while visitors keep asking: once a create, a deactivation or a key revocation has
// returned, no request sent after it gets the old answer — not from this instance's cache, and
// not from another instance's (through the Redis relay). Lookups that began before the change
// must not store their answer after it.

const VISITORS = 100;
const agent = new http.Agent({ keepAlive: true, maxSockets: VISITORS + 20 });
after(() => agent.destroy());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fresh = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

function status(server: HopServer, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, path, headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    // A request left unanswered fails the test with its address (a CI run once hung here for
    // minutes with two requests to one instance outstanding, the database idle).
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer in 20 s from :${server.port} to ${headers.host ?? ""}${path}`)));
    req.on("error", reject);
    req.end();
  });
}

interface Sample {
  target: string;
  started: number;
  status: number;
}

/**
 * VISITORS concurrent loops until stopped, each asking on a random server for `focus()` when it
 * names a target (half the time: the address being changed right now, asked for while its change
 * is under way), else for a random one of `targets()`. Returns every answer with the time its
 * request was sent.
 */
function hammer(servers: HopServer[], targets: () => string[], ask: (server: HopServer, target: string) => Promise<number>, focus: () => string | null = () => null) {
  let stopped = false;
  const samples: Sample[] = [];
  const loops = Array.from({ length: VISITORS }, async (_, n) => {
    for (let i = 0; !stopped; i += 1) {
      const pool = targets();
      const focused = focus();
      const target = focused && (n + i) % 2 ? focused : pool[Math.floor(Math.random() * pool.length)];
      const started = performance.now();
      samples.push({ target, started, status: await ask(servers[(n + i) % servers.length], target) });
      await sleep(10); // a short pause, so the writes are not starved of CPU on a small machine
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return samples;
    },
  };
}

const visitSlug = (server: HopServer, slug: string) => status(server, `/${slug}`, { host: PRIMARY, "user-agent": BROWSER_UA });

/** Answers to requests sent after their target's change returned that still show the old state. */
function staleAnswers(samples: Sample[], changedAt: Map<string, number>, isOld: (status: number) => boolean) {
  return samples.filter((s) => changedAt.has(s.target) && s.started > changedAt.get(s.target)! && isOld(s.status)).map((s) => `${s.target}: ${s.status}`);
}

async function createWhileHammering(servers: HopServer[], account: TestAccount, rounds: number) {
  const [writer, other] = [servers[0], servers[servers.length - 1]];
  for (let round = 0; round < rounds; round += 1) {
    const slugs = Array.from({ length: 30 }, () => fresh(`new${round}`));
    const asked = slugs.slice(0, 20);
    let current: string | null = null;
    // The creates start with the visitors: the first lookups of each address are still in flight
    // when its link commits. Each single create's address is first asked for while it is created.
    const traffic = hammer(servers, () => asked, visitSlug, () => current);
    const createdAt = new Map<string, number>();
    const bulk = await api(writer, "POST", "/v1/links/bulk", { key: account.key, body: { links: slugs.slice(0, 20).map((slug) => ({ url: `https://example.com/${slug}`, slug })) } });
    assert.equal(bulk.body.createdCount, 20, bulk.text);
    for (const slug of slugs.slice(0, 20)) createdAt.set(slug, performance.now());
    for (const [i, slug] of slugs.slice(20).entries()) {
      current = slug;
      await sleep(5);
      const created = await api(i % 2 ? other : writer, "POST", "/v1/links", { key: account.key, body: { url: `https://example.com/${slug}`, slug } });
      assert.equal(created.status, 201, created.text);
      createdAt.set(slug, performance.now());
      asked.push(slug);
    }
    await sleep(300);
    const samples = await traffic.stop();
    assert.ok(samples.filter((s) => createdAt.has(s.target) && s.started > createdAt.get(s.target)!).length >= 20, "visitors kept asking after the creates");
    assert.deepEqual(staleAnswers(samples, createdAt, (code) => code !== 302), [], `round ${round}: a 404 after the create had returned`);
  }
}

/** A published bio page whose editor data is large (kept, never shown): its lookup reads a big row. */
const largePage = (slug: string) => ({ websiteId: slug, templateId: "simple-stack-v2", customSlug: slug, data: { profile: { name: slug }, editorState: "x".repeat(300_000) } });

async function deactivateWhileHammering(servers: HopServer[], account: TestAccount) {
  const writer = servers[servers.length - 1];
  const links = Array.from({ length: 10 }, () => fresh("off"));
  const pages = Array.from({ length: 10 }, () => fresh("offpage"));
  const bulk = await api(servers[0], "POST", "/v1/links/bulk", { key: account.key, body: { links: links.map((slug) => ({ url: `https://example.com/${slug}`, slug })) } });
  assert.equal(bulk.body.createdCount, 10, bulk.text);
  for (const slug of pages) assert.equal((await api(servers[0], "POST", "/v1/websites", { key: account.key, body: largePage(slug) })).status, 201);
  const slugs = [...links, ...pages];
  const traffic = hammer(servers, () => slugs, visitSlug); // the first lookups are in flight when the deactivations commit
  const offAt = new Map<string, number>();
  const inBulk = [...links.slice(0, 5), ...pages.slice(0, 5)];
  const switched = await api(writer, "PATCH", "/v1/links/bulk/status", { key: account.key, body: { links: inBulk, setActive: false } });
  assert.equal(switched.body.updatedCount, inBulk.length, switched.text);
  for (const slug of inBulk) offAt.set(slug, performance.now());
  for (const slug of slugs.filter((s) => !inBulk.includes(s))) {
    assert.equal((await api(writer, "PATCH", `/v1/links/${slug}/status`, { key: account.key, body: { setActive: false } })).status, 200);
    offAt.set(slug, performance.now());
  }
  await sleep(150);
  const samples = await traffic.stop();
  assert.ok(samples.some((s) => s.status === 302) && samples.some((s) => s.status === 200), "visitors were answered while the links and websites were active");
  assert.deepEqual(staleAnswers(samples, offAt, (code) => code !== 404), [], "a redirect or page after the deactivation had returned");
}

async function revokeWhileHammering(servers: HopServer[], account: TestAccount) {
  const keys = await Promise.all([addKey(servers[0], account.email, "full"), addKey(servers[0], account.email, "viewer")]);
  const byKey = new Map(keys.map((k) => [k.keyId, k.key]));
  const traffic = hammer(servers, () => [...byKey.keys()], (server, keyId) => status(server, "/v1/account/usage", { authorization: `Bearer ${byKey.get(keyId)}` }));
  await sleep(100);
  const revokedAt = new Map<string, number>();
  for (const [i, { keyId }] of keys.entries()) {
    await admin(servers[i % servers.length], "key", "revoke", "--id", keyId);
    revokedAt.set(keyId, performance.now());
  }
  await sleep(200);
  const samples = await traffic.stop();
  assert.ok(samples.some((s) => s.status === 200), "the keys worked before their revocation");
  assert.deepEqual(staleAnswers(samples, revokedAt, (code) => code !== 401), [], "a request after the revocation was let in");
}

describe("one instance: changes made while visitors keep asking", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: NO_AUTH_THROTTLE });
    account = await createAccount(server, { plan: "unlimited" });
  });
  after(() => server.stop());

  test("links created in bulk and singly while 100 visitors ask for their slugs: no 404 after the create returned", () => createWhileHammering([server], account, 3));
  test("links and large pages deactivated (bulk and singly) while visitors follow them: nothing served after the deactivation returned", () => deactivateWhileHammering([server], account));
  test("keys revoked while requests keep coming: 401 for every request sent after the revocation returned", () => revokeWhileHammering([server], account));
});

// Two instances of one deployment (one database, one Redis prefix): a change made through either is
// seen by the next request on both.
describe("two instances on PostgreSQL + Redis", { skip: !(usingPostgres && usingRedis) && "needs DATABASE_URL and REDIS_URL" }, () => {
  let servers: HopServer[];
  let account: TestAccount;
  before(async () => {
    const first = await startServer({ env: NO_AUTH_THROTTLE });
    servers = [first, await startServer({ shareWith: first, env: NO_AUTH_THROTTLE })];
    account = await createAccount(first, { plan: "unlimited" });
  });
  after(async () => {
    await servers[1].stop();
    await servers[0].stop();
  });

  test("creates through either instance: no 404 from either after the create returned", () => createWhileHammering(servers, account, 2));
  test("deactivations through the other instance: no redirect from either", () => deactivateWhileHammering(servers, account));
  test("revocations through either instance: 401 from both", () => revokeWhileHammering(servers, account));
});
