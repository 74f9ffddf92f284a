import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { twoAccounts } from "../helpers/service-rows";
import { openTestDb } from "../helpers/test-db";

// lib/images/save-image.ts on the real database: an account keeps at most MAX_IMAGES_PER_ACCOUNT
// pictures, and two uploads at once can't both take the last place; the same picture twice is
// one row; two accounts uploading one file get two pictures (deleting one account never takes
// another's picture away).
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const picture = (fill: number) => ({ width: 1, height: 1, variants: [160, 320, 640].map((size) => ({ size: size as 160 | 320 | 640, data: Buffer.from(`img-${fill}-${size}`) })) });

describe("stored pictures", () => {
  test("the last free place goes to one of two concurrent uploads; the other is 403 quota_exceeded", async () => {
    const { storeImage, MAX_IMAGES_PER_ACCOUNT } = await import("../../lib/images/save-image");
    const [owner] = await twoAccounts(env.db);
    await env.db.image.createMany({ data: Array.from({ length: MAX_IMAGES_PER_ACCOUNT - 1 }, (_, i) => ({ key: createHash("sha1").update(`${owner.id}-${i}`).digest("hex"), accountId: owner.id, width: 1, height: 1, bytes: 1 })) });
    const results = await Promise.allSettled([storeImage(env.db, owner.id, picture(1)), storeImage(env.db, owner.id, picture(2))]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    assert.equal(refused.reason.code, "quota_exceeded");
    assert.match(refused.reason.message, /at most 200 uploaded images/);
    assert.equal(await env.db.image.count({ where: { accountId: owner.id } }), MAX_IMAGES_PER_ACCOUNT);
  });

  test("the same picture twice is one row; two accounts' copies of one file are two, each deleted with its account", async () => {
    const { storeImage } = await import("../../lib/images/save-image");
    const [a, b] = await twoAccounts(env.db);
    const first = await storeImage(env.db, a.id, picture(7));
    assert.equal((await storeImage(env.db, a.id, picture(7))).url, first.url);
    const theirs = await storeImage(env.db, b.id, picture(7));
    assert.notEqual(theirs.url, first.url);
    assert.equal(await env.db.image.count({ where: { accountId: { in: [a.id, b.id] } } }), 2);
    assert.equal(await env.db.imageVariant.count({ where: { image: { accountId: a.id } } }), 3);
    await env.db.account.delete({ where: { id: a.id } });
    assert.equal(await env.db.imageVariant.count({ where: { image: { accountId: a.id } } }), 0, "sizes go with the picture");
    assert.equal(await env.db.image.count({ where: { accountId: b.id } }), 1, "the other account keeps its copy");
  });
});
