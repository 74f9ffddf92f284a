import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { agent, PRIMARY, postForm, visit } from "../helpers/visit";

// Contact-collection blocks: the page renders a form that posts to /__hop/contact on its own host
// (no JavaScript); a valid submission is stored and listed by GET /v1/websites/{id}/contacts; the
// rows go when the page is deleted. The server runs behind a trusted proxy (TRUST_PROXY=true, one
// hop): a visitor's address is the last X-Forwarded-For entry, an IPv6 one counted by its /64. One
// address may send 5 submissions per page an hour; the page stores at most
// CONTACTS_PER_PAGE_PER_HOUR (150 here, 1,000 by default) from all addresses together.

const SYSTEM = "bio.contacts.test";

describe("website contact collection", () => {
  let server: HopServer;
  let account: TestAccount;
  before(async () => {
    server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM, TRUST_PROXY: "true", CONTACTS_PER_PAGE_PER_HOUR: "150" } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const publish = async (slug: string, block: Record<string, unknown> = {}) => {
    const res = await api(server, "POST", "/v1/websites", {
      key: account.key,
      body: { websiteId: slug, templateId: "bonbon-card", customSlug: slug, data: { profile: { name: "Collector" }, links: [{ type: "simple", title: "Site", url: "https://example.com" }, { type: "contact", id: "join", title: "Join the list", fields: ["name", "email", "message"], ...block }] } },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const contacts = (id: string) => api(server, "GET", `/v1/websites/${id}/contacts`, { key: account.key });
  const submit = (fields: Record<string, string>, host = PRIMARY, userAgent?: string, forwardedFor?: string) =>
    postForm(server, host, "/__hop/contact", fields, { userAgent, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });

  test("the page shows the form and allows it to post to its own host", async () => {
    const id = await publish("form-page");
    const page = await visit(server, PRIMARY, `/${id}`);
    assert.match(page.body, /<form class="contact" id="join" method="post" action="\/__hop\/contact">/);
    assert.match(String(page.headers["content-security-policy"]), /form-action 'self'/);
    const plain = await api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "x", templateId: "bonbon-card", customSlug: "no-form", data: { profile: { name: "x" } } } });
    assert.match(String((await visit(server, PRIMARY, `/${plain.body.id}`)).headers["content-security-policy"]), /form-action 'none'/);
  });

  test("a submission is stored, listed newest first, and the visitor lands back on the page with a thank-you", async () => {
    const id = await publish("stored-page", { successMessage: "Welcome aboard!" });
    const sent = await submit({ page: id, block: "join", name: " Ada ", email: "ada@example.com", message: "Hello <b>there</b>" });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.location, `/${id}?contact=sent#join`);
    const back = await visit(server, PRIMARY, sent.headers.location!.replace(/#.*/, ""));
    assert.ok(back.body.includes("Welcome aboard!"));
    await submit({ page: id, block: "join", email: "grace@example.com", phone: "+1 555 0100" });
    const list = await contacts(id);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.pagination.totalCount, 2);
    const [newest, oldest] = list.body.data;
    assert.equal(newest.email, "grace@example.com");
    assert.equal(newest.phone, null, "a field the block does not ask for is not kept");
    assert.deepEqual({ ...oldest, id: undefined, createdAt: undefined }, { id: undefined, createdAt: undefined, websiteId: id, blockId: "join", name: "Ada", email: "ada@example.com", phone: null, message: "Hello <b>there</b>" });
    assert.match(oldest.id, /^cnt_/);
    assert.equal((await api(server, "GET", `/v1/websites/${id}/contacts?limit=1&page=2`, { key: account.key })).body.data[0].email, "ada@example.com");
    assert.equal((await api(server, "GET", `/v1/websites/${id}/contacts?limit=500`, { key: account.key })).body.error.field, "limit");
  });

  test("a mistake goes back to the form; honeypots, bots, unknown forms and other hosts store nothing", async () => {
    const id = await publish("strict-page", { fields: ["email"] });
    for (const email of ["not-an-email", "", "a@b"]) {
      const res = await submit({ page: id, block: "join", email });
      assert.equal(res.status, 303, email);
      assert.equal(res.headers.location, `/${id}?contact=invalid#join`);
    }
    assert.equal((await submit({ page: id, block: "join", email: "bot@example.com", website: "http://spam.example" })).headers.location, `/${id}?contact=sent#join`);
    assert.equal((await submit({ page: id, block: "join", email: "bot@example.com" }, PRIMARY, agent({ category: "bot" }))).headers.location, `/${id}?contact=sent#join`);
    assert.equal((await submit({ page: id, block: "nope", email: "a@example.com" })).status, 404);
    assert.equal((await submit({ page: "no-such-page", block: "join", email: "a@example.com" })).status, 404);
    assert.equal((await submit({ page: id, block: "join", email: "a@example.com" }, SYSTEM)).status, 404, "a page's form answers on its own host only");
    assert.equal((await submit({ page: id, block: "join", email: "x@example.com", message: "m".repeat(20_000) })).status, 413);
    assert.equal((await contacts(id)).body.pagination.totalCount, 0);
  });

  test("a visitor may send five submissions per page an hour", async () => {
    const id = await publish("busy-page");
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await submit({ page: id, block: "join", email: `p${i}@example.com` })).status);
    assert.deepEqual(statuses, [303, 303, 303, 303, 303, 429]);
    assert.equal((await contacts(id)).body.pagination.totalCount, 5);
  });

  test("behind the proxy each visitor has its own limit: one address at its limit does not stop another", async () => {
    const id = await publish("proxied-page");
    const from = async (address: string, n: number) => {
      const statuses = [];
      for (let i = 0; i < n; i += 1) statuses.push((await submit({ page: id, block: "join", email: `${address}-${i}@example.com` }, PRIMARY, undefined, address)).status);
      return statuses;
    };
    assert.deepEqual(await from("203.0.113.7", 6), [303, 303, 303, 303, 303, 429]);
    assert.deepEqual(await from("203.0.113.8", 2), [303, 303], "another visitor behind the same proxy is not throttled");
    assert.deepEqual(await from("198.18.0.1, 203.0.113.7", 1), [429], "a forged first entry does not make a new visitor");
    assert.equal((await contacts(id)).body.pagination.totalCount, 7);
  });

  test("a new client-written entry per try, left of the proxy's private one, does not make a new visitor", async () => {
    const id = await publish("rotating-page");
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await submit({ page: id, block: "join", email: `r${i}@example.com` }, PRIMARY, undefined, `198.18.${i}.1, 10.0.0.5`)).status);
    assert.deepEqual(statuses, [303, 303, 303, 303, 303, 429, 429, 429]);
    const v6 = [];
    for (let i = 0; i < 6; i += 1) v6.push((await submit({ page: id, block: "join", email: `v${i}@example.com` }, PRIMARY, undefined, `2001:db8:99:1::${i + 1}`)).status);
    assert.deepEqual(v6, [303, 303, 303, 303, 303, 429], "IPv6 addresses of one /64 are one source");
  });

  test("sources at their own cap do not close the form for others; the page-wide cap is far above one source's", async () => {
    const id = await publish("popular-page", { fields: ["email"] });
    const send = async (from: number, to: number) => {
      const statuses: number[] = [];
      for (let i = from; i < to; i += 1) statuses.push((await submit({ page: id, block: "join", email: `fan${i}@example.com` }, PRIMARY, undefined, `198.51.100.${Math.floor(i / 5) + 1}`)).status);
      return statuses;
    };
    assert.deepEqual(await send(0, 105), Array(105).fill(303), "21 sources at their cap of 5: a new visitor still gets through");
    assert.deepEqual(await send(105, 151), [...Array(45).fill(303), 429], "the page-wide cap (150 here) still holds");
    assert.equal((await contacts(id)).body.pagination.totalCount, 150);
  });

  test("contacts are deleted with the page: the address published again starts empty", async () => {
    const id = await publish("deleted-page");
    await submit({ page: id, block: "join", email: "keep@example.com" });
    assert.equal((await contacts(id)).body.pagination.totalCount, 1);
    assert.equal((await api(server, "DELETE", `/v1/links/${id}`, { key: account.key })).status, 200);
    assert.equal((await contacts(id)).status, 404);
    assert.equal((await submit({ page: id, block: "join", email: "late@example.com" })).status, 404, "the form of a deleted page stores nothing");
    assert.equal(await publish("deleted-page"), id);
    assert.deepEqual((await contacts(id)).body.data, []);
  });
});
