import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, PASSWORD, SCREENSHOTS, VIEWPORTS } from "../helpers/dashboard-page";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { startSmtp, type TestSmtp } from "../helpers/smtp";

// A way back in: "Forgot your password?" on the sign-in page, the e-mail received by a real SMTP
// server started here, the link's form, then the new password signs in and the session that was
// open elsewhere is over. The two pages at both sizes: screenshots and axe.

const EMAIL = "forgetful@example.test";
const NEW_PASSWORD = "remembered at last";
let smtp: TestSmtp | undefined;
let server: HopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url } });
  await admin(server, "account", "create", "--email", EMAIL, "--password", PASSWORD, "--plan", "free", "--name", "Fern");
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function signIn(page: Page, password: string) {
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("forgot password: the e-mail's link sets a new password, which signs in, and the session open elsewhere is over", async ({ browser }) => {
  const elsewhere = await browser.newContext();
  const open = await elsewhere.newPage();
  await open.goto(`${server.url}/login`);
  await hydrated(open);
  await signIn(open, PASSWORD);
  await expect(open.getByRole("heading", { name: "Welcome, Fern" })).toBeVisible();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page.getByTestId("reset-sent")).toContainText(`If an account uses ${EMAIL}`);

  await expect.poll(() => smtp!.received.length, { timeout: 10_000 }).toBe(1);
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(smtp!.received[0].raw)?.[0];
  expect(link).toBeTruthy();
  await page.goto(`${server.url}${new URL(link!).pathname}`);
  await hydrated(page);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password, again").fill("something else");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await expect(page.getByLabel("New password, again")).toBeFocused();
  await page.getByLabel("New password, again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByTestId("reset-done")).toContainText("every other session is signed out");
  await page.getByRole("link", { name: "Sign in with the new password" }).click();
  await hydrated(page);
  await signIn(page, PASSWORD);
  // Next's route announcer is an alert too (it reads the new page's title after a navigation).
  await expect(page.getByRole("alert").filter({ hasText: "The e-mail or password is not" })).toBeVisible();
  await signIn(page, NEW_PASSWORD);
  await expect(page.getByRole("heading", { name: "Welcome, Fern" })).toBeVisible();

  await open.goto(`${server.url}/links`);
  await expect(open).toHaveURL(/\/login\?callbackUrl=%2Flinks$/);
  await elsewhere.close();
  await context.close();
});

test("the sign-in, forgot-password and reset pages at 1280×800 and 390×844: screenshots, no serious axe violation", async ({ browser }) => {
  const made = await admin(server, "account", "reset-password", "--email", EMAIL);
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    for (const [target, name] of [["/login", "login-with-forgot-link"], ["/forgot-password", "forgot-password"], [new URL(String(made.link)).pathname, "reset-password"], ["/reset-password/not-a-link", "reset-password-invalid"]]) {
      await page.goto(`${server.url}${target}`);
      await hydrated(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`), fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id), target).toEqual([]);
    }
    await context.close();
  }
});
