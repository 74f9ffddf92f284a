import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { person, send, type Person } from "../helpers/dashboard-routes";
import { PRIMARY, visit, visitBytes } from "../helpers/visit";
import { startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// Images of your own (docs/websites.md): the editor uploads a picture's bytes for a draft; the
// server re-encodes it (format from its bytes, SVG refused, pixels bounded, metadata stripped,
// three WebP sizes), keeps it in the database and serves it from the page's own host under a
// content-hashed address with a year's cache; the live page draws it with srcset; a second
// instance on the same PostgreSQL database serves the same bytes.

const draftOf = async (server: HopServer, who: Person, name: string) => {
  const made = await send(server, "POST", "/api/dashboard/drafts", { cookie: who.cookie, body: { name, templateId: "simple-stack-v2" } });
  assert.equal(made.status, 201, made.text);
  return made.body.id as string;
};

const upload = (server: HopServer, who: Person, draftId: string, bytes: Buffer | string, type = "image/png") =>
  send(server, "POST", `/api/dashboard/drafts/${draftId}/images`, { cookie: who.cookie, raw: bytes as string, contentType: type });

/** A photo-like JPEG with EXIF (camera, GPS-ish comment) that must not survive the upload. */
const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 60, b: 120 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "SpyCam", Model: "Secret 3000", ImageDescription: "home at 51.5N 0.12W" } })
    .toBuffer();

describe("editor: uploaded pictures", () => {
  let server: HopServer;
  let owner: Person;
  let other: Person;
  let draftId: string;

  before(async () => {
    server = await sharedServer();
    [owner, other] = await Promise.all([person(server), person(server)]);
    draftId = await draftOf(server, owner, "Pictures");
  });
  after(() => server.stop());

  test("a JPEG with EXIF becomes three WebP sizes with no metadata, at a content-hashed address cached for a year", async () => {
    const original = await photo();
    assert.ok((await sharp(original).metadata()).exif, "the fixture carries EXIF");
    const answer = await upload(server, owner, draftId, original, "image/jpeg");
    assert.equal(answer.status, 201, answer.text);
    assert.match(answer.body.url, /^\/__hop\/img\/[a-f0-9]{40}\.webp$/);
    assert.deepEqual([answer.body.width, answer.body.height], [640, 480], "fitted into 640 × 640, proportions kept");
    const key = answer.body.url.slice("/__hop/img/".length, -".webp".length);
    for (const [suffix, width] of [["", 640], ["-320", 320], ["-160", 160]] as const) {
      const got = await visitBytes(server, PRIMARY, `/__hop/img/${key}${suffix}.webp`);
      assert.equal(got.status, 200);
      assert.equal(got.headers["content-type"], "image/webp");
      assert.equal(got.headers["cache-control"], "public, max-age=31536000, immutable");
      assert.equal(got.headers["x-content-type-options"], "nosniff");
      assert.match(String(got.headers["content-security-policy"]), /default-src 'none'/);
      const meta = await sharp(got.body).metadata();
      assert.equal(meta.format, "webp");
      assert.equal(meta.width, width);
      assert.equal(meta.exif, undefined, "no EXIF leaves the server");
      assert.equal(got.body.includes(Buffer.from("SpyCam")), false);
    }
    const again = await upload(server, owner, draftId, original, "image/jpeg");
    assert.equal(again.body.url, answer.body.url, "the same file twice is one picture");
    const etag = String((await visitBytes(server, PRIMARY, answer.body.url)).headers.etag);
    assert.equal((await visitBytes(server, PRIMARY, answer.body.url, { "if-none-match": etag })).status, 304);
    assert.equal((await visitBytes(server, "go.customer.example", answer.body.url)).status, 200, "served on every host a page may live on");
    assert.equal((await visitBytes(server, PRIMARY, `/__hop/img/${"0".repeat(40)}.webp`)).status, 404);
    assert.equal((await visitBytes(server, PRIMARY, `/__hop/img/${key}-999.webp`)).status, 404);
    assert.equal((await visitBytes(server, PRIMARY, `/__hop/img/..%2F..%2Fetc%2Fpasswd`)).status, 404);
  });

  test("an animated GIF stays animated; the label is not trusted (a PNG sent as image/gif is read as PNG)", async () => {
    const frame = (background: string) => sharp({ create: { width: 400, height: 400, channels: 4, background } }).raw().toBuffer();
    const twoFrames = await sharp(Buffer.concat([await frame("#f00"), await frame("#0f0")]), { raw: { width: 400, height: 800, channels: 4, pageHeight: 400 } as never })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    assert.equal((await sharp(twoFrames).metadata()).pages, 2);
    const answer = await upload(server, owner, draftId, twoFrames, "image/gif");
    assert.equal(answer.status, 201, answer.text);
    const served = await sharp((await visitBytes(server, PRIMARY, answer.body.url.replace(".webp", "-160.webp"))).body).metadata();
    assert.deepEqual([served.pages, served.width, served.height], [2, 160, 160], "both frames kept, each resized");
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } }).png().toBuffer();
    assert.equal((await upload(server, owner, draftId, png, "image/gif")).status, 201);
  });

  test("refused with a clear answer: SVG and other non-images 415, over 5 MB 413, an empty body, too many pixels, damaged bytes 400", async () => {
    const svg = await upload(server, owner, draftId, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/png");
    assert.equal(svg.status, 415, svg.text);
    assert.equal(svg.body.error.field, "image");
    assert.match(svg.body.error.message, /SVG images can't be uploaded/);
    assert.equal((await upload(server, owner, draftId, "%PDF-1.7 not an image", "image/jpeg")).status, 415);
    const large = await upload(server, owner, draftId, Buffer.alloc(5 * 1024 * 1024 + 1, 1), "image/jpeg");
    assert.equal(large.status, 413, large.text);
    assert.match(large.body.error.message, /larger than 5 MB/);
    const empty = await upload(server, owner, draftId, "", "image/png");
    assert.equal(empty.status, 400, empty.text);
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
    const tooMany = await upload(server, owner, draftId, bomb, "image/png");
    assert.equal(tooMany.status, 400, tooMany.text);
    assert.match(tooMany.body.error.message, /10,000 × 5,000 pixels; at most 40 megapixels/);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#fff" } }).png().toBuffer();
    const damaged = await upload(server, owner, draftId, png.subarray(0, 60), "image/png");
    assert.equal(damaged.status, 400, damaged.text);
    assert.match(damaged.body.error.message, /could not be read/);
  });

  test("only someone who may edit the draft uploads to it: another account 404, signed out 401, cross-site 403", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#abc" } }).png().toBuffer();
    assert.equal((await upload(server, other, draftId, png)).status, 404);
    assert.equal((await send(server, "POST", `/api/dashboard/drafts/${draftId}/images`, { raw: png as unknown as string, contentType: "image/png" })).status, 401);
    assert.equal((await send(server, "POST", `/api/dashboard/drafts/${draftId}/images`, { cookie: owner.cookie, origin: "https://evil.example", raw: png as unknown as string, contentType: "image/png" })).status, 403);
    assert.equal((await send(server, "GET", `/api/dashboard/drafts/${draftId}/images`, { cookie: owner.cookie })).status, 405);
  });

  test("the live page draws the uploaded avatar from its own host with srcset, under a policy that allows 'self' images", async () => {
    const id = await draftOf(server, owner, "Ada with a photo");
    const answer = await upload(server, owner, id, await photo(), "image/jpeg");
    assert.equal(answer.status, 201, answer.text);
    const saved = await send(server, "PUT", `/api/dashboard/drafts/${id}`, { cookie: owner.cookie, body: { version: 1, semantic: { profile: { name: "Ada" }, avatar: { type: "image", value: answer.body.url } } } });
    assert.equal(saved.status, 200, saved.text);
    const slug = `photo-${Date.now().toString(36)}`;
    const published = await send(server, "POST", `/api/dashboard/drafts/${id}/publish`, { cookie: owner.cookie, body: { version: saved.body.version, customSlug: slug } });
    assert.equal(published.status, 201, published.text);
    const live = await visit(server, PRIMARY, `/${slug}`);
    assert.equal(live.status, 200);
    const key = answer.body.url.slice("/__hop/img/".length, -".webp".length);
    assert.ok(live.body.includes(`<img class="avatar" src="/__hop/img/${key}-320.webp" srcset="/__hop/img/${key}-160.webp 160w, /__hop/img/${key}-320.webp 320w, /__hop/img/${key}.webp 640w" sizes="96px" alt="">`), live.body);
    assert.match(String(live.headers["content-security-policy"]), /img-src 'self' https: data:/);
    const bad = await send(server, "PUT", `/api/dashboard/drafts/${id}`, { cookie: owner.cookie, body: { version: saved.body.version, semantic: { avatar: { type: "image", value: "/__hop/img/../../v1/links.webp" } } } });
    assert.equal(bad.status, 400, "only an uploaded picture's own address is taken");
  });

  test("a second instance on the same PostgreSQL database serves the same bytes", { skip: usingPostgres ? false : "two instances share PostgreSQL only (PGlite is one process's)" }, async () => {
    const answer = await upload(server, owner, draftId, await sharp({ create: { width: 300, height: 300, channels: 3, background: "#123456" } }).png().toBuffer());
    assert.equal(answer.status, 201, answer.text);
    const second = await startServer({ shareWith: server });
    try {
      const mine = await visitBytes(server, PRIMARY, answer.body.url);
      const theirs = await visitBytes(second, PRIMARY, answer.body.url);
      assert.equal(theirs.status, 200);
      assert.ok(theirs.body.equals(mine.body), "byte for byte");
    } finally {
      await second.stop();
    }
  });
});
