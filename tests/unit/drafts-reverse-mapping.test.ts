import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dataToSemantic } from "../../lib/drafts/data-to-semantic";
import { parseSemantic } from "../../lib/drafts/draft-input";
import { mergeEditedData } from "../../lib/drafts/publish-draft-changes";
import { semanticToData } from "../../lib/drafts/semantic-to-data";
import { qrSvg } from "../../lib/qr/qr-svg";
import { FULL_SEMANTIC } from "../helpers/semantic";

// Editing a published website: the way back from stored `data` to the editor's model, the merge
// of the edited page over the stored one on "Publish changes", and the QR code of the live URL.

describe("dataToSemantic: a website's stored data back to the editor's model", () => {
  test("a page made from a draft comes back as the same page", () => {
    for (const templateId of ["simple-stack-v2", "spotlight-card-v2"]) {
      const model = parseSemantic(FULL_SEMANTIC).model;
      const data = semanticToData(model, templateId);
      assert.deepEqual(semanticToData(dataToSemantic(data), templateId), data, templateId);
    }
  });

  test("members the model cannot hold are dropped from the draft, one at a time", () => {
    const model = JSON.parse(JSON.stringify(dataToSemantic({
      profile: { name: "Ada", verified: true },
      avatar: { type: "image", value: "http://not-https.example/a.png" },
      links: [
        { id: "ok", type: "simple", title: "Blog", url: "https://ada.example" },
        { type: "contact", title: "Write me" },
        { id: "bad url", type: "simple", title: "Odd", url: "javascript:alert(1)" },
      ],
      socials: [{ platform: "github", url: "https://github.com/ada" }],
      background: { type: "design" },
      hideBranding: true,
    }))) as ReturnType<typeof dataToSemantic>;
    assert.deepEqual(model.profile, { name: "Ada" });
    assert.equal(model.avatar, undefined, "an http avatar is not a valid draft avatar");
    assert.deepEqual(model.links?.map((b) => b.title), ["Blog", "Write me"], "the unsafe URL stays out of the draft; a contact block is edited like any other");
    assert.deepEqual(model.socials, [{ platform: "github", handle: "https://github.com/ada" }]);
    assert.equal(model.theme?.background, undefined, "the design's own background is no member");
  });

  test("the sharing picture comes back; one the editor cannot hold leaves the rest of the section", () => {
    const seoOf = (advanced: Record<string, string>) => JSON.parse(JSON.stringify(dataToSemantic({ advanced }).seo));
    assert.deepEqual(seoOf({ pageTitle: "T", ogImage: "https://ada.example/s.png" }), { pageTitle: "T", ogImage: "https://ada.example/s.png" });
    assert.deepEqual(seoOf({ pageTitle: "T", ogImage: "http://ada.example/s.png" }), { pageTitle: "T" });
  });

  test("nothing at all is an empty model", () => {
    assert.deepEqual(semanticToData(dataToSemantic(null), "simple-stack-v2").links, []);
  });
});

describe("mergeEditedData: Publish changes keeps what the editor does not edit", () => {
  test("edited members win; tags, favicon, branding and contact blocks stay", () => {
    const stored = {
      profile: { name: "Old" },
      // "contact-form" is another spelling the renderer draws and the editor has no form for.
      links: [{ type: "simple", title: "Old link" }, { type: "contact-form", title: "Write me" }],
      advanced: { favicon: "https://ada.example/f.png", pageTitle: "Old title" },
      settings: { adultMode: true, deepLinkBehavior: "aggressive" },
      googleTags: { id: "G-1" },
      hideBranding: true,
    };
    const edited = semanticToData(parseSemantic({ profile: { name: "New" }, links: [{ title: "New link", url: "https://n.example" }] }).model, "simple-stack-v2");
    const merged = mergeEditedData(stored, edited);
    assert.equal((merged.profile as { name: string }).name, "New");
    assert.deepEqual((merged.links as Array<{ title: string }>).map((l) => l.title), ["New link", "Write me"]);
    assert.equal((merged.advanced as Record<string, unknown>).favicon, "https://ada.example/f.png");
    assert.equal((merged.advanced as Record<string, unknown>).pageTitle, undefined, "a cleared SEO title is cleared");
    assert.equal(mergeEditedData({ advanced: { ogImage: "https://ada.example/s.png" } }, edited).advanced && (mergeEditedData({ advanced: { ogImage: "https://ada.example/s.png" } }, edited).advanced as Record<string, unknown>).ogImage, undefined, "a removed sharing picture is removed");
    assert.deepEqual(merged.settings, { adultMode: true, deepLinkBehavior: "conservative" });
    assert.deepEqual(merged.googleTags, { id: "G-1" });
    assert.equal(merged.hideBranding, true);
  });
});

describe("qrSvg", () => {
  test("an SVG of square modules with a quiet zone; only checked colours reach the markup", () => {
    const svg = qrSvg("https://hop.example/ada", { fg: "#112233", bg: "white", ecc: "H" });
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    assert.match(svg, /fill="#112233"/);
    assert.match(svg, /<rect width="\d+" height="\d+" fill="white"\/>/);
    const size = Number(svg.match(/viewBox="0 0 (\d+)/)![1]);
    assert.ok(size >= 21 + 8, "version 1 or more plus 4 modules of quiet zone each side");
    const hostile = qrSvg("x", { fg: '"/><script>alert(1)</script>' });
    assert.doesNotMatch(hostile, /script/);
    assert.match(hostile, /fill="#000000"/);
    assert.notEqual(qrSvg("a"), qrSvg("b"));
  });
});
