import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api } from "../helpers/api";
import { dashboardUser, hydrated, SCREENSHOTS, seriousAxe, signIn } from "../helpers/dashboard-page";
import { PRIMARY, visit } from "../helpers/visit";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// The link form's A/B test (docs/links.md "A/B tests"): destinations and their shares are set in
// the same save as the rest of the form, the shares must add up to 100; the link page shows the
// views per destination and "Make this the destination" ends the test. At 1280 and 390 px, axe
// finds nothing serious.

const OWNER = "abby-ab@example.test";
const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOTS;

let server: HopServer;
let key: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  key = (await dashboardUser(server, OWNER)).key;
});
test.afterAll(async () => {
  await server?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

test("an A/B test is set in the form with its shares, its views show on the link page, and a variant becomes the destination", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, server, OWNER);
  await page.goto(`${server.url}/links/new`);
  await hydrated(page);
  await page.getByLabel("Destination").fill("https://example.com/spring");
  await page.getByLabel("Slug").fill("spring-ab");
  await page.locator("#link-ab-test > summary").click();
  await expect(page.locator("#link-ab-test .disclosure-state")).toHaveText("Off");
  await page.getByRole("button", { name: "Start an A/B test" }).click();
  // The test starts from the destination, half and half.
  await expect(page.locator("#variant-0-url")).toHaveValue("https://example.com/spring");
  await expect(page.locator("#variant-sum")).toContainText("Total 100 %");

  // Every problem is found before anything is sent, on its field: an empty URL first.
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.locator("#variant-1-url")).toBeFocused();
  await page.locator("#variant-1-url").fill("example.com/spring-b");
  await page.locator("#variant-1-url").blur();
  await expect(page.locator("#variant-1-url")).toHaveValue("https://example.com/spring-b");
  await page.locator("#variant-0-weight").fill("70");
  await expect(page.locator("#variant-sum")).toContainText("Total 120 %");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.locator("#link-form-summary")).toContainText("The shares must add up to 100 % (now 120 %).");
  await page.locator("#variant-1-weight").fill("30");
  await expect(page.locator("#variant-sum")).toContainText("Total 100 % ✓");
  // Up to four destinations; a third added and removed again.
  await page.getByRole("button", { name: "Add destination" }).click();
  await expect(page.locator("#variant-2-url")).toBeVisible();
  await expect(page.locator("#link-ab-test .disclosure-state")).toHaveText("3 destinations · 70 % / 30 % / ? %");
  await page.getByRole("button", { name: "Remove destination C" }).click();
  await expect(page.locator("#link-ab-test .disclosure-state")).toHaveText("2 destinations · 70 % / 30 %");
  await shot(page, "link-form-ab-1280.png");
  expect(await seriousAxe(page)).toEqual([]);

  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/spring-ab$/);
  const stored = (await api(server, "GET", "/v1/links/spring-ab", { key })).body.data;
  expect(stored.variants).toEqual([{ url: "https://example.com/spring", weight: 70 }, { url: "https://example.com/spring-b", weight: 30 }]);

  // One visitor (this test's one address and agent) keeps one variant; its views are counted for it.
  const first = (await visit(server, PRIMARY, "/spring-ab")).headers.location;
  expect(["https://example.com/spring", "https://example.com/spring-b"]).toContain(first);
  for (let i = 0; i < 2; i += 1) expect((await visit(server, PRIMARY, "/spring-ab")).headers.location).toBe(first);
  await expect.poll(async () => (await api(server, "GET", "/v1/analytics/links/spring-ab?timeframe=last_7_days", { key })).body.variantStats?.map((v: { views: number }) => v.views).join("/"), { timeout: 10_000 })
    .toBe(first === "https://example.com/spring" ? "3/0" : "0/3");
  await page.reload();
  await hydrated(page);
  const results = page.getByRole("region", { name: "A/B test results" });
  await expect(results).toContainText("3 views since the link was made");
  await expect(results.getByRole("row")).toHaveCount(3);
  await shot(page, "link-page-ab-1280.png");
  expect(await seriousAxe(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "link-page-ab-390.png");
  expect(await seriousAxe(page)).toEqual([]);
  await page.locator("#link-ab-test > summary").click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator("#link-ab-test").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "link-form-ab-390.png") });
  expect(await seriousAxe(page)).toEqual([]);

  // Ending the test: destination B becomes the link's destination, the test section is off.
  await page.getByRole("button", { name: "Make this the destination (destination B)" }).click();
  const dialog = page.getByRole("dialog", { name: "End the test with destination B?" });
  await expect(dialog).toContainText("https://example.com/spring-b");
  await dialog.getByRole("button", { name: "Make it the destination" }).click();
  await expect(page.getByText("Test ended: the link has its new destination")).toBeVisible();
  await expect(page.getByRole("region", { name: "A/B test results" })).toHaveCount(0);
  await expect(page.getByLabel("Destination")).toHaveValue("https://example.com/spring-b");
  await expect(page.locator("#link-ab-test .disclosure-state")).toHaveText("Off");
  const after = (await api(server, "GET", "/v1/links/spring-ab", { key })).body.data;
  expect([after.destination, after.variants]).toEqual(["https://example.com/spring-b", null]);
  expect((await visit(server, PRIMARY, "/spring-ab")).headers.location).toBe("https://example.com/spring-b");
  await page.context().close();
});
