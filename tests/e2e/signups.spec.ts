import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiCall, dashboardUser, draftPath, hydrated, seriousAxe, signIn, watchErrors, type DashboardUser } from "../helpers/dashboard-page";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { postForm } from "../helpers/visit";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Sign-up blocks (issue 55) in Chromium: the editor's "E-mail sign-up" block form (heading, consent
// text, button) drawn in the preview; a visitor signing up on the live page with JavaScript and
// without it; the page's list under Websites → Sign-ups with search, the CSV link, delete behind a
// confirmation and its empty states. Screenshots at 1280 and 390 px (SHOTS), axe on each.

const SYSTEM = "signups.hop.test";
const OWNER = "signups-owner@example.test";
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-signups";
const CONSENT = "Monthly studio news from Sam. Unsubscribe with one click in any mail.";

let server: HopServer;
let owner: DashboardUser;
let chromium: Browser;
let pageUrl = "";
let pageId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  owner = await dashboardUser(server, OWNER);
  chromium = await launchChromium([SYSTEM]);
  const created = await apiCall(server, owner.key, "POST", "/v1/websites", {
    websiteId: "news",
    templateId: "bonbon-card",
    useSystemDomain: true,
    systemDomain: SYSTEM,
    customSlug: "sam-news",
    data: { profile: { name: "Sam's studio" }, links: [{ type: "simple", title: "Shop", url: "https://example.com" }, { type: "signup", id: "news", title: "Studio newsletter", consent: CONSENT }] },
  });
  expect(created.status).toBe(201);
  pageId = created.body.id;
  pageUrl = `http://${SYSTEM}:${server.port}/sam-news`;
});
test.afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

test("the editor's sign-up block: heading, consent text and button, drawn in the preview", async ({ browser }) => {
  const editorPath = await draftPath(server, owner.key, "simple-stack-v2", { profile: { name: "Sam's studio" }, links: [{ id: "shop", title: "Shop", url: "https://shop.example" }] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, server, OWNER);
  await page.goto(`${server.url}${editorPath}`);
  await hydrated(page);
  await page.getByRole("button", { name: "+ E-mail sign-up" }).click();
  const consent = page.getByLabel("Consent text");
  await expect(consent).toBeVisible();
  await expect(consent).toHaveAttribute("placeholder", /Unsubscribe at any time/);
  await expect(preview(page).getByRole("textbox", { name: "E-mail" })).toBeVisible();
  await consent.fill(CONSENT);
  await page.getByLabel("Button", { exact: true }).fill("Join the list");
  await expect(preview(page).locator(".consent")).toHaveText(CONSENT);
  await expect(preview(page).getByRole("button", { name: "Join the list" })).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
  await consent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "editor-signup-1280.png") });
  expect(await seriousAxe(page, '[data-testid="preview-frame"]'), "1280 px").toEqual([]);
  await page.reload();
  await hydrated(page);
  await page.getByRole("button", { name: /^E-mail sign-up/ }).click();
  await expect(page.getByLabel("Consent text")).toHaveValue(CONSENT);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel("Consent text").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "editor-signup-390.png") });
  expect(await seriousAxe(page, '[data-testid="preview-frame"]'), "390 px").toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  test(`a visitor signs up on the live page ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
    const context = await chromium.newContext({ viewport: { width: 390, height: 844 }, userAgent: DESKTOP_CHROME, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(pageUrl);
    await expect(page.getByText(CONSENT)).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail" }).fill(javaScriptEnabled ? "with-js@example.com" : "no-js@example.com");
    if (javaScriptEnabled) await page.screenshot({ path: path.join(SHOTS, "page-signup-390.png") });
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you! You are signed up.");
    expect(new URL(page.url()).search).toBe("?signup=sent");
    await context.close();
  });
}

test("the dashboard's list: search, CSV, delete behind a confirmation, empty states — 1280 and 390 px", async ({ browser }) => {
  for (const name of ["ada", "grace", "alan"]) {
    const res = await postForm(server, `${SYSTEM}:${server.port}`, "/__hop/signup", { page: pageId, block: "news", email: `${name}@example.com` });
    expect(res.status).toBe(303);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, server, OWNER, "/websites");
  await page.locator(`tr[data-website-id="${pageId}"]`).getByRole("link", { name: "Sign-ups" }).click();
  await expect(page.getByRole("heading", { name: "Sign-ups", exact: true })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", `/api/dashboard/websites/subscribers?id=${encodeURIComponent(pageId)}`);
  await page.screenshot({ path: path.join(SHOTS, "dashboard-signups-1280.png"), fullPage: true });
  expect(await seriousAxe(page), "list at 1280 px").toEqual([]);

  await page.getByLabel("Search addresses").fill("gra");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("grace@example.com");
  // The search may have been a full page load: a click before React hydrates it is lost.
  await hydrated(page);
  await page.getByRole("button", { name: "Delete grace@example.com" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("deleted");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: path.join(SHOTS, "dashboard-signups-delete-1280.png") });
  await dialog.getByRole("button", { name: "Delete address" }).click();
  await expect(page.getByText("Nothing matches “gra”.")).toBeVisible();
  expect((await apiCall(server, owner.key, "GET", `/v1/websites/${encodeURIComponent(pageId)}/subscribers`)).body.pagination.totalCount).toBe(4);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/websites/signups?id=${encodeURIComponent(pageId)}`);
  await hydrated(page);
  await expect(rows).toHaveCount(4);
  await page.screenshot({ path: path.join(SHOTS, "dashboard-signups-390.png"), fullPage: true });
  expect(await seriousAxe(page), "list at 390 px").toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scroll at 390 px").toBeLessThanOrEqual(0);

  const empty = await apiCall(server, owner.key, "POST", "/v1/websites", { websiteId: "e", templateId: "bonbon-card", customSlug: "empty-news", data: { profile: { name: "Empty" }, links: [{ type: "signup", id: "n" }] } });
  expect(empty.status).toBe(201);
  await page.goto(`${server.url}/websites/signups?id=${empty.body.id}`);
  await expect(page.getByText("No sign-ups yet")).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "dashboard-signups-empty-390.png") });
  await page.goto(`${server.url}/websites/signups?id=no-such-page`);
  await expect(page.getByText("No page")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
