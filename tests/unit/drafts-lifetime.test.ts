import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// The draft lifetime on a real database with a controlled clock (every use case takes `now`): an
// unopened draft answers 404 in every use case the moment it is older than 30 days, before any
// sweep; opening it in the editor keeps it; the sweep is one DELETE of exactly the expired rows.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

const DAY = 86_400_000;
const T0 = new Date("2026-01-01T12:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function useCases() {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createDraft: create } = await import("../../lib/drafts/create-draft");
  const { parseDraftBody } = await import("../../lib/drafts/draft-input");
  const createDraft = (db: Parameters<typeof create>[0], accountId: string, body: unknown, now?: Date) => create(db, accountId, parseDraftBody(body), now);
  const { getDraftForEditor } = await import("../../lib/drafts/get-draft-for-editor");
  const { updateDraft } = await import("../../lib/drafts/update-draft");
  const { publishDraft } = await import("../../lib/drafts/publish-draft");
  const { sweepExpiredDrafts } = await import("../../lib/drafts/lifetime");
  return { createAccount, createDraft, getDraftForEditor, updateDraft, publishDraft, sweepExpiredDrafts };
}

const isNotFound = (error: { code?: string; status?: number }) => error.code === "draft_not_found" && error.status === 404;

test("an unopened draft lives 30 days, then answers 404 in every use case at once; the sweep deletes it", async () => {
  const u = await useCases();
  const owner = await u.createAccount(env.db, { email: "expiry@example.test", plan: "growth" });
  const { data } = await u.createDraft(env.db, owner.id, { semantic: { profile: { name: "Soon gone" } } }, T0);
  const stored = await env.db.draft.findUniqueOrThrow({ where: { id: data.id } });
  assert.equal(stored.createdAt.toISOString(), T0.toISOString());
  assert.equal(stored.openedAt, null);

  const lastMoment = at(30 * DAY - 1);
  assert.equal(await u.sweepExpiredDrafts(env.db, lastMoment), 0, "not yet expired");
  await u.updateDraft(env.db, owner.id, data.id, { version: 1, name: "Still here" }, lastMoment);
  assert.equal((await env.db.draft.findUniqueOrThrow({ where: { id: data.id } })).openedAt, null, "a save is not an open");

  const expired = at(30 * DAY);
  await assert.rejects(u.getDraftForEditor(env.db, owner.id, data.id, expired), isNotFound);
  await assert.rejects(u.updateDraft(env.db, owner.id, data.id, { version: 2, name: "Too late" }, expired), isNotFound);
  await assert.rejects(u.publishDraft(env.db, owner.id, data.id, { version: 2 }, expired), isNotFound);
  const row = await env.db.draft.findUniqueOrThrow({ where: { id: data.id } });
  assert.equal(row.openedAt, null, "the refused open did not revive it");
  assert.equal(row.name, "Still here");
  assert.equal(await env.db.link.count({ where: { accountId: owner.id } }), 0);

  assert.equal(await u.sweepExpiredDrafts(env.db, expired), 1);
  assert.equal(await env.db.draft.count({ where: { id: data.id } }), 0);
  assert.equal(await u.sweepExpiredDrafts(env.db, expired), 0, "a second sweep (another instance) finds nothing");
});

test("the first load in the editor marks the draft opened; an opened draft is kept past 30 days", async () => {
  const u = await useCases();
  const owner = await u.createAccount(env.db, { email: "opened@example.test", plan: "growth" });
  const { data } = await u.createDraft(env.db, owner.id, { semantic: { profile: { name: "Kept" } } }, T0);
  const firstOpen = at(29 * DAY);
  const loaded = await u.getDraftForEditor(env.db, owner.id, data.id, firstOpen);
  assert.equal(loaded.openedAt?.toISOString(), firstOpen.toISOString());
  assert.equal(loaded.version, 1);
  assert.equal(loaded.editorUrl, data.editorUrl);
  const again = await u.getDraftForEditor(env.db, owner.id, data.id, at(31 * DAY));
  assert.equal(again.openedAt?.toISOString(), firstOpen.toISOString(), "the first open is kept");

  const yearLater = at(400 * DAY);
  assert.equal(await u.sweepExpiredDrafts(env.db, yearLater), 0);
  assert.equal((await u.getDraftForEditor(env.db, owner.id, data.id, yearLater)).name, "Kept");
});

test("the sweep deletes exactly the unopened drafts older than 30 days, across accounts", async () => {
  const u = await useCases();
  const a = await u.createAccount(env.db, { email: "sweep-a@example.test", plan: "growth" });
  const b = await u.createAccount(env.db, { email: "sweep-b@example.test", plan: "scaling" });
  const make = async (accountId: string, createdAt: Date) => (await u.createDraft(env.db, accountId, { semantic: {} }, createdAt)).data.id;
  const now = at(100 * DAY);
  const oldA = await make(a.id, at(10 * DAY));
  const oldB = await make(b.id, at(69 * DAY));
  const youngB = await make(b.id, at(71 * DAY));
  const openedA = await make(a.id, at(1 * DAY));
  await u.getDraftForEditor(env.db, a.id, openedA, at(2 * DAY));
  const before = await env.db.draft.count();
  assert.equal(await u.sweepExpiredDrafts(env.db, now), 2);
  const left = (await env.db.draft.findMany({ where: { id: { in: [oldA, oldB, youngB, openedA] } }, select: { id: true } })).map((d) => d.id);
  assert.deepEqual(left.sort(), [youngB, openedA].sort());
  assert.equal(await env.db.draft.count(), before - 2);
});
