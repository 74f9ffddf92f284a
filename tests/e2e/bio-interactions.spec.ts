import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { SCREENSHOTS } from "../helpers/dashboard-page";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// What a visitor does on a bio page in real Chromium: passes the 18+ gate (the press is recorded
// as adult-18plus-btn), presses a button (recorded per button), and sends a contact form (stored,
// listed by the API, and deleted with the page).

const SYSTEM = "bio.interact.test";

let server: HopServer;
let browser: Browser;
let key: string;

test.beforeAll(async () => {
  server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  key = (await createAccount(server, { plan: "growth" })).key;
  browser = await launchChromium([SYSTEM]);
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function publish(slug: string, data: unknown): Promise<string> {
  const res = await api(server, "POST", "/v1/websites", { key, body: { websiteId: slug, templateId: "scene-card", useSystemDomain: true, systemDomain: SYSTEM, customSlug: slug, data } });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function analyticsWhen(id: string, done: (body: any) => boolean): Promise<any> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const body = (await api(server, "GET", `/v1/analytics/links/${encodeURIComponent(id)}`, { key })).body;
    if (done(body) || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 250));
  }
}

test("the 18+ gate covers the page until confirmed; the confirmation and a button press are recorded", async () => {
  const id = await publish("gated", { profile: { name: "After dark" }, links: [{ type: "simple", id: "tickets", title: "Tickets", url: "https://example.com/tickets" }], settings: { adultMode: true } });
  const page = await browser.newPage({ userAgent: DESKTOP_CHROME });
  await page.route("https://example.com/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>tickets</h1>" }));
  await page.goto(`http://${SYSTEM}:${server.port}/gated`);
  const gate = page.locator("#hop-gate");
  await expect(gate).toBeVisible();
  await expect(page.getByRole("heading", { name: "This page is for adults" })).toBeVisible();
  await page.locator("#adult-18plus-btn").click();
  await expect(gate).toHaveCount(0);
  await page.getByRole("link", { name: "Tickets" }).click();
  await expect(page.getByRole("heading", { name: "tickets" })).toBeVisible();
  await page.close();
  const body = await analyticsWhen(id, (b) => b.adultConfirmation && b.totalClicks >= 2);
  expect(body.adultConfirmation).toEqual({ clicks: 1, rate: 100 });
  const byId = Object.fromEntries(body.clicksByLink.map((c: { id: string; totalClicks: number; type: string; url: string }) => [c.id, c]));
  expect(byId["adult-18plus-btn"].type).toBe("adult-confirmation");
  expect(byId.tickets).toMatchObject({ totalClicks: 1, title: "Tickets", url: "https://example.com/tickets", type: "simple" });
});

test("a contact form is sent without JavaScript, thanked, stored, and deleted with the page", async () => {
  const id = await publish("contact", { profile: { name: "Newsletter" }, links: [{ type: "contact", id: "signup", title: "Get the letter", fields: ["name", "email", "message"], successMessage: "You're on the list." }] });
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`http://${SYSTEM}:${server.port}/contact`);
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("E-mail").fill("ada@example.com");
  await page.getByLabel("Message").fill("Count me in");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status")).toHaveText("You're on the list.");
  expect(new URL(page.url()).search).toBe("?contact=sent");
  await context.close();
  const contacts = await api(server, "GET", `/v1/websites/${encodeURIComponent(id)}/contacts`, { key });
  expect(contacts.body.data.map((c: { name: string; email: string; message: string; blockId: string }) => [c.name, c.email, c.message, c.blockId])).toEqual([["Ada Lovelace", "ada@example.com", "Count me in", "signup"]]);
  expect((await api(server, "DELETE", `/v1/links/${encodeURIComponent(id)}`, { key })).status).toBe(200);
  expect((await api(server, "GET", `/v1/websites/${encodeURIComponent(id)}/contacts`, { key })).status).toBe(404);
});

test("a media block is a card until tapped: no request to the provider before, its player (and only its own) after; the tap is recorded", async () => {
  const id = await publish("watch", { profile: { name: "Film night" }, links: [{ type: "media", id: "trailer", title: "Trailer", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", platform: "youtube" }] });
  const page = await browser.newPage({ userAgent: DESKTOP_CHROME });
  const outside: string[] = [];
  await page.route(/^https:\/\//, (route) => {
    outside.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>player</title><p>player</p>" });
  });
  const violations: string[] = [];
  page.on("console", (message) => /Content Security Policy/.test(message.text()) && violations.push(message.text()));
  await page.goto(`http://${SYSTEM}:${server.port}/watch`);
  const card = page.getByRole("link", { name: /Trailer/ });
  await expect(card).toContainText("Play on YouTube");
  await page.waitForLoadState("networkidle");
  expect(outside).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, "bio-media-card.png") });
  await card.click();
  const player = page.locator("iframe.embed-video");
  await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  await expect(page.frameLocator("iframe.embed-video").locator("p")).toHaveText("player");
  expect(outside).toEqual(["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"]);
  expect(page.url()).toBe(`http://${SYSTEM}:${server.port}/watch`);
  await page.screenshot({ path: path.join(SCREENSHOTS, "bio-media-player.png") });
  expect(violations).toEqual([]);
  await page.close();
  const body = await analyticsWhen(id, (b) => b.totalClicks >= 1);
  expect(body.clicksByLink.find((c: { id: string }) => c.id === "trailer")).toMatchObject({ totalClicks: 1, type: "media" });
});
