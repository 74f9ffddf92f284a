import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { totpCode } from "../../lib/auth/totp";
import { hydrated, PASSWORD, SCREENSHOTS, signIn, VIEWPORTS } from "../helpers/dashboard-page";
import { decodeQrPng } from "../helpers/qr-decode";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Two-factor sign-in in Chromium: set-up on the account page (the QR code scans to the otpauth
// URI of the key shown beside it), the recovery codes shown once, the sign-in page's second step
// (a wrong code, then the right one), turning it off with a recovery code; the new views at both
// sizes, screenshots and axe.

const EMAIL = "careful@example.test";
let server: HopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  await admin(server, "account", "create", "--email", EMAIL, "--password", PASSWORD, "--plan", "growth", "--name", "Casey");
});
test.afterAll(async () => {
  await server?.stop();
});

async function noSeriousAxe(page: Page, where: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id), where).toEqual([]);
}

async function shoot(page: Page, name: string, viewport: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport}.png`), fullPage: true });
}

test("set up with the QR code, sign in with a code, turn off with a recovery code", async ({ browser }) => {
  let secret: string;
  let recovery: string[];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signIn(page, server, EMAIL, "/account");
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await shoot(page, "account-two-factor-off", viewport.name);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Set up two-factor sign-in" });
    await expect(dialog.getByTestId("totp-secret")).toHaveText(/^[A-Z2-7]{32}$/);
    secret = (await dialog.getByTestId("totp-secret").textContent()) ?? "";
    // The code a phone's camera reads is the otpauth URI of the key shown beside it.
    const scanned = decodeQrPng(await dialog.getByRole("img", { name: /QR code/ }).screenshot());
    expect(new URL(scanned ?? "about:blank").searchParams.get("secret")).toBe(secret);
    await shoot(page, "two-factor-setup", viewport.name);
    await noSeriousAxe(page, `set-up dialog ${viewport.name}`);

    await dialog.getByLabel("Code from the app").fill(totpCode(secret) === "000000" ? "111111" : "000000");
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await expect(dialog.getByRole("alert")).toContainText("not correct");
    await dialog.getByLabel("Code from the app").fill(totpCode(secret));
    await dialog.getByRole("button", { name: "Turn on" }).click();
    const saved = page.getByRole("dialog", { name: "Save your recovery codes" });
    await expect(saved.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    recovery = (await saved.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((t) => t.trim());
    await shoot(page, "two-factor-recovery-codes", viewport.name);
    await noSeriousAxe(page, `recovery codes ${viewport.name}`);
    await saved.getByRole("button", { name: "I saved them" }).click();
    await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();
    await context.close();

    // A new browser: the password, then the code step; no session before the code.
    const fresh = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const login = await fresh.newPage();
    await login.goto(`${server.url}/login?callbackUrl=%2Faccount`);
    await hydrated(login);
    await login.getByLabel("E-mail").fill(EMAIL);
    await login.getByLabel("Password").fill(PASSWORD);
    await login.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(login.getByLabel("Authentication code")).toBeFocused();
    // A new, empty field: nothing of the password is carried into it (or shown in it).
    await expect(login.getByLabel("Authentication code")).toHaveValue("");
    expect((await fresh.cookies()).some((c) => c.name === "next-auth.session-token")).toBe(false);
    await shoot(login, "login-code-step", viewport.name);
    await noSeriousAxe(login, `code step ${viewport.name}`);
    await login.getByLabel("Authentication code").fill("zzzzz-zzzzz");
    await login.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(login.getByRole("alert").filter({ hasText: "The code is not correct" })).toBeVisible();
    await login.getByLabel("Authentication code").fill(totpCode(secret, Date.now() + 30_000));
    await login.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(login).toHaveURL(/\/account$/);
    await hydrated(login);

    // Off with a recovery code.
    await login.getByRole("button", { name: "Turn off" }).click();
    const off = login.getByRole("dialog", { name: "Turn off two-factor sign-in?" });
    await off.getByLabel("Code or recovery code").fill("wrong-code");
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(off.getByRole("alert")).toContainText("not correct");
    await shoot(login, "two-factor-off-dialog", viewport.name);
    await noSeriousAxe(login, `off dialog ${viewport.name}`);
    await off.getByLabel("Code or recovery code").fill(recovery[0]);
    await off.getByRole("button", { name: "Turn off" }).click();
    await expect(login.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
    await fresh.close();
  }
});

test("the team page's sign-in rule: saved on change, at both sizes", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signIn(page, server, EMAIL, "/team");
    const rule = page.getByLabel(/Require two-factor sign-in/);
    await expect(rule).not.toBeChecked();
    // Saved on change: the box shows the server's answer once it is in.
    await rule.click();
    await expect(page.getByText("Members now need two-factor sign-in")).toBeVisible();
    await expect(rule).toBeChecked();
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel(/Require two-factor sign-in/)).toBeChecked();
    await shoot(page, "team-sign-in-rules", viewport.name);
    await noSeriousAxe(page, `team ${viewport.name}`);
    await page.getByLabel(/Require two-factor sign-in/).click();
    await expect(page.getByText("Two-factor sign-in is optional for members")).toBeVisible();
    await context.close();
  }
});
