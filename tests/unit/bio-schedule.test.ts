import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { blockDestination, trackedButton } from "../../lib/bio/blocks";
import { contactBlockById } from "../../lib/bio/page-settings";
import { renderWebsitePage } from "../../lib/bio/render-page";
import { scheduleSpan, shownAt } from "../../lib/bio/schedule";
import { parseSemantic } from "../../lib/drafts/draft-input";
import { dataToSemantic } from "../../lib/drafts/data-to-semantic";
import { semanticToData } from "../../lib/drafts/semantic-to-data";
import { PageData } from "../../lib/websites/page-data";
import { setUsageClock } from "../../lib/usage/clock";
import { websitePageAnswer } from "../../lib/visit/rendered-pages";
import type { VisitLink } from "../../lib/visit/link-cache";

const START = Date.parse("2026-12-01T09:00:00.000Z");
const END = Date.parse("2026-12-03T18:00:00.000Z");
const data = {
  profile: { name: "Ada" },
  links: [
    { id: "always", title: "Always", url: "https://example.com/always" },
    { id: "sale", title: "Winter sale", url: "https://example.com/sale", schedule: { start: "2026-12-01T09:00:00.000Z", end: "2026-12-03T18:00:00.000Z" } },
    { id: "soon", type: "contact", title: "Launch list", schedule: { start: "2026-12-03T18:00:00.000Z" } },
    { id: "old", title: "Early bird", url: "https://example.com/early", schedule: { end: "2026-12-01T09:00:00.000Z" } },
  ],
};
const render = (now: number) => renderWebsitePage({ publicId: "p", url: "https://hop.example/p", templateId: "minimal-card", data, nonce: "N0NCE", adultConfirmed: false, brandingUrl: "https://hop.example", now });

describe("scheduled blocks", () => {
  test("a block is shown from its start (inclusive) until its end (exclusive)", () => {
    const sale = data.links[1];
    assert.equal(shownAt(sale, START - 1), false);
    assert.equal(shownAt(sale, START), true);
    assert.equal(shownAt(sale, END - 1), true);
    assert.equal(shownAt(sale, END), false);
    assert.equal(shownAt(data.links[0], 0), true);
    assert.equal(shownAt({ schedule: { start: "not a date" } }, 0), true, "an unreadable side is open");
  });

  test("the page at each edge shows exactly the blocks in their window", () => {
    const before = render(START - 1);
    assert.match(before, /Early bird/);
    assert.doesNotMatch(before, /Winter sale|Launch list/);
    const during = render(START);
    assert.match(during, /Winter sale/);
    assert.doesNotMatch(during, /Early bird|Launch list/);
    const after = render(END);
    assert.match(after, /Launch list/);
    assert.match(after, /action="\/__hop\/contact"/);
    assert.doesNotMatch(after, /Winter sale|Early bird/);
    assert.match(after, /Always/);
  });

  test("a button outside its window is neither reachable through ?hop_go nor counted, and its form takes no post", () => {
    assert.equal(blockDestination(data, 1, START - 1), null);
    assert.equal(blockDestination(data, 1, START)?.url, "https://example.com/sale");
    assert.equal(trackedButton(data, "sale", END), null);
    assert.equal(trackedButton(data, "sale", START)?.title, "Winter sale");
    assert.equal(contactBlockById(data, "soon", END - 1), null);
    assert.equal(contactBlockById(data, "soon", END)?.title, "Launch list");
  });

  test("the span around a time runs from the last edge to the next", () => {
    assert.deepEqual(scheduleSpan(data, START - 1), { from: -Infinity, until: START });
    assert.deepEqual(scheduleSpan(data, START), { from: START, until: END });
    assert.deepEqual(scheduleSpan(data, END + 5), { from: END, until: Infinity });
    assert.deepEqual(scheduleSpan({ links: [{ title: "x" }] }, 0), { from: -Infinity, until: Infinity });
  });

  test("the kept page is drawn again at each edge, forwards and back, and kept between them", () => {
    const link = { id: "l1", publicId: "p1", accountId: "a", type: "website", domain: "hop.example", slug: "ada", isActive: true, templateId: "minimal-card", data } as unknown as VisitLink;
    const page = (at: number) => {
      setUsageClock(at);
      return String(websitePageAnswer(link, { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null }, "https://hop.example", "https://hop.example/ada").body);
    };
    try {
      assert.doesNotMatch(page(START - 1000), /Winter sale/);
      assert.match(page(START), /Winter sale/);
      const kept = (setUsageClock(START + 1000), websitePageAnswer(link, { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null }, "", "").body);
      const again = (setUsageClock(START + 2000), websitePageAnswer(link, { adultConfirmed: false, outboundViaBehavior: false, contactStatus: null }, "", "").body);
      assert.equal(kept, again, "within the span the same kept bytes");
      assert.doesNotMatch(page(END), /Winter sale/);
      assert.match(page(END - 1), /Winter sale/, "a clock set back draws the page again too");
    } finally {
      setUsageClock(Date.now());
    }
  });

  test("the editor's model and the API's data take a schedule with an offset, in UTC, end after start", () => {
    const model = parseSemantic({ links: [{ title: "Sale", url: "https://example.com", schedule: { start: "2026-12-01T10:00:00+01:00", end: null } }] }).model;
    assert.deepEqual(model.links?.[0].schedule, { start: "2026-12-01T09:00:00.000Z", end: undefined });
    const stored = semanticToData(model, "minimal-card");
    assert.deepEqual((stored.links as Array<Record<string, unknown>>)[0].schedule, { start: "2026-12-01T09:00:00.000Z" });
    assert.deepEqual(dataToSemantic(stored).links?.[0].schedule, { start: "2026-12-01T09:00:00.000Z" });
    assert.throws(() => parseSemantic({ links: [{ title: "x", schedule: { start: "2026-12-02T00:00:00Z", end: "2026-12-01T00:00:00Z" } }] }), /end must be after the start/);
    assert.throws(() => parseSemantic({ links: [{ title: "x", schedule: { start: "2026-12-02T00:00" } }] }), /ISO 8601/);
    const api = PageData.safeParse({ links: [{ title: "x", schedule: { start: "tomorrow" } }] });
    assert.equal(api.success, false);
    assert.deepEqual(api.error?.issues[0].path, ["links", 0, "schedule", "start"]);
    const ok = PageData.parse({ links: [{ title: "x", schedule: { end: "2026-12-01T10:00:00+01:00" } }] });
    assert.deepEqual((ok.links?.[0] as { schedule: unknown }).schedule, { end: "2026-12-01T09:00:00.000Z" });
  });
});
