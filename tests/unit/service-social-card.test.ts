import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { twoAccounts } from "../helpers/service-rows";
import { openTestDb } from "../helpers/test-db";

// The social card with an uploaded avatar, on the real database: the picture is read from the
// stored sizes and laid over the card cut to a circle (its corners show the card, not the picture).

let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

describe("the social card", () => {
  test("an uploaded avatar is drawn in the circle, the card's colour around it", async () => {
    const { storeImage } = await import("../../lib/images/save-image");
    const { drawCard } = await import("../../lib/images/serve-card");
    const { cardInputs } = await import("../../lib/bio/social-card");
    const [owner] = await twoAccounts(env.db);
    const red = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: "#ff0000" } }).webp().toBuffer();
    const saved = await storeImage(env.db, owner.id, { width: 640, height: 640, variants: await Promise.all(([160, 320, 640] as const).map(async (size) => ({ size, data: await red(size) }))) });
    const png = await drawCard(env.db, cardInputs("minimal-card", { profile: { name: "Ada" }, avatar: { type: "image", value: saved.url } }));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [1200, 630]);
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [r, g, b] = pixel(300, 315);
    assert.ok(r > 200 && g < 60 && b < 60, `the avatar's centre is the picture: ${[r, g, b]}`);
    const corner = pixel(175, 190);
    assert.ok(!(corner[0] > 200 && corner[1] < 60), `the circle's corner is the card: ${corner}`);
  });
});
