import assert from "node:assert/strict";
import { brotliDecompressSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { api, createAccount, TEST_CLOCK, type TestAccount } from "../helpers/api";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, postForm, visit, visitBytes } from "../helpers/visit";

// Scheduled blocks on a live page, at their edges, with the server's clock set through the
// loopback admin endpoint (HOP_TEST_CLOCK=on): the kept page changes at each edge with no publish,
// compressed or not; `?hop_go` and the contact form follow the window.

const START = "2030-06-01T09:00:00.000Z";
const END = "2030-06-03T18:00:00.000Z";
const at = (iso: string, deltaMs = 0) => new Date(Date.parse(iso) + deltaMs).toISOString();

describe("scheduled blocks on the live page", () => {
  let server: HopServer;
  let account: TestAccount;
  let id: string;
  before(async () => {
    server = await startServer({ env: TEST_CLOCK });
    account = await createAccount(server);
    const res = await api(server, "POST", "/v1/websites", {
      key: account.key,
      body: {
        websiteId: "sched",
        templateId: "bonbon-card",
        customSlug: "sched",
        data: {
          profile: { name: "Shop" },
          links: [
            { title: "Shop", url: "https://example.com/shop" },
            { id: "sale", title: "Summer sale", url: "https://example.com/sale", schedule: { start: "2030-06-01T11:00:00+02:00", end: END } },
            { type: "contact", id: "waitlist", title: "Autumn waitlist", fields: ["email"], schedule: { start: END } },
          ],
        },
      },
    });
    assert.equal(res.status, 201, res.text);
    id = res.body.id;
  });
  after(() => server.stop());

  // The clock runs on from the time set: "just before an edge" leaves the requests a few seconds.
  const clock = (iso: string) => admin(server, "test-clock", iso);
  const page = async () => (await visit(server, PRIMARY, `/${id}`)).body;
  const pageBr = async () => brotliDecompressSync((await visitBytes(server, PRIMARY, `/${id}`, { "accept-encoding": "br" })).body).toString();

  test("the schedule is stored in UTC and read back as sent", async () => {
    const got = await api(server, "GET", `/v1/websites/${id}`, { key: account.key });
    assert.equal(got.status, 200, got.text);
    assert.deepEqual(got.body.data.data.links[1].schedule, { start: START, end: END });
  });

  test("before the start, at it, before the end and at it: the page changes with no publish", async () => {
    await clock(at(START, -5000));
    assert.doesNotMatch(await page(), /Summer sale/);
    assert.doesNotMatch(await pageBr(), /Summer sale/);
    await clock(START);
    const during = await page();
    assert.match(during, /Summer sale/);
    assert.match(await pageBr(), /Summer sale/, "the compressed kept page changes too");
    assert.doesNotMatch(during, /Autumn waitlist/);
    await clock(at(END, -5000));
    assert.match(await page(), /Summer sale/);
    await clock(END);
    const later = await page();
    assert.doesNotMatch(later, /Summer sale/);
    assert.match(later, /Autumn waitlist/);
    assert.doesNotMatch(await pageBr(), /Summer sale/);
  });

  test("?hop_go reaches a scheduled button only in its window", async () => {
    await clock(at(START, 60_000));
    const inside = await visit(server, PRIMARY, `/${id}?hop_go=1`, { userAgent: "curl/8.0" });
    assert.equal(inside.status, 302);
    assert.equal(inside.headers.location, "https://example.com/sale");
    await clock(at(START, -60_000));
    const outside = await visit(server, PRIMARY, `/${id}?hop_go=1`, { userAgent: "curl/8.0" });
    assert.equal(outside.status, 302);
    assert.equal(outside.headers.location, `/${id}`, "back to the page");
  });

  test("a scheduled form takes posts only in its window", async () => {
    await clock(at(END, -5000));
    assert.equal((await postForm(server, PRIMARY, "/__hop/contact", { page: id, block: "waitlist", email: "early@example.com" })).status, 404);
    await clock(END);
    const sent = await postForm(server, PRIMARY, "/__hop/contact", { page: id, block: "waitlist", email: "ontime@example.com" });
    assert.equal(sent.status, 303);
    const list = await api(server, "GET", `/v1/websites/${id}/contacts`, { key: account.key });
    assert.deepEqual(list.body.data.map((c: { email: string }) => c.email), ["ontime@example.com"]);
  });

  test("a schedule that ends before it starts, or has no offset, is a 400 naming the member", async () => {
    const bad = async (schedule: unknown) =>
      api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "bad", templateId: "bonbon-card", data: { links: [{ title: "x", url: "https://example.com", schedule }] } } });
    const backwards = await bad({ start: END, end: START });
    assert.equal(backwards.status, 400, backwards.text);
    assert.equal(backwards.body.error.field, "data.links[0].schedule.end");
    const local = await bad({ start: "2030-06-01T09:00" });
    assert.equal(local.status, 400, local.text);
    assert.equal(local.body.error.field, "data.links[0].schedule.start");
  });
});
