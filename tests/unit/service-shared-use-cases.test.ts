import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { linkRow, twoAccounts } from "../helpers/service-rows";
import { openTestDb } from "../helpers/test-db";

// The API and the dashboard over one use case each (issue 30): the links list reads its filters
// one way for both, the bulk bar's "move" is the API's group use case scoped to the owner, and
// the sign-up rule and the owner's plan each have one home.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

describe("links list: one reading of the filters", () => {
  test("a search with surrounding spaces finds the same links in the API's list and the dashboard's table", async () => {
    const { listLinks } = await import("../../lib/links/list-links");
    const { DashboardLinksQuery, listLinksPage } = await import("../../lib/links/list-links-page");
    const [owner, stranger] = await twoAccounts(env.db);
    await linkRow(env.db, owner.id, "spring-sale", { title: "Spring Sale" });
    await linkRow(env.db, owner.id, "autumn", { title: "Autumn" });
    await linkRow(env.db, stranger.id, "spring-other", { title: "Spring elsewhere" });
    const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();
    for (const search of ["spring", "  Spring  ", "\tSPRING\n"]) {
      const api = await listLinks(env.db, owner.id, { page: 1, limit: 50, search });
      const page = await listLinksPage(env.db, owner.id, DashboardLinksQuery.parse({ search }));
      assert.deepEqual(ids(api.data), ["spring-sale"], JSON.stringify(search));
      assert.deepEqual(ids(page.data), ids(api.data), JSON.stringify(search));
      assert.equal(page.pagination.totalCount, api.pagination.totalCount);
    }
    // Spaces alone are no search: every link of the account, in both.
    const api = await listLinks(env.db, owner.id, { page: 1, limit: 50, search: "   " });
    const page = await listLinksPage(env.db, owner.id, DashboardLinksQuery.parse({ search: "   " }));
    assert.deepEqual(ids(api.data), ["autumn", "spring-sale"]);
    assert.deepEqual(ids(page.data), ids(api.data));
  });
});

describe("bulk move to a group: the API's use case, one transaction, the owner's links only", () => {
  test("another account's group is 404 and nothing moves", async () => {
    const { runDashboardBulk } = await import("../../lib/links/dashboard-bulk");
    const { createGroup } = await import("../../lib/groups/groups");
    const [owner, stranger] = await twoAccounts(env.db);
    const theirs = await createGroup(env.db, stranger.id, { name: "Theirs" });
    await linkRow(env.db, owner.id, "mine-1");
    await linkRow(env.db, owner.id, "mine-2");
    await assert.rejects(
      runDashboardBulk(env.db, owner.id, owner.id, { action: "move", links: ["mine-1", "mine-2"], groupId: theirs.id }),
      (error: { code?: string; status?: number }) => error.code === "group_not_found" && error.status === 404,
    );
    const rows = await env.db.link.findMany({ where: { accountId: owner.id }, select: { groupId: true } });
    assert.deepEqual(rows.map((row) => row.groupId), [null, null]);
    assert.equal(await env.db.link.count({ where: { groupId: theirs.id } }), 0);
  });

  test("into the owner's group and out again; another account's link is not found and keeps its group", async () => {
    const { runDashboardBulk } = await import("../../lib/links/dashboard-bulk");
    const { createGroup } = await import("../../lib/groups/groups");
    const [owner, stranger] = await twoAccounts(env.db);
    const mine = await createGroup(env.db, owner.id, { name: "Mine" });
    const theirs = await createGroup(env.db, stranger.id, { name: "Theirs" });
    await linkRow(env.db, owner.id, "in-1");
    await linkRow(env.db, owner.id, "in-2");
    await linkRow(env.db, stranger.id, "foreign", { groupId: theirs.id });
    const moved = await runDashboardBulk(env.db, owner.id, owner.id, { action: "move", links: ["in-1", "foreign"], groupId: mine.id });
    assert.deepEqual(moved, { successful: ["in-1"], failed: [{ identifier: "foreign", error: "link_not_found" }], skipped: [] });
    const out = await runDashboardBulk(env.db, owner.id, owner.id, { action: "move", links: ["in-1", "in-2", "foreign"], groupId: null });
    assert.deepEqual(out, {
      successful: ["in-1"],
      failed: [{ identifier: "foreign", error: "link_not_found" }],
      skipped: [{ identifier: "in-2", reason: "not in a group" }],
    });
    assert.equal(await env.db.link.count({ where: { groupId: mine.id } }), 0);
    assert.equal((await env.db.link.findUniqueOrThrow({ where: { id: "lnk_foreign" } })).groupId, theirs.id);
  });
});

describe("the link form's save: one use case call, one transaction", () => {
  test("an edit naming another account's group changes nothing, the title included; the owner's group moves it with the rest", async () => {
    const { updateLinkFromForm } = await import("../../lib/links/save-link-form");
    const { createGroup } = await import("../../lib/groups/groups");
    const [owner, stranger] = await twoAccounts(env.db);
    const mine = await createGroup(env.db, owner.id, { name: "Mine" });
    const theirs = await createGroup(env.db, stranger.id, { name: "Theirs" });
    await linkRow(env.db, owner.id, "form-edit", { title: "Before" });
    await assert.rejects(
      updateLinkFromForm(env.db, owner.id, "form-edit", { title: "After", seo: { title: "After" }, groupId: theirs.id }),
      (error: { message?: string; status?: number }) => error.status === 400 && error.message === "The group does not exist in this account.",
    );
    const unchanged = await env.db.link.findUniqueOrThrow({ where: { id: "lnk_form-edit" } });
    assert.deepEqual([unchanged.title, unchanged.groupId, unchanged.seo], ["Before", null, null]);
    await updateLinkFromForm(env.db, owner.id, "form-edit", { title: "After", seo: { title: "After", image: "https://example.com/i.png" }, groupId: mine.id });
    const changed = await env.db.link.findUniqueOrThrow({ where: { id: "lnk_form-edit" } });
    assert.deepEqual([changed.title, changed.groupId, changed.seo], ["After", mine.id, { title: "After", image: "https://example.com/i.png" }]);
    // Another account's link: not found, as every dashboard use case answers it.
    await linkRow(env.db, stranger.id, "form-foreign");
    await assert.rejects(updateLinkFromForm(env.db, owner.id, "form-foreign", { title: "Mine now" }), (error: { status?: number }) => error.status === 404);
  });
});

describe("the sign-up rule: one use case for the route, the page and the sign-up itself", () => {
  test("closed: refused once an account exists, by the page's state, the route's check and signUp under its lock", async () => {
    const { assertSignUpOpen, signUp, signUpState } = await import("../../lib/accounts/sign-up");
    await twoAccounts(env.db);
    assert.deepEqual(await signUpState(env.db, "closed"), { open: false, first: false });
    assert.deepEqual(await signUpState(env.db, "open"), { open: true, first: false });
    await assert.rejects(assertSignUpOpen(env.db, "closed"), (error: { code?: string }) => error.code === "signup_closed");
    const person = { name: "Late", email: `late-${Math.random().toString(36).slice(2, 8)}@example.test`, password: "long enough" };
    await assert.rejects(signUp(env.db, person, { defaultPlan: "free", signup: "closed" }), (error: { code?: string }) => error.code === "signup_closed");
    assert.equal(await env.db.account.count({ where: { email: person.email } }), 0);
    assert.equal((await signUp(env.db, person, { defaultPlan: "free", signup: "open" })).plan, "free");
  });
});

describe("the owner's plan: one lookup", () => {
  test("the plan and the limits with the owner's overrides, inside a transaction too", async () => {
    const { ownerPlan } = await import("../../lib/accounts/account-plan");
    const [owner] = await twoAccounts(env.db);
    await env.db.account.update({ where: { id: owner.id }, data: { limitOverrides: { active: 3 } } });
    const plan = await ownerPlan(env.db, owner.id);
    assert.equal(plan.plan, "growth");
    assert.equal(plan.limits.activeLimit, 3);
    assert.equal(plan.limits.totalLimit, 1000);
    assert.deepEqual(await env.db.$transaction((tx) => ownerPlan(tx, owner.id)), plan);
  });
});
