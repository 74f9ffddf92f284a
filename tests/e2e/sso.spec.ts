import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { hydrated, PASSWORD, SCREENSHOTS, VIEWPORTS } from "../helpers/dashboard-page";
import { startTestIdp, type TestIdp } from "../helpers/oidc-provider";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Single sign-on in Chromium against a real OpenID Connect provider on loopback
// (tests/helpers/oidc-provider.ts): a first sign-in makes an account; a tampered state and an
// unverified address are refused with no session; an address that has an account is linked only
// after its password; a team owner's "require single sign-on" keeps password sessions out of the
// workspace. Every new view at both sizes, screenshots and axe.

const SHOTS = process.env.HOP_SHOTS_DIR ?? SCREENSHOTS;
const PROVIDER = { id: "testidp", name: "Test ID" };
let idp: TestIdp;
let server: HopServer;
let ownerId: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  idp = await startTestIdp();
  server = await startServer({ env: { OIDC_PROVIDERS: idp.providersEnv(PROVIDER.id, PROVIDER.name) } });
  idp.register(`${server.url}/api/auth/callback/${PROVIDER.id}`);
  idp.people.set("unverified-person", { email: "unverified@example.test", email_verified: false, name: "Una" });
  // Two people at the provider with the same address (one per viewport's pass): each is linked on its own.
  for (const viewport of VIEWPORTS) idp.people.set(`existing-${viewport.name}`, { email: "existing@example.test", email_verified: true, name: "Eli" });
  idp.people.set("member-person", { email: "member@example.test", email_verified: true, name: "Mo" });
  await admin(server, "account", "create", "--email", "existing@example.test", "--password", PASSWORD, "--plan", "growth", "--name", "Eli");
  ownerId = String((await admin(server, "account", "create", "--email", "owner@example.test", "--password", PASSWORD, "--plan", "growth", "--name", "Olive")).id);
  await admin(server, "account", "create", "--email", "member@example.test", "--password", PASSWORD, "--plan", "growth", "--name", "Mo");
  await admin(server, "team", "add", "--owner", "owner@example.test", "--member", "member@example.test", "--role", "editor");
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

async function noSeriousAxe(page: Page, where: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id), where).toEqual([]);
}

async function shoot(page: Page, name: string, viewport: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport}.png`), fullPage: true });
}

async function freshPage(browser: Browser, viewport: (typeof VIEWPORTS)[number] = VIEWPORTS[0]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  return { context, page: await context.newPage() };
}

/** From Hop's sign-in page through the provider's login as `subject`; back on Hop afterwards. */
async function ssoAs(page: Page, subject: string, callbackPath = "/") {
  await page.goto(`${server.url}/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Sign in with ${PROVIDER.name}` }).click();
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(subject);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

async function signedInEmail(page: Page): Promise<string | null> {
  const session = (await (await page.request.get(`${server.url}/api/auth/session`)).json()) as { user?: { email?: string } };
  return session.user?.email ?? null;
}

async function passwordSignIn(page: Page, email: string, callbackPath = "/") {
  await page.goto(`${server.url}/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await hydrated(page);
}

test("the sign-in page offers the provider; a first sign-in creates the account and lists the link", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await freshPage(browser, viewport);
    await page.goto(`${server.url}/login`);
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Sign in with Test ID" })).toBeVisible();
    await shoot(page, "login-with-sso", viewport.name);
    await noSeriousAxe(page, `sign-in page ${viewport.name}`);

    const subject = `newcomer-${viewport.name}`;
    await ssoAs(page, subject, "/account");
    await page.waitForURL(`${server.url}/account`);
    await hydrated(page);
    expect(await signedInEmail(page)).toBe(`${subject}@example.test`);
    const card = page.getByRole("region", { name: "Single sign-on" });
    await expect(card.getByRole("cell", { name: /^Test ID/ })).toContainText(`${subject}@example.test`);
    await shoot(page, "account-linked-sign-ins", viewport.name);
    await noSeriousAxe(page, `account page ${viewport.name}`);

    // The only way into an account without a password cannot be unlinked.
    await card.getByRole("button", { name: "Unlink the Test ID sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlink Test ID?" });
    await dialog.getByRole("button", { name: "Unlink" }).click();
    await expect(dialog.getByText("only way to sign in")).toBeVisible();
    await shoot(page, "account-unlink-last-refused", viewport.name);
    await context.close();
  }
});

test("a tampered state on the way back is refused and no session is made", async ({ browser }) => {
  const { context, page } = await freshPage(browser);
  // The provider returns whatever state it was sent: change it on the way there, so the callback
  // carries a state this browser did not start with. (A redirect's hops cannot be routed.)
  let sent: string | null = null;
  await page.route(`${idp.issuer}/auth?**`, (route) => {
    const url = new URL(route.request().url());
    sent = url.searchParams.get("state");
    url.searchParams.set("state", `${sent}x`);
    return route.continue({ url: url.href });
  });
  const back = page.waitForRequest((request) => request.url().startsWith(`${server.url}/api/auth/callback/`));
  await ssoAs(page, "tamperer");
  const callback = new URL((await back).url());
  expect(sent).toBeTruthy();
  expect(callback.searchParams.get("state")).toBe(`${sent}x`);
  expect(callback.searchParams.get("code")).toBeTruthy();
  await page.waitForURL(/\/login\?.*error=OAuthCallback/);
  await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toContainText("expired or was altered");
  expect(await signedInEmail(page)).toBeNull();
  expect((await context.cookies()).some((cookie) => cookie.name.endsWith("next-auth.session-token"))).toBe(false);
  // The provider did sign the person in: no account was made from it (the operator can still make one).
  await admin(server, "account", "create", "--email", "tamperer@example.test");
  await context.close();
});

test("an address the provider has not verified is refused with a clear message", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await freshPage(browser, viewport);
    await ssoAs(page, "unverified-person");
    await page.waitForURL(/\/login\?error=SsoEmailUnverified/);
    await hydrated(page);
    await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toContainText("did not confirm that this e-mail address is yours");
    expect(await signedInEmail(page)).toBeNull();
    await shoot(page, "login-sso-unverified", viewport.name);
    await noSeriousAxe(page, `refusal ${viewport.name}`);
    // The link page with a ticket that is not (or no longer) good: says so, offers the way back.
    await page.goto(`${server.url}/login/link?ticket=not-a-ticket`);
    await expect(page.getByText("This link request is not valid or has expired")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to sign in" })).toBeVisible();
    await shoot(page, "sso-link-expired", viewport.name);
    await noSeriousAxe(page, `expired link ${viewport.name}`);
    await context.close();
  }
});

test("an existing account's address is linked only after its password; then the provider signs in directly", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const { context, page } = await freshPage(browser, viewport);
    await ssoAs(page, `existing-${viewport.name}`);
    await page.waitForURL(/\/login\/link\?ticket=/);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Link your Test ID sign-in" })).toBeVisible();
    // Nobody is signed in before the password.
    expect(await signedInEmail(page)).toBeNull();
    await shoot(page, "sso-link", viewport.name);
    await noSeriousAxe(page, `link page ${viewport.name}`);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Link Test ID and sign in" }).click();
    await expect(page.getByText("The password is not correct.")).toBeVisible();
    expect(await signedInEmail(page)).toBeNull();
    await shoot(page, "sso-link-wrong-password", viewport.name);
    await noSeriousAxe(page, `link page error ${viewport.name}`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Link Test ID and sign in" }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await signedInEmail(page)).toBe("existing@example.test");
    await context.close();

    // A new browser: the provider alone signs in now, to the same account.
    const again = await freshPage(browser, viewport);
    await ssoAs(again.page, `existing-${viewport.name}`, "/account");
    await again.page.waitForURL(`${server.url}/account`);
    expect(await signedInEmail(again.page)).toBe("existing@example.test");
    await expect(again.page.getByRole("region", { name: "Single sign-on" }).getByRole("row")).toHaveCount(viewport.name === "phone" ? 3 : 2);
    await again.context.close();
  }
});

test("a team that requires single sign-on keeps a password session out of its workspace", async ({ browser }) => {
  const owner = await freshPage(browser);
  await passwordSignIn(owner.page, "owner@example.test", "/team");
  for (const viewport of VIEWPORTS) {
    await owner.page.setViewportSize({ width: viewport.width, height: viewport.height });
    await owner.page.reload();
    await hydrated(owner.page);
    const rule = owner.page.getByLabel(/Require single sign-on/);
    if (viewport.name === "desktop") {
      // Saved on change; the box follows the saved answer.
      await rule.click();
      await expect(owner.page.getByText("Members now need single sign-on")).toBeVisible();
    }
    await expect(rule).toBeChecked();
    await shoot(owner.page, "team-requires-sso", viewport.name);
    await noSeriousAxe(owner.page, `team page ${viewport.name}`);
  }
  await owner.context.close();

  // The member, signed in with the password: the owner's workspace is refused, with what to do.
  const member = await freshPage(browser);
  await passwordSignIn(member.page, "member@example.test");
  await member.page.getByLabel("Switch workspace").selectOption({ label: "Olive" });
  await expect(member.page.getByText("requires single sign-on")).toBeVisible();
  const refused = await member.page.request.post(`${server.url}/api/dashboard/workspace`, { headers: { origin: server.url }, data: { ownerId } });
  expect(refused.status()).toBe(403);
  await member.context.close();

  // Signed in with the provider (linked after the password), the same member gets in.
  const sso = await freshPage(browser);
  await ssoAs(sso.page, "member-person");
  await sso.page.waitForURL(/\/login\/link/);
  await hydrated(sso.page);
  await sso.page.getByLabel("Password").fill(PASSWORD);
  await sso.page.getByRole("button", { name: "Link Test ID and sign in" }).click();
  await sso.page.waitForURL(`${server.url}/`);
  await hydrated(sso.page);
  const allowed = await sso.page.request.post(`${server.url}/api/dashboard/workspace`, { headers: { origin: server.url }, data: { ownerId } });
  expect(allowed.status()).toBe(200);
  await sso.context.close();
});
