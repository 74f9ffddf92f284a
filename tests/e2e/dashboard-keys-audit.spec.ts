import { expect, test } from "@playwright/test";
import { apiCall, checkPages, dashboardUser, signIn, type DashboardUser } from "../helpers/dashboard-page";
import { send, signIn as sessionCookie } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// API keys by preset or ticked scopes, with restrictions and expiry, and Settings → Audit log:
// made with the keyboard and mouse in Chromium, then both pages at both sizes with axe.

let server: HopServer;
let owner: DashboardUser;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer();
  owner = await dashboardUser(server, "keys-audit@example.test");
  await apiCall(server, owner.key, "POST", "/v1/groups", { name: "Campaigns" });
  // Two autosaves of a draft: one entry, counting them.
  const draft = (await apiCall(server, owner.key, "POST", "/v1/websites/drafts", { semantic: { profile: { name: "Autosaved" } } })).body.data.id;
  const cookie = await sessionCookie(server, owner.email);
  for (const version of [1, 2]) await send(server, "PUT", `/api/dashboard/drafts/${draft}`, { cookie, body: { version, semantic: { profile: { name: `Save ${version}` } } } });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a custom key with ticked scopes, a group and an expiry; the list shows them; the audit log names it", async ({ page }) => {
  await signIn(page, server, owner.email, "/keys");
  await page.getByRole("button", { name: "Create key" }).first().click();
  await page.getByLabel("Name").fill("Form handler");
  await page.getByLabel("Access").selectOption("custom");
  const scopes = page.getByRole("group", { name: "Scopes" });
  // The reads are ticked by default: keep links:read, add links:write, drop the others.
  for (const name of ["domains:read", "websites:read", "analytics:read", "webhooks:read", "groups:read"]) await scopes.getByRole("checkbox", { name: new RegExp(name) }).uncheck();
  await scopes.getByRole("checkbox", { name: /links:write/ }).check();
  await page.getByText("Restrictions and expiry (optional)").click();
  await page.getByRole("group", { name: "Only these groups" }).getByRole("checkbox", { name: "Campaigns" }).check();
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Expires after").fill(nextYear);
  await page.screenshot({ path: "tests/e2e/screenshots/keys-create-dialog-desktop.png" });
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-key").textContent()) ?? "";
  expect(key).toMatch(/_live_pk_/);
  await page.keyboard.press("Escape");
  await page.reload();
  const row = page.locator("tr", { hasText: "Form handler" });
  await expect(row).toContainText("Custom");
  await expect(row).toContainText("links:read, links:write");
  await expect(row).toContainText("Only group Campaigns");
  await expect(row).toContainText("Expires");

  // The new key may not read groups: 403 naming the scope.
  const refused = await apiCall(server, key.trim(), "GET", "/v1/groups");
  expect(refused.status).toBe(403);
  expect(refused.body.error.scope).toBe("groups:read");

  await page.goto(`${server.url}/account/audit-log`);
  const entry = page.locator("tr", { hasText: "key.created" }).filter({ hasText: "Form handler" });
  await expect(entry).toContainText(owner.email);
  await expect(entry).toContainText("via Dashboard");
  await expect(entry).toContainText("Form handler");
  await page.getByLabel("Action").fill("group");
  await page.getByLabel("Action").press("Enter");
  await expect(page).toHaveURL(/action=group/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("group.created");

  await page.goto(`${server.url}/account/audit-log?action=draft.updated`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("2 saves, the last just now");
});

test("the keys and audit log pages at both sizes: no sideways scroll, axe finds nothing serious", async ({ browser }) => {
  await checkPages(browser, server, owner.email, [
    { path: "/keys", name: "keys-scopes" },
    { path: "/account/audit-log", name: "audit-log" },
  ]);
});
