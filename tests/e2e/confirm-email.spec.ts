import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, PASSWORD, SCREENSHOTS, seriousAxe, VIEWPORTS } from "../helpers/dashboard-page";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { startSmtp, type TestSmtp } from "../helpers/smtp";

// Confirmed e-mail in the browser (docs/decisions/047-confirmed-email.md), with a real SMTP server:
// sign-up lands on "Check your inbox", the dashboard's banner and the API keys page's note while
// the address waits, the link's page and its confirmed state. Each at 1280×800 and 390×844:
// screenshots, and no serious axe violation.

let smtp: TestSmtp | undefined;
let server: HopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url, DEFAULT_PLAN: "growth", TRUST_PROXY: "true" } });
  await admin(server, "account", "create", "--email", "operator@example.test", "--password", PASSWORD);
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function shot(page: Page, name: string, viewport: string) {
  await hydrated(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `confirm-${name}-${viewport}.png`), fullPage: true });
  expect(await seriousAxe(page), name).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test(`sign-up, check your inbox, the banner, the link and confirmed (${viewport.name})`, async ({ browser }) => {
    const email = `pat-${viewport.name}@example.test`;
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, extraHTTPHeaders: { "x-forwarded-for": `10.9.${viewport.width % 250}.1` } });
    const page = await context.newPage();
    await page.goto(`${server.url}/signup`);
    await hydrated(page);
    await page.getByLabel("Name").fill("Pat Example");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByTestId("check-inbox")).toContainText("not create API keys or invite team members");
    await expect(page.getByText(email)).toBeVisible();
    await shot(page, "check-inbox", viewport.name);

    await page.getByRole("link", { name: "Sign in" }).click();
    await hydrated(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const banner = page.getByTestId("confirm-email-banner");
    await expect(banner).toContainText(email);
    await shot(page, "banner-overview", viewport.name);
    await page.goto(`${server.url}/keys`);
    await expect(page.getByText("Confirm your e-mail address to create API keys.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
    await shot(page, "banner-keys", viewport.name);

    await banner.getByRole("button", { name: "Resend the link" }).click();
    await expect(banner).toContainText("A new link is on its way");
    await expect.poll(() => smtp!.received.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBe(2);
    const latest = smtp!.received.filter((m) => m.to.includes(email))[1];
    const link = /https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]{43}/.exec(latest.raw)?.[0];
    expect(link).toBeTruthy();
    await page.goto(`${server.url}${new URL(link!).pathname}`);
    await expect(page.getByText(`Confirm that ${email} is your address.`)).toBeVisible();
    await shot(page, "link", viewport.name);
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await expect(page.getByTestId("email-confirmed")).toContainText(`${email} is confirmed`);
    await shot(page, "confirmed", viewport.name);

    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await hydrated(page);
    await expect(page.getByTestId("confirm-email-banner")).toHaveCount(0);
    await page.goto(`${server.url}${new URL(link!).pathname}`);
    await expect(page.getByText("This confirmation link is not valid")).toBeVisible();
    await shot(page, "link-used", viewport.name);
    await context.close();
  });
}
