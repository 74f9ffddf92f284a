import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openTestDb } from "../helpers/test-db";

// A row deleted between a request's lookup and its write makes Prisma throw P2025. That is the
// client's race, not our failure: the API answers 404 with the resource's not-found code.
let env: Awaited<ReturnType<typeof openTestDb>>;
before(async () => {
  env = await openTestDb();
});
after(() => env.close());

async function bodyOf(response: Response) {
  return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
}

test("a link deleted after its lookup: the update answers 404 link_not_found, not 500", async () => {
  const { createAccount } = await import("../../lib/accounts/create-account");
  const { createLink } = await import("../../lib/links/create-link");
  const { updateLink } = await import("../../lib/links/update-link");
  const { errorResponse } = await import("../../lib/api/respond");
  const account = await createAccount(env.db, { email: "gone@example.test", plan: "growth" });
  const link = await createLink(env.db, { id: account.id, plan: "growth", limitOverrides: null }, { url: "https://example.org", slug: "gone-soon" });
  await env.db.link.delete({ where: { id: link.id } });
  const failure = await updateLink(env.db, link, "growth", { title: "too late" }).catch((error: unknown) => error);
  assert.equal((failure as { code?: string }).code, "P2025", "the write really raced a delete");
  const { status, body } = await bodyOf(errorResponse(failure, "req-gone"));
  assert.equal(status, 404);
  assert.equal(body.error.code, "link_not_found");
});

test("other models name their own code; the generic not_found otherwise", async () => {
  const { errorResponse } = await import("../../lib/api/respond");
  const preset = await env.db.geoPreset.update({ where: { id: "geo_missing" }, data: { name: "x" } }).catch((error: unknown) => error);
  assert.deepEqual(await bodyOf(errorResponse(preset, "r1")).then((r) => [r.status, r.body.error.code]), [404, "geo_preset_not_found"]);
  const group = await env.db.group.delete({ where: { id: "grp_missing" } }).catch((error: unknown) => error);
  assert.deepEqual(await bodyOf(errorResponse(group, "r2")).then((r) => [r.status, r.body.error.code]), [404, "group_not_found"]);
  const contact = await env.db.contact.delete({ where: { id: "cnt_missing" } }).catch((error: unknown) => error);
  assert.deepEqual(await bodyOf(errorResponse(contact, "r3")).then((r) => [r.status, r.body.error.code]), [404, "not_found"]);
});
