import assert from "node:assert/strict";
import { test } from "node:test";
import sharp from "sharp";

// Image decoding bounded by MEMORY_BUDGET_MB (lib/images/limits.ts): the largest picture and how
// many are decoded at once follow the budget; this process runs with the smallest budget.

process.env.MEMORY_BUDGET_MB = "128";

test("the pixel limit and the decodes at once follow the budget; 40 MP is the ceiling", async () => {
  const { imageLimitsFor } = await import("../../lib/images/limits");
  assert.deepEqual(imageLimitsFor(128), { maxPixels: 22_000_000, concurrency: 1 });
  assert.deepEqual(imageLimitsFor(256), { maxPixels: 40_000_000, concurrency: 1 });
  assert.deepEqual(imageLimitsFor(512), { maxPixels: 40_000_000, concurrency: 2 });
  assert.deepEqual(imageLimitsFor(1024), { maxPixels: 40_000_000, concurrency: 4 });
});

test("at a 128 MB budget a 25 MP picture is refused before decoding, a 20 MP one is encoded; one decode at a time", async () => {
  const { encodeUpload } = await import("../../lib/images/encode-upload");
  const { GLOBAL_IMAGE_WORK } = await import("../../lib/images/work-slots");
  assert.equal(GLOBAL_IMAGE_WORK, 1);
  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#2a6" } }).png({ compressionLevel: 9 }).toBuffer();
  await assert.rejects(encodeUpload(await png(6000, 4200)), (error: Error) => /at most 22 megapixels/.test(error.message));
  const encoded = await encodeUpload(await png(5000, 4000));
  assert.deepEqual([encoded.width, encoded.height], [640, 512]);
  assert.deepEqual(encoded.variants.map((v) => v.size), [160, 320, 640]);
  const sizes = await Promise.all(encoded.variants.map(async (v) => (await sharp(v.data).metadata()).width));
  assert.deepEqual(sizes, [160, 320, 640]);
});
