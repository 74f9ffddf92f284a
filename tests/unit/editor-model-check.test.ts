import assert from "node:assert/strict";
import { test } from "node:test";
import { savableModel } from "../../components/editor/model-check";
import { SemanticModel } from "../../lib/drafts/semantic";

// The editor saves what the drafts' schema accepts and keeps the rest, marked: one bad field never
// blocks the page (issue 32). What it sends must always pass the server's own schema.

const page = {
  profile: { name: "Ada" },
  links: [
    { id: "gift", type: "simple" as const, title: "Gift", url: "example.com/gift" },
    { id: "bad", type: "simple" as const, title: "Bad", url: "javascript:alert(1)" },
    { id: "mail", type: "simple" as const, title: "Mail", url: "mailto:ada@example.com" },
    { id: "colour", type: "simple" as const, title: "Colour", url: "https://example.com/c", colors: { background: "not a colour" } },
  ],
  socials: [
    { platform: "instagram", handle: "ada" },
    { platform: "x", handle: "" },
    { platform: "github", handle: "has spaces <b>" },
  ],
  avatar: { type: "image" as const, value: "http://insecure.example/a.png" },
};

test("an address without a scheme gets https://; a refused one is left out of the save and marked on its block", () => {
  const { model, problems } = savableModel(page);
  const byId = Object.fromEntries((model.links ?? []).map((block) => [block.id, block]));
  assert.equal(byId.gift.url, "https://example.com/gift");
  assert.equal(byId.bad.url, undefined, "the bad address is not sent");
  assert.equal(byId.bad.title, "Bad", "the rest of that block is");
  assert.equal(byId.mail.url, "mailto:ada@example.com");
  assert.equal(byId.colour.colors?.background, undefined);
  assert.equal(byId.colour.url, "https://example.com/c");
  assert.match(problems["block:bad:url"], /^Enter a full address, like https:\/\/example\.com\/page/);
  assert.ok(problems["block:colour:colors.background"], JSON.stringify(problems));
  assert.equal(problems["block:gift:url"], undefined);
});

test("socials: a row still empty is left out quietly, a bad handle is marked; a bad avatar is marked and not sent", () => {
  const { model, problems } = savableModel(page);
  assert.deepEqual(model.socials?.map((s) => s.platform), ["instagram"]);
  assert.equal(problems["social:1:handle"], undefined, "an empty row is being filled in, not wrong");
  assert.match(problems["social:2:handle"], /handle/i);
  assert.equal(model.avatar, undefined);
  assert.match(problems["avatar:value"], /https/);
  assert.equal(model.profile?.name, "Ada");
});

test("whatever the editor holds, what it sends passes the server's schema, and no message names an internal path", () => {
  const messy = { ...page, profile: { name: "x".repeat(300), bio: "ok" }, theme: { page: { cardColor: "nope" } }, seo: { pageTitle: 42 } } as never;
  const { model, problems } = savableModel(messy);
  assert.equal(SemanticModel.safeParse(model).success, true);
  assert.equal(model.profile?.bio, "ok");
  assert.ok(problems["profile:name"]);
  for (const message of Object.values(problems)) assert.doesNotMatch(message, /semantic|links\[|\bat index\b/, message);
  assert.deepEqual(savableModel({ profile: { name: "Fine" } }), { model: { profile: { name: "Fine" } }, problems: {} });
});
