import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PASSWORD, SCREENSHOTS, signIn, VIEWPORTS } from "../helpers/dashboard-page";
import { DESKTOP_CHROME } from "../helpers/chromium";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// The account page's Sessions card in Chromium: a second browser (a phone) shows up with its
// device, is ended from the first, and is signed out at its next page; at both sizes, screenshots
// and axe.

const EMAIL = "sessions@example.test";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
let server: HopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  await admin(server, "account", "create", "--email", EMAIL, "--password", PASSWORD, "--plan", "growth", "--name", "Sam");
});
test.afterAll(async () => {
  await server?.stop();
});

test("the session list: another browser listed, ended, signed out", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const phoneContext = await browser.newContext({ userAgent: PHONE, viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await signIn(phone, server, EMAIL, "/links");

    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signIn(page, server, EMAIL, "/account");
    const table = page.getByRole("region", { name: "Signed-in sessions" });
    const phoneRow = table.getByRole("row").filter({ hasText: "Mobile Safari on iOS" });
    await expect(phoneRow).toHaveCount(1);
    // (The second round also lists the first round's desktop session: closing a browser does not sign out.)
    await expect(table.getByRole("row").filter({ hasText: "This browser" })).toContainText("Chrome on Linux");
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-sessions-${viewport.name}.png`), fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    await phoneRow.getByRole("button", { name: "End the session of Mobile Safari on iOS" }).click();
    await page.getByRole("dialog", { name: "End this session?" }).getByRole("button", { name: "End session" }).click();
    await expect(page.getByText("Session ended")).toBeVisible();
    await expect(phoneRow).toHaveCount(0);

    await phone.goto(`${server.url}/links`);
    await expect(phone).toHaveURL(/\/login\?callbackUrl=%2Flinks$/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await phoneContext.close();
    await context.close();
  }
});

test("notifications: the broken-links digest turned off and on with the keyboard, kept across a reload", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signIn(page, server, EMAIL, "/account");
    const digest = page.getByRole("checkbox", { name: /E-mail me when links break/ });
    await expect(digest).toBeChecked();
    await digest.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("No more broken-links digests")).toBeVisible();
    await page.reload();
    await expect(digest).not.toBeChecked();
    await page.getByRole("heading", { name: "Notifications" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, `account-notifications-${viewport.name}.png`) });
    const axe = await new AxeBuilder({ page }).include("[aria-labelledby=notifications]").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await digest.check();
    await expect(page.getByText("You will get the broken-links digest")).toBeVisible();
    await context.close();
  }
});
