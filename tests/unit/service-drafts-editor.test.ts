import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { FULL_SEMANTIC } from "../helpers/semantic";
import { openTestDb } from "../helpers/test-db";

// The use cases the editor will call, on a real database: who may open a draft (the owner, an
// active admin or editor of the owner's team; anyone else 404), versioned saves (a stale version
// is a 409, never a silent overwrite), and publishing through the very createWebsite of
// POST /v1/websites (address rules, limits, errors), as the draft's owner.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

async function load() {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { addTeamMember } = await import("../../lib/accounts/add-team-member");
  const { setLimits } = await import("../../lib/accounts/set-plan");
  const { createDraft: create } = await import("../../lib/drafts/create-draft");
  const { parseDraftBody } = await import("../../lib/drafts/draft-input");
  const createDraft = (db: Parameters<typeof create>[0], accountId: string, body: unknown, now?: Date) => create(db, accountId, parseDraftBody(body), now);
  const { getDraftForEditor } = await import("../../lib/drafts/get-draft-for-editor");
  const { updateDraft } = await import("../../lib/drafts/update-draft");
  const { publishDraft } = await import("../../lib/drafts/publish-draft");
  const { semanticToData } = await import("../../lib/drafts/semantic-to-data");
  const { getWebsite } = await import("../../lib/websites/get-website");
  return { createAccount, addTeamMember, setLimits, createDraft, getDraftForEditor, updateDraft, publishDraft, semanticToData, getWebsite };
}

let counter = 0;
const email = (name: string) => `${name}-${++counter}@example.test`;
const code = (expected: string) => (error: { code?: string; body?: { field?: string } }) => error.code === expected;

test("open: the owner and an active admin or editor of the owner's team; anyone else gets 404", async () => {
  const u = await load();
  const owner = await u.createAccount(env.db, { email: email("owner"), plan: "growth" });
  const { data } = await u.createDraft(env.db, owner.id, { semantic: FULL_SEMANTIC });
  const loaded = await u.getDraftForEditor(env.db, owner.id, data.id);
  assert.equal(loaded.ownerId, owner.id);
  assert.equal(loaded.semantic.links![1].url, "https://ada.example/engine", "stored normalised");
  assert.ok(loaded.semantic.links!.every((block) => /^b-[a-z0-9]{8}$/.test(block.id!)), "every block got a stable id");
  assert.deepEqual(loaded.data, u.semanticToData(loaded.semantic, "simple-stack-v2"), "the preview's data is the mapping");
  assert.equal((loaded.semantic as Record<string, unknown>).templateId, undefined, "the design lives on the draft, not in the model");

  for (const [role, status] of [["admin", "active"], ["editor", "active"]] as const) {
    const member = await u.createAccount(env.db, { email: email(role), plan: "free" });
    await u.addTeamMember(env.db, owner.id, { memberId: member.id, role, status });
    assert.equal((await u.getDraftForEditor(env.db, member.id, data.id)).id, data.id, role);
  }
  const stranger = await u.createAccount(env.db, { email: email("stranger"), plan: "growth" });
  const viewer = await u.createAccount(env.db, { email: email("viewer"), plan: "growth" });
  await u.addTeamMember(env.db, owner.id, { memberId: viewer.id, role: "viewer", status: "active" });
  const pending = await u.createAccount(env.db, { email: email("pending"), plan: "growth" });
  await u.addTeamMember(env.db, owner.id, { memberId: pending.id, role: "editor", status: "pending" });
  for (const caller of [stranger, viewer, pending]) {
    await assert.rejects(u.getDraftForEditor(env.db, caller.id, data.id), code("draft_not_found"));
    await assert.rejects(u.updateDraft(env.db, caller.id, data.id, { version: 1, name: "x" }), code("draft_not_found"));
  }
  await assert.rejects(u.getDraftForEditor(env.db, owner.id, "drf_unknown"), code("draft_not_found"));
});

test("save: the version it was made from, or 409 draft_changed; saves are checked like the create", async () => {
  const u = await load();
  const owner = await u.createAccount(env.db, { email: email("saver"), plan: "growth" });
  const { data } = await u.createDraft(env.db, owner.id, { semantic: FULL_SEMANTIC });
  const opened = await u.getDraftForEditor(env.db, owner.id, data.id);
  const ids = opened.semantic.links!.map((b) => b.id);

  const edited = structuredClone(opened.semantic);
  edited.profile = { ...edited.profile, name: "Ada, Countess" };
  edited.links!.reverse();
  const saved = await u.updateDraft(env.db, owner.id, data.id, { version: 1, semantic: edited, templateId: "music-onyx" });
  assert.equal(saved.version, 2);
  assert.equal(saved.templateId, "music-onyx");
  const after = await u.getDraftForEditor(env.db, owner.id, data.id);
  assert.equal(after.semantic.profile?.name, "Ada, Countess");
  assert.deepEqual(after.semantic.links!.map((b) => b.id), [...ids].reverse(), "block ids survive a reorder");
  assert.equal(after.name, "Ada Lovelace", "the name changes only when sent");

  // A second tab still on version 1.
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 1, name: "Tab two" }), (error: { code?: string; status?: number; extras?: Record<string, unknown> }) => {
    assert.equal(error.code, "draft_changed");
    assert.equal(error.status, 409);
    assert.deepEqual(error.extras, { currentVersion: 2 });
    return true;
  });
  assert.equal((await u.getDraftForEditor(env.db, owner.id, data.id)).name, "Ada Lovelace", "nothing overwritten");

  const field = (expected: string) => (error: { status?: number; body?: { error?: string; field?: string } }) =>
    error.status === 400 && error.body?.error === "Bad Request" && error.body.field === expected;
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { semantic: {} }), field("version"));
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 2, templateId: "folio-card" }), field("templateId"));
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 2, semantic: { links: [{ url: "javascript:x" }] } }), field("semantic.links[0].url"));
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 2, name: "n".repeat(121) }), field("name"));
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 2, semantic: { profile: { name: "a\u0000b" } } }), field("semantic.profile.name"));
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 2, semantic: { links: [{ title: "x\ud800" }] } }), field("semantic.links[0].title"));
  assert.equal((await u.updateDraft(env.db, owner.id, data.id, { version: 2, name: null })).name, "Ada, Countess", "no name: the profile name");
});

test("publish: the very createWebsite of POST /v1/websites, with the mapped data, as the draft's owner", async () => {
  const u = await load();
  const owner = await u.createAccount(env.db, { email: email("publisher"), plan: "growth" });
  const { data } = await u.createDraft(env.db, owner.id, { templateId: "spotlight-card-v2", semantic: FULL_SEMANTIC });
  const draft = await u.getDraftForEditor(env.db, owner.id, data.id);
  const slug = `ada-${Date.now().toString(36)}`;

  await assert.rejects(u.publishDraft(env.db, owner.id, data.id, { version: 1, customSlug: "ab" }), code("INVALID_SLUG"));
  await assert.rejects(u.publishDraft(env.db, owner.id, data.id, { version: 1, customDomain: "not-mine.example" }), (e: { toBody: () => Record<string, unknown> }) => e.toBody().code === "DOMAIN_NOT_FOUND");
  await assert.rejects(u.publishDraft(env.db, owner.id, data.id, { version: 7, customSlug: slug }), code("draft_changed"));
  assert.equal((await env.db.draft.findUniqueOrThrow({ where: { id: data.id } })).version, 1, "a refused publish gives its version back");

  const published = await u.publishDraft(env.db, owner.id, data.id, { version: 1, customSlug: slug });
  assert.equal(published.id, slug);
  assert.equal(published.isActive, true);
  assert.equal(published.version, 2);
  const website = (await u.getWebsite(env.db, owner.id, slug)).data;
  assert.equal(website.templateId, "spotlight-card-v2");
  assert.deepEqual(website.data, draft.data, "what the preview drew is what was published");
  const row = await env.db.link.findUniqueOrThrow({ where: { publicId: slug } });
  assert.equal(row.behavior, "aggressive", "the model's deepLinkBehavior, as POST /v1/websites reads it");
  assert.equal((await env.db.draft.findUniqueOrThrow({ where: { id: data.id } })).publishedLinkId, row.id);
  await assert.rejects(u.publishDraft(env.db, owner.id, data.id, { version: 2, customSlug: `${slug}-2` }), code("draft_already_published"));

  const other = await u.createDraft(env.db, owner.id, { semantic: { profile: { name: "Same slug" } } });
  await assert.rejects(u.publishDraft(env.db, owner.id, other.data.id, { version: 1, customSlug: slug }), (e: { body?: { error?: string } }) => e.body?.error === "Custom slug already taken");
  assert.equal((await env.db.draft.findUniqueOrThrow({ where: { id: other.data.id } })).version, 1);
});

test("publish by a team editor counts toward the owner's limits, and the limit errors are POST /v1/websites'", async () => {
  const u = await load();
  const owner = await u.createAccount(env.db, { email: email("team-owner"), plan: "growth" });
  const editor = await u.createAccount(env.db, { email: email("team-editor"), plan: "free" });
  await u.addTeamMember(env.db, owner.id, { memberId: editor.id, role: "editor", status: "active" });
  await u.setLimits(env.db, owner.id, { total: 1, active: 1 });
  const first = await u.createDraft(env.db, owner.id, { semantic: { profile: { name: "One" } } });
  const second = await u.createDraft(env.db, owner.id, { semantic: { profile: { name: "Two" } } });
  const created = await u.publishDraft(env.db, editor.id, first.data.id, { version: 1 });
  assert.match(created.url, /\/site\/[a-z0-9]{10}$/);
  assert.equal(await env.db.link.count({ where: { accountId: owner.id } }), 1);
  assert.equal(await env.db.link.count({ where: { accountId: editor.id } }), 0);
  await assert.rejects(u.publishDraft(env.db, editor.id, second.data.id, { version: 1 }), (error: { code?: string; extras?: Record<string, unknown> }) => {
    assert.equal(error.code, "TOTAL_LINK_LIMIT_REACHED");
    assert.deepEqual(error.extras, { currentUsed: 1, totalLimit: 1, plan: "growth" });
    return true;
  });
});
