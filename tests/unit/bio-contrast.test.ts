import assert from "node:assert/strict";
import { test } from "node:test";
import { contrast, contrastProblems, nearestPassing, stopsOf } from "../../lib/bio/contrast";
import { DESIGNS } from "../../lib/bio/designs";
import { keptContrastProblems, pageColours, pageCss } from "../../lib/bio/style";

// Issue 36: every design's own colours pass WCAG AA (4.5:1) — the text and the secondary text on
// what they sit on, button text on the buttons —, and a pair of the owner's colours that fails is
// drawn with the nearest colour that passes unless the owner keeps it.

const ground = (name: string) => {
  const d = DESIGNS[name];
  return d.layout === "card" || d.layout === "print" ? { on: [d.surface], base: stopsOf(d.bg) } : { on: stopsOf(d.bg), base: undefined };
};

test("every design's own text, secondary text and button text pass 4.5:1", () => {
  for (const [name, design] of Object.entries(DESIGNS)) {
    const { on, base } = ground(name);
    const palette = { background: design.bg, surface: design.surface, text: design.text, accent: design.accent, accentText: design.accentText };
    assert.deepEqual(contrastProblems(design, palette), [], name);
    assert.ok((contrast(design.muted, on, base) ?? 0) >= 4.5, `${name}: muted ${design.muted} ${contrast(design.muted, on, base)}`);
    // The letter avatar and the spotlight banner draw the accent text on the accent whatever the button style.
    assert.ok((contrast(design.accentText, [design.accent]) ?? 0) >= 4.5, `${name}: accent text ${contrast(design.accentText, [design.accent])}`);
  }
});

test("contrast: the WCAG figures for known pairs", () => {
  assert.equal(contrast("#000000", ["#ffffff"]), 21);
  assert.equal(contrast("#777777", ["#ffffff"]), 4.48);
  assert.equal(contrast("#ffffff", ["#4f46e5"]), 6.29);
  assert.equal(contrast("#ffffff", ["#ffffff00"], ["#000000"]), 21, "a transparent card shows the page under it");
  assert.equal(contrast("nope", ["#fff"]), null);
});

test("nearestPassing moves the least toward black or white and passes", () => {
  const fixed = nearestPassing("#777777", ["#ffffff"]);
  assert.ok((contrast(fixed, ["#ffffff"]) ?? 0) >= 4.5);
  assert.equal(fixed, "#767676");
  const onDark = nearestPassing("#444444", ["#111827"]);
  assert.ok((contrast(onDark, ["#111827"]) ?? 0) >= 4.5, onDark);
  assert.ok(parseInt(onDark.slice(1, 3), 16) > 0x44, "lightened on a dark ground");
});

test("the owner's failing pair is drawn with the suggestion, unless kept; kept pairs are reported", () => {
  const design = DESIGNS["simple-stack"];
  const data = { theme: { background: { type: "solid", solid: "#ffffff" }, page: { textColor: "#bbbbbb", buttonColor: "#27272a", buttonTextColor: "#333333" } } };
  const fixed = pageColours(design, data);
  assert.ok((contrast(fixed.text, ["#ffffff"]) ?? 0) >= 4.5, fixed.text);
  assert.ok((contrast(fixed.accentText, ["#27272a"]) ?? 0) >= 4.5, fixed.accentText);
  assert.match(pageCss(design, data, { buttonStyles: new Set(), animations: new Set(), contact: false, embeds: false, gate: false, spotlight: false, buttonColours: [] }), new RegExp(`--t:${fixed.text}`));
  assert.deepEqual(keptContrastProblems(design, data), [], "nothing kept: nothing to warn of");
  const kept = { theme: { ...data.theme, page: { ...data.theme.page, keepLowContrast: true } } };
  assert.equal(pageColours(design, kept).text, "#bbbbbb");
  assert.deepEqual(keptContrastProblems(design, kept).map((p) => p.pair), ["text", "buttonText"]);
});

test("a grid design spans the last tile of an odd run across the row; other layouts get no such class", async () => {
  const { renderWebsitePage } = await import("../../lib/bio/render-page");
  const tile = (title: string) => ({ type: "simple", title, url: `https://example.com/${title}` });
  const data = { profile: { name: "Grid" }, links: [tile("a"), tile("b"), tile("c"), { type: "header", title: "More" }, tile("d"), tile("e"), { type: "text", text: "bye" }, tile("f")] };
  const html = (templateId: string) => renderWebsitePage({ publicId: "p", url: "https://x.example/p", templateId, data, nonce: "bm9uY2Vub25jZQ==", brandingUrl: "https://hop.example", adultConfirmed: true });
  const wide = [...html("bento-grid").matchAll(/<a class="btn( wide)?[^>]*>([a-f])</g)].filter((m) => m[1]).map((m) => m[2]);
  assert.deepEqual(wide, ["c", "f"], "c ends a run of three, f a run of one; d and e fill a row");
  assert.doesNotMatch(html("simple-stack-v2"), /btn wide/);
});
