import assert from "node:assert/strict";
import { crc32, deflateSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { person, send, type Person } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// A QR logo is the one input of the API that costs the server real work (decoding an image), so
// that work is bounded: SVG logos are refused outright (a few KB of nested <use> take seconds to
// draw), raster logos are decoded only up to 2048×2048 pixels, and one account draws one logo at a
// time, so a burst from one account gets 429s while another account's pages keep answering.

/** A 2 KB SVG whose every <g id=aN> uses aN-1 ten times: 100,000 rectangles for librsvg to draw. */
function nestedUseSvg(levels = 5): Buffer {
  let defs = '<g id="a0"><rect width="1" height="1"/></g>';
  for (let level = 1; level <= levels; level += 1) defs += `<g id="a${level}">${'<use href="#a' + (level - 1) + '"/>'.repeat(10)}</g>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><defs>${defs}</defs><use href="#a${levels}"/></svg>`);
}

/** A PNG of greyscale rows, written by hand so any size can be made (sharp and pngjs would hold every pixel). */
function greyPng(width: number, height: number, bitDepth: 1 | 8, row: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y += 1) row.copy(raw, y * row.length);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

/** One grey all over (each row: filter byte 0, then the pixels). */
const flatPng = (width: number, height: number, grey = 0x80) => greyPng(width, height, 8, Buffer.concat([Buffer.from([0]), Buffer.alloc(width, grey)]));

/**
 * One bit a pixel, every row the same stripes (`stripes`: the byte of eight pixels): 2048×2048 is
 * 2 KB, so it fits a query string, and 20000×20000 (400 million pixels) is a decompression bomb of
 * about 50 KB.
 */
const stripedPng = (width: number, height: number, stripes = 0) =>
  greyPng(width, height, 1, Buffer.concat([Buffer.from([0]), Buffer.alloc(Math.ceil(width / 8), stripes)]));

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

function assertLogoRefused(response: { status: number; body: any }, message: RegExp, label: string) {
  assert.equal(response.status, 400, `${label}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.error.code, "invalid_request", label);
  assert.equal(response.body.error.field, "logo", label);
  assert.match(response.body.error.message, message, label);
}

describe("QR logos: the image work is bounded", () => {
  let server: HopServer;
  let ada: Person;
  let bob: Person;
  let adaLinkId: string;
  before(async () => {
    server = await startServer();
    ada = await person(server);
    bob = await person(server);
    const created = await api(server, "POST", "/v1/links", { key: ada.key, body: { url: "https://example.com/logo", slug: "logo-target" } });
    assert.equal(created.status, 201);
    adaLinkId = created.body.data.id;
  });
  after(() => server.stop());

  const qr = (key: string, query: string) => api(server, "GET", `/v1/links/logo-target/qr?${query}`, { key });

  test("an SVG logo is 400 invalid_request naming the raster formats, in both output formats and whatever the data URL claims", async () => {
    const svg = nestedUseSvg();
    assert.ok(svg.length < 3000, `${svg.length} bytes`);
    for (const [format, type] of [["png", "image/svg+xml"], ["svg", "image/svg+xml"], ["png", "image/png"]] as const) {
      const response = await qr(ada.key, `format=${format}&logo=${encodeURIComponent(dataUrl(type, svg))}`);
      assertLogoRefused(response, /SVG.*PNG, JPEG, WebP or GIF/, `${format} as ${type}`);
    }
  });

  test("a PNG labelled as something else is read as the PNG it is", async () => {
    const response = await fetch(`${server.url}/v1/links/logo-target/qr?format=png&logo=${encodeURIComponent(dataUrl("image/jpeg", flatPng(64, 64)))}`, {
      headers: { authorization: `Bearer ${ada.key}` },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "image/png");
  });

  test("a decompression bomb is refused with 400 before it is decoded: 20000×20000 in the dashboard's body, 4096×4096 in the query", async () => {
    const bomb = await send(server, "POST", `/api/dashboard/links/${adaLinkId}/qr`, {
      cookie: ada.cookie,
      body: { format: "png", size: "512", logo: dataUrl("image/png", stripedPng(20_000, 20_000)) },
    });
    assertLogoRefused(bomb, /2,048 × 2,048|4,194,304 pixels/, "20000×20000");
    const large = stripedPng(4096, 4096);
    assert.ok(dataUrl("image/png", large).length < 8000, "fits in a query string");
    assertLogoRefused(await qr(ada.key, `format=png&logo=${encodeURIComponent(dataUrl("image/png", large))}`), /2,048 × 2,048|4,194,304 pixels/, "4096×4096");
    // The largest accepted logo still draws.
    const largest = await fetch(`${server.url}/v1/links/logo-target/qr?format=png&logo=${encodeURIComponent(dataUrl("image/png", stripedPng(2048, 2048)))}`, {
      headers: { authorization: `Bearer ${ada.key}` },
    });
    assert.equal(largest.status, 200);
  });

  test("eight logo renders at once for one account: the extra ones are 429 with Retry-After, another account's pages keep answering", async () => {
    // Eight different 2048×2048 logos (so no render can reuse another's result), all sent at once.
    const logos = Array.from({ length: 8 }, (_, i) => encodeURIComponent(dataUrl("image/png", stripedPng(2048, 2048, 0x11 * (i + 1)))));
    const burst = Promise.all(logos.map((logo) => qr(ada.key, `format=png&size=2048&logo=${logo}`)));
    const bobsPages = Promise.all([send(server, "GET", "/keys", { cookie: bob.cookie }), api(server, "GET", "/v1/account/usage", { key: bob.key })]);
    const [answers, [keysPage, usage]] = await Promise.all([burst, bobsPages]);
    const statuses = answers.map((answer) => answer.status);
    assert.ok(statuses.every((status) => status === 200 || status === 429), statuses.join(" "));
    assert.ok(statuses.includes(200), `one render went through: ${statuses.join(" ")}`);
    const refused = answers.filter((answer) => answer.status === 429);
    assert.ok(refused.length > 0, `some of one account's concurrent renders are refused: ${statuses.join(" ")}`);
    for (const answer of refused) {
      assert.equal(answer.body.error.code, "rate_limit_exceeded");
      assert.match(answer.body.error.message, /logo/);
      assert.equal(answer.body.error.remaining, 0);
      assert.ok(Number(answer.headers.get("retry-after")) >= 1, "Retry-After in seconds");
    }
    assert.equal(keysPage.status, 200);
    assert.equal(usage.status, 200);
    // The slot is free again once the renders are done.
    assert.equal((await qr(ada.key, `format=png&logo=${logos[0]}`)).status, 200);
  });
});
