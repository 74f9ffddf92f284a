import assert from "node:assert/strict";
import { test } from "node:test";
import { buildChange, EMPTY_EDIT, type BulkEditState } from "../../components/links/bulk-edit-model";

// The "Edit in bulk" form's state → the API's change: only what was chosen is sent, and what
// can't be sent is named at its field.

const NOW = new Date("2026-06-01T12:00:00Z");
const edit = (patch: Partial<BulkEditState>) => buildChange({ ...EMPTY_EDIT, ...patch }, NOW);

test("an untouched form asks for a choice instead of sending an empty change", () => {
  assert.deepEqual(edit({}), { ok: false, field: "change", message: "Choose at least one thing to change." });
});

test("each chosen part becomes the API's member; the rest is left out", () => {
  assert.deepEqual(edit({ tags: "replace", tagList: " spring, sale ,spring,, " }), { ok: true, change: { tags: ["spring", "sale"] } });
  assert.deepEqual(edit({ tags: "clear", group: "none", status: "paused" }), { ok: true, change: { tags: [], groupId: null, isActive: false } });
  assert.deepEqual(edit({ group: "grp_1", status: "active", expiry: "clear" }), { ok: true, change: { groupId: "grp_1", isActive: true, expiresAt: null } });
  assert.deepEqual(edit({ utm: { ...EMPTY_EDIT.utm, source: " mail ", campaign: "spring" } }), { ok: true, change: { utm: { source: "mail", campaign: "spring" } } });
});

test("a host pasted as an address is its host; a prefix is kept as typed", () => {
  assert.deepEqual(edit({ rewrite: "host", from: "https://Old-Shop.example/x", to: "Shop.example" }), { ok: true, change: { replaceHost: { from: "old-shop.example", to: "shop.example" } } });
  assert.deepEqual(edit({ rewrite: "prefix", from: "https://a.example/Sale/", to: "" }), { ok: true, change: { replacePrefix: { from: "https://a.example/Sale/", to: "" } } });
});

test("what is missing or wrong is named at its field", () => {
  assert.deepEqual(edit({ tags: "replace", tagList: " , " }), { ok: false, field: "tagList", message: "Type at least one tag, or choose Remove every tag." });
  assert.equal((edit({ rewrite: "host", from: "a.example" }) as { field: string }).field, "to");
  assert.equal((edit({ rewrite: "prefix", to: "https://b.example/" }) as { field: string }).field, "from");
  assert.deepEqual(edit({ expiry: "set", expiresAt: "" }), { ok: false, field: "expiresAt", message: "Pick a date and a time for the expiry." });
  assert.deepEqual(edit({ expiry: "set", expiresAt: "2026-05-01T10:00" }), { ok: false, field: "expiresAt", message: "The expiry must be a moment in the future." });
  const later = edit({ expiry: "set", expiresAt: "2026-07-01T10:00" });
  assert.ok(later.ok && later.change.expiresAt === new Date("2026-07-01T10:00").toISOString());
});
