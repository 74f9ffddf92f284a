import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { dashboardUser, draftPath, hydrated, SCREENSHOTS, seriousAxe, signIn, watchErrors } from "../helpers/dashboard-page";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Scheduled blocks in the editor (issue 55), in Chromium with the browser in Berlin's time zone:
// a scheduled block's row says so with its window in local time; a block's "Show from" / "Show
// until" fields take local times (an end before the start is marked, not saved); the preview can
// be drawn at a chosen time and back at now; a reload keeps the schedule. Screenshots and axe at
// 1280 and 390 px.

const OWNER = "sched-editor@example.test";

let server: HopServer;
let editorPath = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  const { key } = await dashboardUser(server, OWNER);
  editorPath = await draftPath(server, key, "simple-stack-v2", {
    profile: { name: "Sam's shop" },
    links: [
      { id: "always", title: "Shop", url: "https://shop.example" },
      { id: "sale", type: "featured", title: "Summer sale", url: "https://shop.example/sale", schedule: { start: "2030-06-01T09:00:00Z", end: "2030-06-03T18:00:00Z" } },
    ],
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const preview = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

async function openEditor(page: Page) {
  await signIn(page, server, OWNER);
  await page.goto(`${server.url}${editorPath}`);
  await hydrated(page);
}

async function noSeriousAxe(page: Page, label: string) {
  expect(await seriousAxe(page, '[data-testid="preview-frame"]'), label).toEqual([]);
}

test("a scheduled block shows its window; the preview is drawn at a chosen time; fields take local times; a reload keeps them", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "Europe/Berlin", locale: "en-GB" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openEditor(page);
  // 09:00 UTC is 11:00 in Berlin (summer time).
  await expect(page.getByTestId("schedule-badge")).toHaveText("Scheduled");
  await expect(page.getByTestId("schedule-window")).toHaveText("1 Jun, 11:00 – 3 Jun, 20:00");
  // Now (2026) is before the window: the preview leaves the sale out.
  await expect(preview(page).locator(".links a")).toHaveText(["Shop"]);
  const at = page.getByLabel("Preview the page at");
  await at.fill("2030-06-02T12:00");
  await expect(preview(page).locator(".links a")).toHaveText(["Shop", "Summer sale"]);
  await page.screenshot({ path: path.join(SCREENSHOTS, "editor-schedule-desktop.png") });

  // Schedule the first block from 2 June, 13:00 local: at 12:00 it is not shown yet, at 13:00 it is.
  await page.getByRole("button", { name: "Link Shop", exact: true }).click();
  await page.locator("#ed-block-always-schedule-start").fill("2030-06-02T13:00");
  await expect(page.getByTestId("schedule-badge")).toHaveCount(2);
  await expect(preview(page).locator(".links a")).toHaveText(["Summer sale"]);
  await at.fill("2030-06-02T13:00");
  await expect(preview(page).locator(".links a")).toHaveText(["Shop", "Summer sale"]);
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });

  // An end before the start is marked and not saved.
  await page.locator("#ed-block-always-schedule-end").fill("2030-06-01T08:00");
  await expect(page.getByText("The end must be after the start.")).toBeVisible();
  await page.locator("#ed-block-always-schedule-end").fill("");
  await expect(page.getByText("The end must be after the start.")).toHaveCount(0);
  await page.locator(".ed-schedule").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, "editor-schedule-fields-desktop.png") });
  await noSeriousAxe(page, "1280 px");

  await page.getByRole("button", { name: "Back to now" }).click();
  await expect(preview(page).locator(".links a")).toHaveCount(0);
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("schedule-window").first()).toHaveText("from 2 Jun, 13:00");

  // A phone: the fields stacked, the preview's time in the Preview tab.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: /^Link Shop/ }).click();
  await page.locator(".ed-schedule").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, "editor-schedule-fields-phone.png") });
  await noSeriousAxe(page, "390 px, edit");
  await page.getByRole("tab", { name: "Preview" }).click();
  await page.getByLabel("Preview the page at").fill("2030-06-02T14:00");
  await expect(preview(page).locator(".links a")).toHaveText(["Shop", "Summer sale"]);
  await page.screenshot({ path: path.join(SCREENSHOTS, "editor-schedule-preview-phone.png") });
  await noSeriousAxe(page, "390 px, preview");
  expect(errors).toEqual([]);
  await context.close();
});
