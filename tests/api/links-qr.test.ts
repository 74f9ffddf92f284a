import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { PNG } from "pngjs";
import { decodeQrPng } from "../helpers/qr-decode";
import { type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// GET /v1/links/{identifier}/qr: an SVG or PNG that scans back to the link's short URL, with
// colours, size and error correction from the query; bad parameters are 400 with their field and
// another account's link is 404 like every link endpoint.

describe("GET /v1/links/{identifier}/qr", () => {
  let server: HopServer;
  let owner: TestAccount;
  let shortUrl: string;
  before(async () => {
    server = await sharedServer();
    owner = await createAccount(server);
    const created = await api(server, "POST", "/v1/links", { key: owner.key, body: { url: "https://example.com/qr", slug: "qr-target" } });
    assert.equal(created.status, 201);
    shortUrl = created.body.data.url;
  });
  after(() => server.stop());

  const png = (path: string, key: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });

  test("svg by default: an SVG document in the requested colours, naming the short URL", async () => {
    const response = await api(server, "GET", "/v1/links/qr-target/qr?fg=%23112233&bg=%23fafafa", { key: owner.key });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^image\/svg\+xml/);
    assert.equal(response.headers.get("x-qr-content"), shortUrl);
    assert.match(response.text, /^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    assert.match(response.text, /fill="#112233"/);
    assert.match(response.text, /fill="#fafafa"/);
  });

  test("png scans back to the short URL; size sets the width in whole pixels per module", async () => {
    const response = await png("/v1/links/qr-target/qr?format=png&size=300&ecc=H", owner.key);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "image/png");
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(decodeQrPng(bytes), shortUrl);
    const width = bytes.readUInt32BE(16);
    assert.ok(width <= 300 && width > 200, `width ${width}`);
    const small = Buffer.from(await (await png("/v1/links/qr-target/qr?format=png&size=64", owner.key)).arrayBuffer());
    assert.ok(small.readUInt32BE(16) < width);
  });

  /** A 48×48 logo: a red disc on transparency, as a PNG data URL. */
  function logoDataUrl(): string {
    const image = new PNG({ width: 48, height: 48 });
    for (let y = 0; y < 48; y += 1) {
      for (let x = 0; x < 48; x += 1) {
        const at = (y * 48 + x) * 4;
        const inside = (x - 23.5) ** 2 + (y - 23.5) ** 2 < 24 ** 2;
        image.data.set(inside ? [220, 20, 60, 255] : [0, 0, 0, 0], at);
      }
    }
    return `data:image/png;base64,${PNG.sync.write(image).toString("base64")}`;
  }

  test("a centre logo: the PNG shows it (red pixels in the middle, ecc raised to H) and still scans back to the short URL", async () => {
    const logo = encodeURIComponent(logoDataUrl());
    const plain = Buffer.from(await (await png("/v1/links/qr-target/qr?format=png&size=400&ecc=H", owner.key)).arrayBuffer());
    const response = await png(`/v1/links/qr-target/qr?format=png&size=400&ecc=L&logo=${logo}`, owner.key);
    assert.equal(response.status, 200);
    const withLogo = Buffer.from(await response.arrayBuffer());
    assert.equal(decodeQrPng(withLogo), shortUrl);
    assert.notDeepEqual(withLogo, plain);
    const image = PNG.sync.read(withLogo);
    const centre = ((image.height >> 1) * image.width + (image.width >> 1)) * 4;
    assert.deepEqual([...image.data.subarray(centre, centre + 3)], [220, 20, 60], "the logo's red at the centre");
    // ecc=L was raised to H: the code has H's module count (its width), not L's.
    const low = Buffer.from(await (await png("/v1/links/qr-target/qr?format=png&size=400&ecc=L", owner.key)).arrayBuffer());
    assert.notEqual(low.readUInt32BE(16), plain.readUInt32BE(16));
    assert.equal(withLogo.readUInt32BE(16), plain.readUInt32BE(16));
  });

  test("a centre logo in the SVG: an <image> of the data URL over a background square", async () => {
    const logo = logoDataUrl();
    const response = await api(server, "GET", `/v1/links/qr-target/qr?bg=%23fafafa&logo=${encodeURIComponent(logo)}`, { key: owner.key });
    assert.equal(response.status, 200);
    assert.ok(response.text.includes(`<image href="${logo}"`));
    assert.match(response.text, /<rect x="[\d.]+" y="[\d.]+" width="\d+" height="\d+" fill="#fafafa"\/><image /);
  });

  test("the short URL works as the identifier too", async () => {
    const response = await api(server, "GET", `/v1/links/${encodeURIComponent(shortUrl)}/qr`, { key: owner.key });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("x-qr-content"), shortUrl);
  });

  test("bad parameters are 400 invalid_request with the field", async () => {
    for (const [query, field] of [
      ["format=gif", "format"],
      ["size=10", "size"],
      ["size=5000", "size"],
      ["size=abc", "size"],
      ["fg=red", "fg"],
      ["bg=%23zzzzzz", "bg"],
      ["ecc=X", "ecc"],
      ["logo=https%3A%2F%2Fexample.com%2Flogo.png", "logo"],
      ["logo=data%3Aimage%2Fgif%3Bbase64%2CR0lGOD", "logo"],
      [`format=png&logo=${encodeURIComponent("data:image/png;base64,bm90IGFuIGltYWdl")}`, "logo"],
    ] as const) {
      const response = await api(server, "GET", `/v1/links/qr-target/qr?${query}`, { key: owner.key });
      assert.equal(response.status, 400, query);
      assert.equal(response.body.error.code, "invalid_request", query);
      assert.equal(response.body.error.field, field, query);
    }
  });

  test("a logo longer than a query string may carry is 400 value_too_long with the field", async () => {
    const response = await api(server, "GET", `/v1/links/qr-target/qr?logo=${encodeURIComponent(`data:image/png;base64,${"A".repeat(9000)}`)}`, { key: owner.key });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, "value_too_long");
    assert.equal(response.body.error.field, "logo");
  });

  test("another account's link and an unknown link are 404 link_not_found", async () => {
    const other = await createAccount(server);
    const foreign = await api(server, "GET", "/v1/links/qr-target/qr", { key: other.key });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error.code, "link_not_found");
    assert.equal((await api(server, "GET", `/v1/links/${encodeURIComponent(shortUrl)}/qr?format=png`, { key: other.key })).status, 404);
    assert.equal((await api(server, "GET", "/v1/links/no-such-link/qr", { key: owner.key })).status, 404);
  });

  test("a viewer key of the owner may read it; no key is 401", async () => {
    const viewer = await addKey(server, owner.email, "viewer");
    assert.equal((await api(server, "GET", "/v1/links/qr-target/qr", { key: viewer.key })).status, 200);
    assert.equal((await api(server, "GET", "/v1/links/qr-target/qr", { key: null })).status, 401);
  });
});
