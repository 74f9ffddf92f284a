import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// Unknown (and revoked) keys are remembered by hash for 30 s: a repeated wrong key costs one
// database read, not one per request. A key's creation — in this process or announced by another
// instance over the relay — makes it work at once.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

async function setup() {
  const { findKeyForRequest } = await import("../../lib/keys/auth-cache");
  const { hashKey, generateKey } = await import("../../lib/keys/key-format");
  let reads = 0;
  const counted = env.db.$extends({
    query: {
      apiKey: {
        findUnique({ args, query }) {
          reads += 1;
          return query(args);
        },
      },
    },
  }) as unknown as typeof env.db;
  return { find: (hash: string) => findKeyForRequest(counted, hash), reads: () => reads, hashKey, generateKey };
}

test("an unknown key is read from the database once, then answered from memory", async () => {
  const { find, reads, hashKey, generateKey } = await setup();
  const hash = hashKey(generateKey());
  assert.equal(await find(hash), null);
  assert.equal(await find(hash), null);
  assert.equal(await find(hash), null);
  assert.equal(reads(), 1);
  const { isRememberedUnknown } = await import("../../lib/keys/unknown-keys");
  assert.equal(isRememberedUnknown(hash, Date.now() + 31_000), false, "forgotten after 30 s");
});

test("creating a key announces its hash; a remembered miss for it is forgotten and the key works at once", async () => {
  const { find, reads, hashKey, generateKey } = await setup();
  const { createKey } = await import("../../lib/keys/create-key");
  const { onInvalidate, applyRemote } = await import("../../lib/cache/invalidation");
  const account = await env.db.account.create({ data: { id: "acc_unknown_keys", email: "unknown-keys@example.test", plan: "growth" } });

  const announced: unknown[] = [];
  const stop = onInvalidate((event) => announced.push(event));
  const created = await createKey(env.db, account.id, { name: "k", role: "full" });
  stop();
  assert.deepEqual(announced, [{ kind: "key-created", keyHash: hashKey(created.key) }]);

  // Another instance creates a key whose hash this one remembered as unknown.
  const key = generateKey();
  const before = reads();
  assert.equal(await find(hashKey(key)), null);
  await env.db.apiKey.create({ data: { id: "key_from_elsewhere", accountId: account.id, name: "e", keyHash: hashKey(key), prefix: key.slice(0, 16), role: "full" } });
  assert.equal(await find(hashKey(key)), null, "still remembered as unknown");
  applyRemote({ kind: "key-created", keyHash: hashKey(key) });
  assert.equal((await find(hashKey(key)))?.id, "key_from_elsewhere");
  assert.equal(reads() - before, 2);
});

test("a miss read before a key's creation is not remembered after it", async () => {
  const { hashKey, generateKey } = await setup();
  const { isRememberedUnknown, rememberUnknown, unknownKeysGeneration } = await import("../../lib/keys/unknown-keys");
  const { announce } = await import("../../lib/cache/invalidation");
  const hash = hashKey(generateKey());
  const generation = unknownKeysGeneration();
  announce({ kind: "key-created", keyHash: hash });
  rememberUnknown(hash, generation);
  assert.equal(isRememberedUnknown(hash), false);
});
