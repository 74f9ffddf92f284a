import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { totpCode } from "../../lib/auth/totp";
import { DESKTOP_CHROME } from "../helpers/chromium";
import { hydrated, PASSWORD, SCREENSHOTS, VIEWPORTS } from "../helpers/dashboard-page";
import { freePort } from "../../scripts/harness/own-services";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain: a
// platform authenticator holding resident keys, the user verified): add one on the account page,
// rename it, sign out, sign in with the passkey alone, turn on two-factor sign-in and use the
// passkey in place of the code, remove it (then it signs in no more). At both sizes, with
// screenshots and axe on each new view.

let server: HopServer;
/** The app's own address: WebAuthn refuses an IP address as relying party id, and Chromium takes localhost as secure. */
let base: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ env: { PORT: String(port), APP_URL: base } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function noSeriousAxe(page: Page, where: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id), where).toEqual([]);
}

async function shoot(page: Page, name: string, viewport: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `passkeys-${name}-${viewport}.png`), fullPage: true });
}

/** A platform authenticator that keeps resident keys and verifies the user without asking. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function passwordSignIn(page: Page, email: string) {
  await page.goto(`${base}/login?callbackUrl=%2Faccount`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut(page: Page) {
  const button = page.getByRole("button", { name: "Sign out", exact: true });
  // The phone layout tucks the sidebar away: the same request its button sends.
  if (await button.isVisible()) {
    await button.click();
    await expect(page).toHaveURL(`${base}/login`);
  } else await page.evaluate(async () => void (await fetch("/api/dashboard/signout", { method: "POST" })));
  await page.goto(`${base}/login?callbackUrl=%2Faccount`);
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
}

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(base)).find((c) => c.name === "next-auth.session-token")?.value;
}

test("add, rename, sign in with the passkey alone, use it as the second step, remove", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const email = `passkey-${viewport.name}@example.test`;
    await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "growth", "--name", "Pat");
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    // The sign-in page offers the passkey beside the password.
    await page.goto(`${base}/login`);
    await hydrated(page);
    await shoot(page, "login", viewport.name);
    await noSeriousAxe(page, `login ${viewport.name}`);

    await passwordSignIn(page, email);
    await expect(page).toHaveURL(`${base}/account`);
    await hydrated(page);
    const card = page.getByRole("region", { name: "Passkeys", exact: true });
    await expect(card.getByText("No passkeys yet")).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shoot(page, "account-empty", viewport.name);
    await noSeriousAxe(page, `account, no passkeys ${viewport.name}`);

    // Add: the browser's prompt (the virtual authenticator) makes a resident key for localhost.
    await card.getByRole("button", { name: "Add your first passkey" }).click();
    await expect(page.getByText("Passkey added: Passkey on Chrome on Linux")).toBeVisible();
    const row = card.getByRole("row").filter({ hasText: "Passkey on Chrome on Linux" });
    await expect(row).toHaveCount(1);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe("localhost");

    // Rename.
    await row.getByRole("button", { name: "Rename the passkey Passkey on Chrome on Linux" }).click();
    const rename = page.getByRole("dialog", { name: "Rename passkey" });
    await rename.getByLabel("Name").fill("");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(rename.getByRole("alert")).toContainText("Give the passkey a name.");
    await rename.getByLabel("Name").fill("Work laptop");
    await shoot(page, "rename", viewport.name);
    await noSeriousAxe(page, `rename dialog ${viewport.name}`);
    await rename.getByLabel("Name").press("Enter");
    await expect(page.getByText("Passkey renamed")).toBeVisible();
    const renamed = card.getByRole("row").filter({ hasText: "Work laptop" });
    await expect(renamed).toContainText(viewport.name === "desktop" ? "Not yet" : "not used yet");

    // Sign out, then in with the passkey alone: a new session, on the list, the passkey's use noted.
    const before = await sessionCookie(context);
    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(`${base}/account`);
    await hydrated(page);
    expect(await sessionCookie(context)).not.toBe(before);
    await expect(page.getByRole("region", { name: "Signed-in sessions" }).getByRole("row").filter({ hasText: "This browser" })).toContainText("Chrome on Linux");
    await expect(page.getByRole("region", { name: "Passkeys", exact: true }).getByRole("row").filter({ hasText: "Work laptop" })).not.toContainText(/Not yet|not used yet/);
    await shoot(page, "account-list", viewport.name);
    await noSeriousAxe(page, `account, one passkey ${viewport.name}`);

    // Two-factor sign-in on (through the account page's own routes), then the passkey stands in for the code.
    const setup = await page.request.post(`${base}/api/dashboard/account/two-factor/setup`, { headers: { origin: base } });
    expect(setup.status()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const on = await page.request.post(`${base}/api/dashboard/account/two-factor`, { headers: { origin: base }, data: { code: totpCode(secret) } });
    expect(on.status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await signOut(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Authentication code")).toBeFocused();
    expect(await sessionCookie(context)).toBeUndefined();
    await shoot(page, "code-step", viewport.name);
    await noSeriousAxe(page, `code step ${viewport.name}`);
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect(page).toHaveURL(`${base}/account`);
    await hydrated(page);
    expect(await sessionCookie(context)).toBeDefined();

    // Remove: the card is empty again, and the authenticator's copy signs in no more.
    await page.getByRole("button", { name: "Remove the passkey Work laptop" }).click();
    const remove = page.getByRole("dialog", { name: "Remove this passkey?" });
    await shoot(page, "remove", viewport.name);
    await noSeriousAxe(page, `remove dialog ${viewport.name}`);
    await remove.getByRole("button", { name: "Remove passkey" }).click();
    await expect(page.getByText("Passkey removed")).toBeVisible();
    await expect(page.getByRole("region", { name: "Passkeys", exact: true }).getByText("No passkeys yet")).toBeVisible();
    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This passkey could not sign you in" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await shoot(page, "login-refused", viewport.name);
    await noSeriousAxe(page, `login, passkey refused ${viewport.name}`);
    await context.close();
  }
});
