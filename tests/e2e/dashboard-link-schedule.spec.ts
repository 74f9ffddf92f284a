import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api } from "../helpers/api";
import { dashboardUser, hydrated, SCREENSHOTS, seriousAxe, signIn } from "../helpers/dashboard-page";
import { PRIMARY, visit } from "../helpers/visit";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// The link form's start and visit limit (docs/API.md "Extensions: schedule and click cap"): set in
// the form, they hold on a visit; the links table marks and filters them. At 1280 and 390 px, axe
// finds nothing serious.

const OWNER = "sami-schedule@example.test";

let server: HopServer;
let key: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  key = (await dashboardUser(server, OWNER)).key;
});
test.afterAll(async () => {
  await server?.stop();
});

/** A datetime-local value `ms` from now, in the page's time zone. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const at = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, ms);

test("a start and a visit limit set in the form hold on a visit; the list marks and filters them", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, server, OWNER);
  await page.goto(`${server.url}/links/new`);
  await hydrated(page);
  await page.getByLabel("Destination").fill("https://example.com/launch");
  await page.getByLabel("Slug").fill("launch-day");
  await page.locator("#link-expiration > summary").click();
  await page.getByLabel("Starts at").fill(await localInput(page, 2 * 86_400_000));
  // Words are refused before anything is sent, on the field.
  await page.getByLabel("Visit limit").fill("lots");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByLabel("Visit limit")).toBeFocused();
  await expect(page.locator("#link-max-clicks-error")).toHaveText("The visit limit must be a whole number from 1 to 1,000,000,000.");
  await page.getByLabel("Visit limit").fill("2");
  await expect(page.locator("#link-expiration .disclosure-state")).toHaveText(/^Starts .* · Limit 2 visits$/);
  await page.screenshot({ path: path.join(SCREENSHOTS, "link-form-schedule-1280.png"), fullPage: true });
  expect(await seriousAxe(page)).toEqual([]);
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/launch-day$/);
  const stored = (await api(server, "GET", "/v1/links/launch-day", { key })).body.data;
  expect(stored.maxClicks).toBe(2);
  expect(Math.abs(Date.parse(stored.startsAt) - (Date.now() + 2 * 86_400_000))).toBeLessThan(5 * 60_000);
  const early = await visit(server, PRIMARY, "/launch-day");
  expect(early.status).toBe(404);
  expect(early.body).toContain("This link is not live yet");

  await page.goto(`${server.url}/links?status=scheduled`);
  const row = page.locator('tr[data-link-id="launch-day"]');
  await expect(row.locator(".badge", { hasText: "Not live yet" })).toBeVisible();
  await expect(row.locator(".badge", { hasText: "Limit 2" })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.screenshot({ path: path.join(SCREENSHOTS, "links-schedule-1280.png"), fullPage: true });
  expect(await seriousAxe(page)).toEqual([]);

  // Started now (the start cleared): two visits get through, the third finds the limit used up.
  await page.goto(`${server.url}/links/launch-day`);
  await hydrated(page);
  await page.locator("#link-expiration > summary").click();
  await page.locator("#link-expiration").getByRole("button", { name: "Clear" }).first().click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Link saved")).toBeVisible();
  expect((await visit(server, PRIMARY, "/launch-day")).headers.location).toBe("https://example.com/launch");
  expect((await visit(server, PRIMARY, "/launch-day")).headers.location).toBe("https://example.com/launch");
  expect((await visit(server, PRIMARY, "/launch-day")).status).toBe(410);
  await page.goto(`${server.url}/links?status=capped`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator('tr[data-link-id="launch-day"] .badge', { hasText: "Not live yet" })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SCREENSHOTS, "links-schedule-390.png"), fullPage: true });
  expect(await seriousAxe(page)).toEqual([]);
  await page.goto(`${server.url}/links/launch-day`);
  await hydrated(page);
  await page.locator("#link-expiration > summary").click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SCREENSHOTS, "link-form-schedule-390.png"), fullPage: true });
  expect(await seriousAxe(page)).toEqual([]);
  await page.context().close();
});
