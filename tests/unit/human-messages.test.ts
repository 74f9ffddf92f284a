import assert from "node:assert/strict";
import { test } from "node:test";
import { checkLinkForm } from "../../components/links/link-form-check";
import { initialState } from "../../components/links/link-form-model";
import { humanMessage, slugMessage } from "../../lib/dashboard/human-messages";
import { withHttpsScheme } from "../../lib/links/http-url";
import { slugProblem, slugVariant, suggestedSlug } from "../../lib/links/slug-rules";

// The dashboard's words for what the API answers (lib/dashboard/human-messages.ts), the slug rule
// broken into the rule a slug breaks, and the link form's own check before it sends anything.

test("slug rules: which one a slug breaks, a variant to try, and a random slug that passes them", () => {
  assert.deepEqual(["ab", "x".repeat(51), "spring sale", "docs", "Docs", "spring-sale"].map((slug) => slugProblem(slug)), ["short", "long", "characters", "reserved", "reserved", null]);
  assert.deepEqual(["blog", "sale-1", "sale-99", "x".repeat(50)].map(slugVariant), ["blog-1", "sale-2", "sale-100", `${"x".repeat(47)}-1`]);
  for (let i = 0; i < 200; i += 1) assert.equal(slugProblem(suggestedSlug()), null);
  assert.notEqual(suggestedSlug(), suggestedSlug());
});

test("an address typed without a scheme gets https://; anything else stays as typed", () => {
  assert.equal(withHttpsScheme("example.com/gift"), "https://example.com/gift");
  assert.equal(withHttpsScheme("  shop.example.co.uk?x=1 "), "https://shop.example.co.uk?x=1");
  assert.equal(withHttpsScheme("example.com:8080/x"), "https://example.com:8080/x");
  for (const kept of ["http://example.com", "mailto:a@example.com", "ftp://example.com", "/relative", "not a url", "", "localhost"]) assert.equal(withHttpsScheme(kept), kept);
});

test("the API's codes, plain strings and zod wording become sentences about the field", () => {
  assert.equal(humanMessage({ message: "Custom slug or domain already taken" }, { slug: "blog", domain: "hop.test" }), "hop.test/blog is taken. Try blog-1, or press Shuffle.");
  assert.equal(humanMessage({ message: "Missing custom slug" }, { domain: "hop.test" }), "A link on hop.test needs a slug. Type one, or press Shuffle for a random one.");
  assert.equal(humanMessage({ code: "INVALID_SLUG", field: "slug", message: "Slugs are 3 to 50 …" }, { slug: "docs" }), "docs is reserved for Hop's own pages. Try docs-1.");
  assert.equal(humanMessage({ code: "value_too_long", field: "title", message: "Too big: expected string to have <=500 characters" }, { label: "The title" }), "The title can be at most 500 characters.");
  assert.equal(humanMessage({ code: "INVALID_DESTINATION_URL", field: "url", message: "url must be an absolute http(s) URL." }, { label: "The destination" }), "The destination must be a full web address, like https://example.com/page.");
  assert.equal(
    humanMessage({ code: "BLOCKED_BOUNCY_DESTINATION", field: "url", message: "bit.ly cannot be a destination on the primary domain; use a system or custom domain." }),
    "bit.ly only forwards visitors elsewhere, so it can't be a destination on this domain. Use the address it forwards to, or pick another domain.",
  );
  assert.equal(humanMessage({ code: "invalid_request", field: "geoRules[1].countries", message: "geoRules[1].countries: unknown country 'Atlantis'" }), "Geo rule 2, countries: unknown country 'Atlantis'");
  assert.equal(humanMessage({ code: "something_new", message: "As the API said." }), "As the API said.");
  assert.equal(slugMessage(""), "Type a slug, or press Shuffle for a random one.");
  assert.equal(slugMessage("spring sale"), "A slug may use letters, digits, - and _ only (no spaces).");
});

test("the link form's own check: every problem at once, in the form's order, in words", () => {
  const state = { ...initialState(null, "hop.test"), url: "example", slug: "links", title: "t".repeat(501) };
  state.geoRules = [{ key: 1, countries: [], presetId: "", cities: "", redirectUrl: "" }];
  assert.deepEqual(checkLinkForm(state, { editing: false, slugOptional: false }), [
    { field: "url", message: "The destination must be a full web address, like https://example.com/page." },
    { field: "title", message: "The title can be at most 500 characters." },
    { field: "slug", message: "links is reserved for Hop's own pages. Try links-1." },
    { field: "geoRules[0].countries", message: "Name countries, pick a geo preset, or list cities." },
    { field: "geoRules[0].redirectUrl", message: "The redirect URL is required." },
  ]);
  const fine = { ...initialState(null, "hop.test"), url: "https://example.com", slug: "" };
  assert.deepEqual(checkLinkForm(fine, { editing: false, slugOptional: true }), [], "a custom domain draws the slug itself");
  assert.deepEqual(checkLinkForm(fine, { editing: false, slugOptional: false }).map((e) => e.field), ["slug"]);
  assert.deepEqual(checkLinkForm({ ...fine, url: "" }, { editing: true, slugOptional: false }), [{ field: "url", message: "The destination is required." }]);
});

test("a URL past 8,192 characters or one that points back at the link: said in words, in the form and from the API", () => {
  const long = { ...initialState(null, "hop.test"), url: `https://example.com/${"a".repeat(8980)}`, slug: "" };
  assert.deepEqual(checkLinkForm(long, { editing: false, slugOptional: true }), [
    { field: "url", message: "The destination is too long: a web address here has at most 8,192 characters." },
  ]);
  const loop = humanMessage({ code: "INVALID_DESTINATION_URL", field: "expiredUrl", message: "expiredUrl points back at this link (a redirect loop)." }, { label: "The expired URL" });
  assert.equal(loop, "The expired URL is this link's own address, so visitors would go round in a loop. Use another address.");
  const tooLong = humanMessage({ code: "INVALID_DESTINATION_URL", field: "ios", message: "ios must be at most 8,192 characters long." }, { label: "The iOS URL" });
  assert.equal(tooLong, "The iOS URL is too long: a web address here has at most 8,192 characters.");
});
