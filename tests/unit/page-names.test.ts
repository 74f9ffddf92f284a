import assert from "node:assert/strict";
import { test } from "node:test";
import { GALLERY_SAMPLE, starterSemantic } from "../../lib/drafts/starter-page";
import { SemanticModel } from "../../lib/drafts/semantic";
import { slugFromName, slugProblem } from "../../lib/links/slug-rules";
import { CREATE_TEMPLATES, DRAFT_TEMPLATES, LEGACY_TEMPLATES, designName } from "../../lib/websites/designs";

// What a page made in the dashboard is called: the slug the publish dialog proposes from its name,
// the names designs are shown by, and the starter content every new page begins with.

test("the publish dialog's slug from a page's name: words joined by '-', accents dropped, always a valid slug or none", () => {
  assert.equal(slugFromName("Ada Lovelace"), "ada-lovelace");
  assert.equal(slugFromName("  Café Müller & Sons!  "), "cafe-muller-sons");
  assert.equal(slugFromName("Jo's  -- page"), "jo-s-page");
  assert.equal(slugFromName("Docs"), "docs-1", "a reserved word gets the variant the dashboard offers");
  assert.equal(slugFromName("Al"), "", "too short: the generated address instead");
  assert.equal(slugFromName("🌸🌸"), "");
  const long = slugFromName("word ".repeat(30));
  assert.ok(long.length <= 50 && !long.endsWith("-"), long);
  for (const name of ["Ada Lovelace", "x".repeat(80), "a-b c_d", "Ünïcödé ñame", "Admin", "API"]) {
    const slug = slugFromName(name);
    assert.ok(slug === "" || slugProblem(slug) === null, `${name} → ${slug}`);
  }
});

test("every design has a name people read, not its id", () => {
  for (const id of [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES]) {
    const name = designName(id);
    assert.doesNotMatch(name, /-v2|^[a-z]/, `${id} → ${name}`);
  }
  assert.equal(designName("simple-stack-v2"), "Simple Stack");
  assert.equal(designName("y2k-card"), "Y2K Card");
  assert.equal(new Set(DRAFT_TEMPLATES.map(designName)).size, DRAFT_TEMPLATES.length, "no two gallery designs share a name");
});

test("a new page's starter content passes the drafts' own schema and carries the name", () => {
  const model = starterSemantic("Jo Baker");
  assert.equal(SemanticModel.safeParse(model).success, true);
  assert.equal(model.profile?.name, "Jo Baker");
  assert.deepEqual(model.avatar, { type: "letter", value: "J" });
  assert.equal(SemanticModel.safeParse(GALLERY_SAMPLE).success, true, "the gallery's sample too");
});
