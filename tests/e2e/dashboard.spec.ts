import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { hydrated } from "../helpers/dashboard-page";
import { admin, ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// The customer's door in Chromium: sign-up, sign-in (with its throttle), the shell, API keys shown
// once, team invitations, isolation between accounts, and sessions ended by a password change.
// Then every page at desktop and phone size: screenshot, no console error, no serious axe finding.

const SCREENSHOTS = path.join(ROOT, "tests", "e2e", "screenshots");
const PASSWORD = "correct horse battery";
const OWNER = { name: "Ada Owner", email: "ada@example.test" };
const MEMBER = { name: "Max Member", email: "max@example.test" };

let server: HopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Sign-ups after the first get Growth here, so the member's key has API access.
  server = await startServer({ env: { DEFAULT_PLAN: "growth" } });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Console errors (CSP violations among them) and failed page loads, collected per page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function signUp(page: Page, who: { name: string; email: string }) {
  await page.goto(`${server.url}/signup`);
  await hydrated(page);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${who.name}` })).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function newSignedInContext(browser: Browser, email: string, password = PASSWORD): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  return { context, page };
}

/** Creates a key on the Keys page and returns the value the dialog shows (once). */
async function createKeyInUi(page: Page, name: string, role = "full"): Promise<string> {
  await page.goto(`${server.url}/keys`);
  await hydrated(page);
  await page.getByRole("button", { name: "Create key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Access").selectOption(role);
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByRole("heading", { name: "Save your API key" })).toBeVisible();
  await expect(dialog.getByText("This is the only time the key is shown.")).toBeVisible();
  const key = (await dialog.getByTestId("new-key").textContent())!.trim();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  return key;
}

function apiCall(key: string, method: string, pathname: string, body?: unknown) {
  return fetch(`${server.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

test("sign up lands on the overview; the first account gets the unlimited plan", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(server.url);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: /Short links and link-in-bio websites/ })).toBeVisible();
  await page.getByRole("link", { name: "Get started" }).click();
  await expect(page.getByText("You are the first")).toBeVisible();
  await signUp(page, OWNER);
  await expect(page.getByText("Unlimited", { exact: true })).toBeVisible();
  for (const label of ["Links", "Websites", "Domains", "API keys"]) await expect(page.getByRole("link", { name: label }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("sign out, then sign in: a wrong password is refused, the right one returns to the page asked for", async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await signIn(page, OWNER.email);
  await expect(page.getByRole("heading", { name: `Welcome, ${OWNER.name}` })).toBeVisible();
  // Sign-in lands on a fresh page load: a click before it hydrates is lost.
  await hydrated(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`${server.url}/keys`);
  await hydrated(page);
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fkeys$/);
  await signIn(page, OWNER.email, "not the password");
  await expect(page.locator(".alert-danger")).toHaveText("The e-mail or password is not correct.");
  await signIn(page, OWNER.email);
  await expect(page).toHaveURL(`${server.url}/keys`);
  await expect(page.getByRole("heading", { name: "API keys", exact: true })).toBeVisible();
});

test("the 11th failed attempt for one e-mail is throttled, with the same message for unknown e-mails before it", async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  const target = "nobody-here@example.test";
  for (let attempt = 1; attempt <= 10; attempt++) {
    await signIn(page, target, `guess-${attempt}`);
    await expect(page.locator(".alert-danger")).toHaveText("The e-mail or password is not correct.");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
  }
  await signIn(page, target, "guess-11");
  await expect(page.locator(".alert-danger")).toHaveText(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
});

test("a key is shown once, works with the API, and is refused right after it is revoked", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await page.goto(`${server.url}/login?callbackUrl=%2Fkeys`);
  await hydrated(page);
  await signIn(page, OWNER.email);
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Create key" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Deploy script");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^hop_live_pk_[A-Za-z0-9]{40}$/);
  await dialog.getByRole("button", { name: "Done" }).click();

  const usage = await apiCall(copied, "GET", "/v1/account/usage");
  expect(usage.status).toBe(200);
  await page.reload();
  await hydrated(page);
  const row = page.getByRole("row", { name: /Deploy script/ });
  await expect(row).toContainText(copied.slice(0, 16));
  expect(await page.content()).not.toContain(copied);

  await row.getByRole("button", { name: "Revoke Deploy script" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  expect((await apiCall(copied, "GET", "/v1/account/usage")).status).toBe(401);
});

test("team: the owner's invitation link signs a person with no account up, joins the team, and the member's key creates in the owner's account", async ({ page, browser }) => {
  await page.goto(`${server.url}/login?callbackUrl=%2Fteam`);
  await hydrated(page);
  await signIn(page, OWNER.email);
  // The team page's own form, hydrated: a click before it would submit natively (a loaded machine).
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("button", { name: "Invite" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Their e-mail").fill(MEMBER.email);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Invite" }).click();
  const link = await page.getByLabel(`Invitation link for ${MEMBER.email}`, { exact: true }).inputValue();
  expect(link).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole("row", { name: new RegExp(MEMBER.email) })).toContainText("Expires");
  // One date format on the page (the list's badge and the link's line), and the line at AA contrast.
  const expires = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;
  await expect(page.locator(".invite-link .field-hint")).toContainText(new RegExp(`expires on ${expires.source}\\.`));
  await expect(page.getByRole("row", { name: new RegExp(MEMBER.email) })).toContainText(new RegExp(`Expires ${expires.source}`));
  const inviteAxe = await new AxeBuilder({ page }).include(".invite-link").analyze();
  expect(inviteAxe.violations.map((v) => v.id)).toEqual([]);
  await expect(page.getByRole("link", { name: /Team\s*1 pending/ })).toBeVisible();

  // The person has no account: the link leads through sign-up and back to itself.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link);
  await hydrated(memberPage);
  await memberPage.getByRole("link", { name: "Create an account" }).click();
  await hydrated(memberPage);
  await memberPage.getByLabel("Name").fill(MEMBER.name);
  await memberPage.getByLabel("E-mail").fill(MEMBER.email);
  await memberPage.getByLabel("Password").fill(PASSWORD);
  await memberPage.getByRole("button", { name: "Create account" }).click();
  await expect(memberPage).toHaveURL(link);
  await hydrated(memberPage);
  await expect(memberPage.getByRole("heading", { name: `Join ${OWNER.name}'s team` })).toBeVisible();
  await memberPage.getByRole("button", { name: "Join the team" }).click();
  // The new member lands in the team's workspace, where they came to work.
  await expect(memberPage).toHaveURL(`${server.url}/`);
  await expect(memberPage.getByText(`The links, websites and domains of ${OWNER.email}'s workspace at a glance.`)).toBeVisible();
  await hydrated(memberPage); // the menu's change handler is the client's
  await memberPage.getByLabel("Switch workspace").selectOption({ label: "My workspace" });
  await expect(memberPage.getByText("Your links, websites and domains at a glance.")).toBeVisible();
  await memberPage.goto(`${server.url}/team`);
  await expect(memberPage.getByRole("row", { name: new RegExp(OWNER.email) })).toContainText("Active");
  const memberRow = page.getByRole("row", { name: new RegExp(MEMBER.email) });

  await page.reload();
  await hydrated(page);
  await expect(memberRow).toContainText("Active");
  const memberKey = await createKeyInUi(memberPage, "Member key", "creator");
  const ownerKey = await createKeyInUi(page, "Owner key");
  const created = await apiCall(memberKey, "POST", "/v1/links", { url: "https://example.com/team", slug: "team-made", forTeamOwner: true });
  expect(created.status).toBe(201);
  expect((await apiCall(ownerKey, "GET", "/v1/links/team-made")).status).toBe(200);

  // Role changes are the owner's: to viewer, the member can no longer create for the owner.
  await page.goto(`${server.url}/team`);
  await hydrated(page);
  await memberRow.getByLabel(`Role of ${MEMBER.email}`).selectOption("viewer");
  await expect(page.getByText("Role changed to viewer")).toBeVisible();
  const refused = await apiCall(memberKey, "POST", "/v1/links", { url: "https://example.com/team2", slug: "team-made-2", forTeamOwner: true });
  expect(refused.status).toBe(403);
  await memberContext.close();
});

test("another account's key id or membership id answers 404 and changes nothing", async ({ page, browser }) => {
  await page.goto(`${server.url}/login?callbackUrl=%2Fkeys`);
  await hydrated(page);
  await signIn(page, OWNER.email);
  const ownerKeyRow = page.locator("tr[data-key-id]", { hasText: "Owner key" });
  const ownerKeyId = (await ownerKeyRow.getAttribute("data-key-id"))!;
  await page.goto(`${server.url}/team`);
  await hydrated(page);
  const membershipId = (await page.locator("tr[data-membership-id]", { hasText: MEMBER.email }).first().getAttribute("data-membership-id"))!;

  const { context, page: memberPage } = await newSignedInContext(browser, MEMBER.email);
  const headers = { origin: server.url };
  const revoke = await memberPage.request.delete(`${server.url}/api/dashboard/keys/${ownerKeyId}`, { headers });
  expect(revoke.status()).toBe(404);
  const promote = await memberPage.request.patch(`${server.url}/api/dashboard/team/${membershipId}`, { headers, data: { role: "admin" } });
  expect(promote.status()).toBe(404);
  const remove = await memberPage.request.delete(`${server.url}/api/dashboard/team/${membershipId}`, { headers });
  expect(remove.status()).toBe(404);
  // Without a same-origin Origin header the write is refused before anything is looked up.
  const crossSite = await memberPage.request.post(`${server.url}/api/dashboard/team/${membershipId}/leave`, { headers: { origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
  await context.close();

  await page.goto(`${server.url}/keys`);
  await hydrated(page);
  await expect(page.locator("tr[data-key-id]", { hasText: "Owner key" })).not.toContainText("Revoked");
  await page.goto(`${server.url}/team`);
  await hydrated(page);
  const row = page.getByRole("row", { name: new RegExp(MEMBER.email) });
  await expect(row.getByLabel(`Role of ${MEMBER.email}`)).toHaveValue("viewer");
  await expect(row).toContainText("Active");
});

test("a password change ends a second browser's session and keeps this one", async ({ page, browser }) => {
  await page.goto(`${server.url}/login?callbackUrl=%2Faccount`);
  await hydrated(page);
  await signIn(page, OWNER.email);
  const other = await newSignedInContext(browser, OWNER.email);
  await other.page.goto(`${server.url}/keys`);
  await hydrated(other.page);
  await expect(other.page.getByRole("heading", { name: "API keys", exact: true })).toBeVisible();

  await page.getByLabel("Current password").fill("wrong current password");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other sessions were signed out.")).toBeVisible();

  await other.page.reload();
  await hydrated(other.page);
  await expect(other.page).toHaveURL(/\/login\?callbackUrl=%2Fkeys$/);
  await page.goto(`${server.url}/keys`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "API keys", exact: true })).toBeVisible();
  await other.context.close();

  // Put the password back for the page tour.
  await page.goto(`${server.url}/account`);
  await hydrated(page);
  await page.getByLabel("Current password").fill("a brand new password");
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other sessions were signed out.")).toBeVisible();
});

test("a plan without API access says so on the Keys page and the overview, and offers no key that would answer 403", async ({ page }) => {
  await admin(server, "account", "create", "--email", "free@example.test", "--password", PASSWORD, "--plan", "free");
  await page.goto(`${server.url}/login?callbackUrl=%2Fkeys`);
  await hydrated(page);
  await signIn(page, "free@example.test");
  await expect(page.getByText("Your Free plan has no API access.")).toBeVisible();
  await expect(page.locator(".alert-warning")).toContainText("npm run cli -- account set-plan --email free@example.test --plan growth");
  await expect(page.getByRole("button", { name: /Create (a )?key/ })).toHaveCount(0);
  await page.goto(`${server.url}/`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "The API is not on your plan" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create a key" })).toHaveCount(0);
  // One definition of what the plan counts: short links and websites, together.
  await expect(page.getByTestId("plan-count")).toHaveText(/^0 short links · 0 websites · 0 of your plan's \d+$/);
  await expect(page.getByRole("link", { name: "New link" })).toBeVisible();
});

test("with CNAME_TARGET and APEX_A_RECORD unset, the Domains page says custom domains can't be verified yet, and what to set", async ({ page }) => {
  await page.goto(`${server.url}/login?callbackUrl=%2Fdomains`);
  await hydrated(page);
  await signIn(page, OWNER.email);
  const warning = page.locator(".alert-warning", { hasText: "Custom domains can't be verified on this Hop instance yet." });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("127.0.0.1");
  await expect(warning).toContainText("set CNAME_TARGET and APEX_A_RECORD to this server's public name and address");
});

const SIGNED_OUT_PAGES = ["/", "/login", "/signup"];
const SIGNED_IN_PAGES = ["/", "/links", "/websites", "/domains", "/analytics", "/keys", "/team", "/account"];
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

async function tour(page: Page, paths: string[], label: string, viewport: (typeof VIEWPORTS)[number]) {
  for (const pathname of paths) {
    const errors = watchErrors(page);
    const response = await page.goto(`${server.url}${pathname}`);
    await hydrated(page);
    expect(response?.status(), pathname).toBe(200);
    expect(response?.headers()["content-security-policy"], pathname).toMatch(/script-src 'self' 'nonce-/);
    await page.waitForLoadState("networkidle");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${pathname} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(viewport.width);
    const name = `${label}${pathname === "/" ? "-home" : pathname.replace(/\//g, "-")}-${viewport.name}.png`;
    await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
    if (pathname === "/websites/new") {
      // Chromium paints a sandboxed frame only once it is near the viewport: the gallery's last rows,
      // blank in a full-page capture, are captured scrolled into view.
      await page.getByText("Noir", { exact: true }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SCREENSHOTS, name.replace(".png", "-scrolled.png")) });
    }
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), pathname).toEqual([]);
    expect(errors, pathname).toEqual([]);
  }
}

for (const viewport of VIEWPORTS) {
  test(`every page at ${viewport.width}×${viewport.height}: screenshot, no console error, no serious axe violation`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await tour(page, SIGNED_OUT_PAGES, "signed-out", viewport);
    await page.goto(`${server.url}/login`);
    await hydrated(page);
    await signIn(page, OWNER.email);
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await tour(page, SIGNED_IN_PAGES, "signed-in", viewport);
    if (viewport.name === "phone") {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("link", { name: "Team" })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOTS, "signed-in-menu-phone.png") });
    }
    await page.goto(`${server.url}/keys`);
    await hydrated(page);
    await page.getByRole("button", { name: "Create key" }).first().click();
    await page.screenshot({ path: path.join(SCREENSHOTS, `dialog-create-key-${viewport.name}.png`) });
    await context.close();
  });
}

for (const viewport of VIEWPORTS) {
  test(`dark mode (from the system setting) at ${viewport.width}×${viewport.height}: the main pages keep their contrast`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: "dark" });
    const page = await context.newPage();
    await tour(page, ["/forgot-password", "/login"], "dark", viewport);
    await signIn(page, OWNER.email);
    await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
    await tour(page, ["/", "/links", "/websites", "/websites/new", "/analytics", "/keys", "/team", "/account"], "dark", viewport);
    await context.close();
  });
}
