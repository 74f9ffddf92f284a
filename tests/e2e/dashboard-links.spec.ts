import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PNG } from "pngjs";
import { api, addKey } from "../helpers/api";
import { decodeQrPng } from "../helpers/qr-decode";
import { hydrated } from "../helpers/dashboard-page";
import { admin, ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { agent, PRIMARY, visit } from "../helpers/visit";

// The links area in Chromium: a link made in the form with a geo and a language rule answers
// visitors by those rules; it is edited and switched off; three links are deactivated at once;
// its QR code downloads and scans back to the short URL; a team editor works in the owner's
// workspace and a viewer only looks. Every page is screenshotted at desktop and phone size.

const SCREENSHOTS = path.join(ROOT, "tests", "e2e", "screenshots");
const PASSWORD = "correct horse battery";
const OWNER = "lena-owner@example.test";
const EDITOR = "eddie-editor@example.test";
const VIEWER = "vera-viewer@example.test";
const ADMIN = "ada-admin@example.test";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

let server: HopServer;
let ownerKey: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer({ env: { TRUST_PROXY: "true", WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_POLL_MS: "100" } });
  for (const email of [OWNER, EDITOR, VIEWER, ADMIN]) await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "growth");
  await admin(server, "team", "add", "--owner", OWNER, "--member", EDITOR, "--role", "editor", "--status", "active");
  await admin(server, "team", "add", "--owner", OWNER, "--member", VIEWER, "--role", "viewer", "--status", "active");
  await admin(server, "team", "add", "--owner", OWNER, "--member", ADMIN, "--role", "admin", "--status", "active");
  ownerKey = (await addKey(server, OWNER, "full")).key;
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  // The link form's preview card shows the link's preview image from its own host: tests stay on
  // loopback, so that host answers here with a 1×1 PNG.
  await context.route("https://example.com/**", (route) => route.fulfill({ status: 200, contentType: "image/png", body: PNG.sync.write(new PNG({ width: 1, height: 1 })) }));
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  return page;
}

/** The link form folds its optional sections; opens one by its title. */
async function openSection(page: Page, title: string) {
  const section = page.locator("details.disclosure", { has: page.locator(".disclosure-title", { hasText: title }) });
  if (!(await section.evaluate((details) => (details as HTMLDetailsElement).open))) await section.locator("summary").click();
}

async function noSeriousAxe(page: Page, label: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), label).toEqual([]);
}

test("a link made in the form follows its geo and language rules on a visit; edit and toggle it", async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto(`${server.url}/links/new`);
  await hydrated(page);
  await expect(page.getByLabel("Domain")).toHaveValue(/./);
  await page.getByLabel("Destination").fill("not a url");
  await page.getByLabel("Slug").fill("rules-e2e");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.locator("#link-url-error")).toBeVisible();

  await page.getByLabel("Destination").fill("https://example.com/main");
  await page.getByLabel("Title", { exact: true }).fill("Rules demo");
  await openSection(page, "Geo rules");
  await page.getByRole("button", { name: "Add geo rule" }).click();
  // The same country picker as the geo presets: one field, a suggestion picked, the chips.
  await page.locator("#geo-0-countries-add").fill("Germany (DE)");
  await expect(page.locator("#geo-0-countries-add")).toHaveValue("");
  await page.locator("#geo-0-countries-add").fill("austria");
  await page.locator("#geo-0-countries-add").press("Enter");
  await expect(page.getByRole("list", { name: "Chosen countries" })).toHaveText(/Germany.*Austria/s);
  await page.locator("#geo-0-redirect").fill("https://example.com/dach");
  await openSection(page, "Language rules");
  await page.getByRole("button", { name: "Add language rule" }).click();
  await page.getByLabel("Languages").fill("fr");
  await page.locator("#lang-0-redirect").fill("https://example.com/fr");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/rules-e2e$/);
  await expect(page.getByRole("heading", { name: "Rules demo" })).toBeVisible();

  const where = async (headers: Record<string, string>) => (await visit(server, PRIMARY, "/rules-e2e", { headers })).headers.location;
  expect(await where({ "cf-ipcountry": "AT" })).toBe("https://example.com/dach");
  expect(await where({ "cf-ipcountry": "CA", "accept-language": "fr-CA,fr;q=0.9" })).toBe("https://example.com/fr");
  expect(await where({ "cf-ipcountry": "US", "accept-language": "en-US" })).toBe("https://example.com/main");

  await page.getByLabel("Destination").fill("https://example.com/changed");
  // SEO fields: the limit in words next to the field (the section opens itself), then saved and
  // shown to a link-preview fetcher.
  await openSection(page, "SEO and link previews");
  await page.getByLabel("SEO description").fill("x".repeat(2001));
  await page.locator("#link-seo > summary").click();
  await expect(page.getByLabel("SEO description")).toBeHidden();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#link-description-error")).toHaveText("The SEO description can be at most 2,000 characters.");
  await expect(page.getByLabel("SEO description")).toBeFocused();
  await page.getByLabel("Title", { exact: true }).fill("Rules for DACH & French visitors");
  await page.getByLabel("SEO description").fill("One link, three destinations <by country and language>.");
  await page.getByLabel("SEO preview image URL").fill("https://example.com/card.png");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Link saved")).toBeVisible();
  await expect.poll(async () => where({ "cf-ipcountry": "US" })).toBe("https://example.com/changed");
  const stored = (await api(server, "GET", "/v1/links/rules-e2e", { key: ownerKey })).body.data;
  expect([stored.title, stored.description, stored.seo]).toEqual([
    "Rules for DACH & French visitors",
    "One link, three destinations <by country and language>.",
    { title: "Rules for DACH & French visitors", description: "One link, three destinations <by country and language>.", image: "https://example.com/card.png" },
  ]);
  const preview = await visit(server, PRIMARY, "/rules-e2e", { userAgent: agent({ category: "preview" }) });
  expect(preview.status).toBe(200);
  expect(preview.body).toContain('<meta property="og:title" content="Rules for DACH &amp; French visitors">');
  expect(preview.body).toContain('<meta property="og:description" content="One link, three destinations &lt;by country and language&gt;.">');
  expect(preview.body).toContain('<meta property="og:image" content="https://example.com/card.png">');

  await page.goto(`${server.url}/links?search=rules-e2e`);
  await hydrated(page);
  const toggle = page.getByRole("switch", { name: /rules-e2e/ });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => (await api(server, "GET", "/v1/links/rules-e2e", { key: ownerKey })).body.data.isActive).toBe(false);
  await page.context().close();
});

test("bulk: three links deactivated at once, the outcome counted", async ({ browser }) => {
  for (const slug of ["bulk-a", "bulk-b", "bulk-c"]) {
    expect((await api(server, "POST", "/v1/links", { key: ownerKey, body: { url: `https://example.com/${slug}`, slug, tags: ["bulk"] } })).status).toBe(201);
  }
  const page = await signedIn(browser, OWNER);
  await page.goto(`${server.url}/links?tag=bulk`);
  await hydrated(page);
  await expect(page.getByTestId("links-count")).toHaveText(/of 3 links/);
  await page.getByLabel("Select all links on this page").check();
  await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByTestId("bulk-outcome")).toContainText("3 deactivated, 0 failed, 0 skipped");
  const list = await api(server, "GET", "/v1/links?tag=bulk", { key: ownerKey });
  expect(list.body.data.map((l: { isActive: boolean }) => l.isActive)).toEqual([false, false, false]);
  // The rows show the result at once: switches off, the rows muted, without a reload.
  const switches = page.getByRole("switch", { name: /^Active: / });
  await expect(switches).toHaveCount(3);
  for (const toggle of await switches.all()) await expect(toggle).not.toBeChecked();
  await expect(page.locator("tr.row-inactive")).toHaveCount(3);
  await page.getByLabel("Select all links on this page").check();
  await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByTestId("bulk-outcome")).toContainText("3 activated");
  for (const toggle of await switches.all()) await expect(toggle).toBeChecked();
  await expect(page.locator("tr.row-inactive")).toHaveCount(0);
  await page.context().close();
});

test("filters apply as they are typed or picked: the address follows, the page does not reload", async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto(`${server.url}/links`);
  await hydrated(page);
  // The page streams in after the layout: type only once the filters themselves are interactive.
  await expect(page.locator("form.link-filters[data-interactive]")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  // A mark on the window survives only if the document is never reloaded.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByLabel("Search", { exact: true }).pressSequentially("bulk-", { delay: 30 });
  await expect(page).toHaveURL(/\/links\?search=bulk-$/);
  await expect(page.getByTestId("links-count")).toHaveText(/of 3 links/);
  await page.getByLabel("Status").selectOption("inactive");
  await expect(page).toHaveURL(/search=bulk-&status=inactive$/);
  await expect(page.getByRole("heading", { name: "No link matches" })).toBeVisible();
  await page.getByLabel("Status").selectOption("active");
  await expect(page.getByTestId("links-count")).toHaveText(/of 3 links/);
  await page.getByLabel("Sort").selectOption({ label: "Most clicks" });
  await expect(page).toHaveURL(/sort=clicks/);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/links$/);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The row's menu and its click count lead to the link's analytics.
  const menu = page.locator(".row-menu", { has: page.locator('summary[aria-label$="/rules-e2e"]') });
  await menu.locator("summary").click();
  await expect(menu.getByRole("button", { name: "QR code" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu.getByRole("button", { name: "QR code" })).toBeHidden();
  await page.getByRole("link", { name: /clicks in 30 days: analytics of .*rules-e2e/ }).click();
  await expect(page).toHaveURL(/\/analytics\/link\?id=/);
  await page.context().close();
});

test("the QR code downloads as PNG and scans back to the short URL", async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto(`${server.url}/links/rules-e2e`);
  await hydrated(page);
  const shortUrl = (await api(server, "GET", "/v1/links/rules-e2e", { key: ownerKey })).body.data.url;
  await expect(page.getByRole("img", { name: `QR code for ${shortUrl}` })).toBeVisible();
  await page.getByLabel("Error correction").selectOption("H");
  const { readFileSync } = await import("node:fs");
  const downloaded = async (name: "Download PNG" | "Download SVG") => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name }).click()]);
    return readFileSync((await download.path())!);
  };
  const plain = await downloaded("Download PNG");
  expect(decodeQrPng(plain)).toBe(shortUrl);
  expect((await downloaded("Download SVG")).toString("utf8")).toMatch(/^<svg /);

  // An SVG logo is refused: by the page when the file says so, by the server when it pretends to be a PNG.
  const logoSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#dc143c"/></svg>';
  const logoInput = page.getByLabel("Centre logo (optional)");
  await logoInput.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(logoSvg) });
  await expect(page.locator("#qr-code").getByRole("alert")).toContainText("SVG logos are not accepted");
  await logoInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(logoSvg) });
  await expect(page.locator("#qr-code").getByRole("alert")).toContainText("SVG logos are not accepted");
  await expect(page.getByLabel("Error correction")).not.toBeDisabled();

  // A raster logo goes into both downloads; the PNG with it still scans.
  const disc = new PNG({ width: 40, height: 40 });
  for (let y = 0; y < 40; y += 1) {
    for (let x = 0; x < 40; x += 1) disc.data.set((x - 19.5) ** 2 + (y - 19.5) ** 2 < 400 ? [220, 20, 60, 255] : [0, 0, 0, 0], (y * 40 + x) * 4);
  }
  await logoInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG.sync.write(disc) });
  await expect(page.getByLabel("Error correction")).toHaveValue("H");
  await expect(page.locator("#qr-code").getByRole("alert")).toHaveCount(0);
  // The preview is the server's SVG of the download, logo and its background square included.
  await expect(page.getByRole("img", { name: `QR code for ${shortUrl}` })).toHaveAttribute("src", /^data:image\/svg\+xml;base64,/);
  await page.locator("#qr-code").screenshot({ path: path.join(SCREENSHOTS, "qr-logo-desktop.png") });
  const withLogo = await downloaded("Download PNG");
  expect(withLogo.equals(plain)).toBe(false);
  expect(decodeQrPng(withLogo)).toBe(shortUrl);
  expect((await downloaded("Download SVG")).toString("utf8")).toContain('<image href="data:image/png;base64,');
  // The drop zone shows the chosen logo with a remove button; removing it gives the plain code back.
  await expect(page.getByRole("img", { name: "The chosen logo" })).toBeVisible();
  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByLabel("Error correction")).not.toBeDisabled();
  await expect(page.getByRole("img", { name: `QR code for ${shortUrl}` })).toHaveAttribute("src", /\/qr\?/);

  // The same from the links table: the row's menu opens the QR code in a dialog over the list.
  await page.goto(`${server.url}/links?search=rules-e2e`);
  await hydrated(page);
  await page.locator('summary[aria-label$="/rules-e2e"]').click();
  await page.getByRole("button", { name: "QR code" }).click();
  const dialog = page.getByRole("dialog", { name: "QR code" });
  await expect(dialog.getByRole("img", { name: `QR code for ${shortUrl}` })).toBeVisible();
  await expect(dialog).toContainText(`Scans to ${shortUrl}`);
  await page.screenshot({ path: path.join(SCREENSHOTS, "links-qr-dialog-desktop.png") });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.context().close();

  // The same dialog in dark mode, at both sizes.
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: "dark" });
    const dark = await context.newPage();
    await dark.goto(`${server.url}/login`);
    await dark.getByLabel("E-mail").fill(OWNER);
    await dark.getByLabel("Password").fill(PASSWORD);
    await dark.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(dark).not.toHaveURL(/\/login/);
    await dark.goto(`${server.url}/links?search=rules-e2e`);
    await hydrated(dark);
    await dark.locator('summary[aria-label$="/rules-e2e"]').click();
    await dark.getByRole("button", { name: "QR code" }).click();
    const darkDialog = dark.getByRole("dialog", { name: "QR code" });
    await expect(darkDialog.getByRole("img", { name: `QR code for ${shortUrl}` })).toBeVisible();
    await dark.screenshot({ path: path.join(SCREENSHOTS, `dark-links-qr-dialog-${viewport.name}.png`) });
    await noSeriousAxe(dark, `QR dialog, dark, ${viewport.name}`);
    // The footer's Close stays on screen at every size; the body scrolls to the downloads.
    await expect(darkDialog.getByRole("button", { name: "Close" })).toBeInViewport();
    await darkDialog.getByRole("button", { name: "Download PNG" }).scrollIntoViewIfNeeded();
    await expect(darkDialog.getByRole("button", { name: "Download PNG" })).toBeInViewport();
    await expect(darkDialog.getByRole("button", { name: "Close" })).toBeInViewport();
    await darkDialog.getByRole("button", { name: "Close" }).click();
    await expect(darkDialog).toBeHidden();
    await context.close();
  }
});

test("groups and geo presets: create, rename, delete with the count of ungrouped links", async ({ browser }) => {
  const page = await signedIn(browser, OWNER);
  await page.goto(`${server.url}/links/groups`);
  await hydrated(page);
  await page.getByLabel("New group name").fill("Spring");
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("link", { name: "Spring" })).toBeVisible();
  await page.goto(`${server.url}/links?tag=bulk`);
  await hydrated(page);
  await page.getByLabel("Select all links on this page").check();
  await page.getByLabel("Group to move the selected links to").selectOption({ label: "Spring" });
  await page.getByRole("button", { name: "Move to group" }).click();
  await expect(page.getByTestId("bulk-outcome")).toContainText("3 moved");
  await page.goto(`${server.url}/links/groups`);
  await hydrated(page);
  await page.getByRole("button", { name: "Rename Spring" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("Spring sale");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await page.getByRole("link", { name: "Spring sale" }).click();
  await expect(page.getByTestId("links-count")).toHaveText(/of 3 links/);
  await page.goto(`${server.url}/links/groups`);
  await hydrated(page);
  await page.getByRole("button", { name: "Delete Spring sale" }).click();
  await expect(page.getByRole("dialog")).toContainText("Its 3 links stay and become ungrouped.");
  await page.getByRole("button", { name: "Delete group" }).click();
  await expect(page.getByText("Group deleted; 3 links were ungrouped")).toBeVisible();

  await page.getByLabel("Preset name").fill("DACH");
  for (const [name, code] of [["Germany", "DE"], ["Austria", "AT"], ["Switzerland", "CH"]]) {
    await page.getByLabel("Add a country").fill(`${name} (${code})`);
    await expect(page.getByLabel("Add a country")).toHaveValue("");
    await expect(page.getByRole("list", { name: "Chosen countries" })).toContainText(name);
  }
  await page.getByRole("button", { name: "Create preset" }).click();
  await expect(page.getByRole("cell", { name: "DACH Germany, Austria, Switzerland" })).toBeVisible();
  await page.context().close();
});

test("team: an editor creates a link in the owner's workspace, sees the owner's overview and cannot manage domains; a viewer sees it with controls disabled and a forged change refused", async ({ browser }) => {
  const editor = await signedIn(browser, EDITOR);
  await editor.goto(`${server.url}/links`);
  await hydrated(editor);
  await editor.getByLabel("Switch workspace").selectOption({ label: OWNER });
  await expect(editor.getByText("Team workspace · editor")).toBeVisible();
  await expect(editor.getByRole("status").filter({ hasText: `workspace of ${OWNER}` })).toBeVisible();
  await editor.goto(`${server.url}/links/new`);
  await hydrated(editor);
  await editor.getByLabel("Destination").fill("https://example.com/by-editor");
  await editor.getByLabel("Slug").fill("by-editor");
  await editor.getByRole("button", { name: "Create link" }).click();
  await expect(editor).toHaveURL(/\/links\/by-editor$/);
  expect((await api(server, "GET", "/v1/links/by-editor", { key: ownerKey })).status).toBe(200);
  await editor.goto(`${server.url}/domains`);
  await hydrated(editor);
  await expect(editor.getByRole("heading", { name: "Only the workspace owner manages domains" })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Connect domain" })).toHaveCount(0);
  await expect(editor.getByText("It has none yet, so links and websites live on")).toBeVisible();
  await editor.goto(`${server.url}/`);
  await hydrated(editor);
  await expect(editor.getByRole("status").filter({ hasText: `workspace of ${OWNER}` })).toBeVisible();
  await expect(editor.getByLabel("Switch workspace")).toBeVisible();
  // The plan shown is the owner's: its card leads to the workspace's links, not to the editor's own account.
  const planCard = editor.getByRole("region", { name: "Plan usage" });
  await expect(planCard.locator('a[href="/account"]')).toHaveCount(0);
  await planCard.getByRole("link", { name: "Workspace links" }).click();
  await expect(editor).toHaveURL(/\/links$/);
  await expect(editor.getByText("by-editor").first()).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await editor.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [pathname, name] of [
      ["/", "overview-editor-workspace"],
      ["/domains", "domains-editor-workspace"],
      ["/team", "team-editor-workspace"],
    ]) {
      await editor.goto(`${server.url}${pathname}`);
      await hydrated(editor);
      await editor.waitForLoadState("networkidle");
      const scrollWidth = await editor.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${pathname} scrolls sideways`).toBeLessThanOrEqual(viewport.width);
      await editor.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`), fullPage: true });
      await noSeriousAxe(editor, `editor's ${pathname} at ${viewport.name}`);
    }
  }
  await editor.context().close();

  const viewer = await signedIn(browser, VIEWER);
  await viewer.goto(`${server.url}/links`);
  await hydrated(viewer);
  await viewer.getByLabel("Switch workspace").selectOption({ label: OWNER });
  await expect(viewer.getByText("Team workspace · read-only")).toBeVisible();
  await expect(viewer.getByRole("status").filter({ hasText: "you can look, not change" })).toBeVisible();
  await viewer.goto(`${server.url}/links?search=by-editor`);
  await hydrated(viewer);
  await expect(viewer.getByText("by-editor").first()).toBeVisible();
  await expect(viewer.getByRole("switch", { name: /by-editor/ })).toBeDisabled();
  await expect(viewer.getByRole("button", { name: "New link" })).toBeDisabled();
  await viewer.screenshot({ path: path.join(SCREENSHOTS, "links-viewer-workspace-desktop.png"), fullPage: true });
  await noSeriousAxe(viewer, "viewer's links page");
  await viewer.goto(`${server.url}/links/by-editor`);
  await hydrated(viewer);
  await expect(viewer.getByLabel("Destination")).toBeDisabled();
  const forged = await viewer.evaluate(async () => {
    const response = await fetch("/api/dashboard/links/by-editor/status", { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ setActive: false }) });
    return response.status;
  });
  expect(forged).toBe(403);
  expect((await api(server, "GET", "/v1/links/by-editor", { key: ownerKey })).body.data.isActive).toBe(true);
  await viewer.context().close();
});

test("team: an admin manages the owner's team from the owner's workspace — invites, changes a role — with no control on their own row", async ({ browser }) => {
  const page = await signedIn(browser, ADMIN);
  await page.goto(`${server.url}/team`);
  await hydrated(page);
  await page.getByLabel("Switch workspace").selectOption({ label: OWNER });
  await expect(page.getByText(`You are an admin of ${OWNER}'s team`)).toBeVisible();
  await page.getByLabel("Their e-mail").fill("new-hire@example.test");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByText("Invitation link made")).toBeVisible();
  await expect(page.locator("tr[data-invitation-id]", { hasText: "new-hire@example.test" })).toBeVisible();
  const role = page.getByRole("combobox", { name: `Role of ${VIEWER}` });
  await role.selectOption("editor");
  await expect(page.getByText("Role changed to editor")).toBeVisible();
  const own = page.locator("tr", { hasText: ADMIN });
  await expect(own.getByText("You (only the owner changes your role)")).toBeVisible();
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("button", { name: "Remove" })).toHaveCount(0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`${server.url}/team`);
    await hydrated(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "the Team page scrolls sideways").toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SCREENSHOTS, `team-admin-workspace-${viewport.name}.png`), fullPage: true });
    await noSeriousAxe(page, `admin's /team at ${viewport.name}`);
  }
  await page.context().close();
  // Put the viewer back for the specs that follow.
  const owner = await signedIn(browser, OWNER);
  await owner.goto(`${server.url}/team`);
  await hydrated(owner);
  await owner.getByRole("combobox", { name: `Role of ${VIEWER}` }).selectOption("viewer");
  await expect(owner.getByText("Role changed to viewer")).toBeVisible();
  await owner.context().close();
});

for (const viewport of VIEWPORTS) {
  test(`links pages at ${viewport.width}×${viewport.height}: screenshot, no sideways scroll, no serious axe violation`, async ({ browser }) => {
    const page = await signedIn(browser, OWNER, { width: viewport.width, height: viewport.height });
    if (viewport.name === "desktop") {
      const long = await api(server, "POST", "/v1/groups", { key: ownerKey, body: { name: "Spring campaign for the northern hemisphere flagship stores" } });
      expect(long.status).toBe(201);
    }
    for (const [pathname, name] of [
      ["/links", "links"],
      ["/links?search=zzz-nothing", "links-empty"],
      ["/links/new", "link-new"],
      ["/links/rules-e2e", "link-edit"],
      ["/links/groups", "link-groups"],
    ]) {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const response = await page.goto(`${server.url}${pathname}`);
      await hydrated(page);
      expect(response?.status(), pathname).toBe(200);
      await page.waitForLoadState("networkidle");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${pathname} scrolls sideways`).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.name}.png`), fullPage: true });
      if (pathname === "/links" && viewport.name === "desktop") {
        // Twelve rows of the tallest kind (short link, then title → destination) fit the first screen.
        const rows = page.locator(".links-table tbody tr");
        const heights = await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().height));
        const top = await rows.first().evaluate((row) => row.getBoundingClientRect().top);
        expect(top + 12 * Math.max(...heights), `rows of ${Math.max(...heights)} px from ${top} px`).toBeLessThanOrEqual(viewport.height);
      }
      if (pathname === "/links/groups") {
        // Groups and presets fit their cards: a long country list wraps rather than scrolls.
        const presets = page.locator(`.table-wrap[aria-label="Geo presets"]`);
        expect(await presets.evaluate((el) => el.scrollWidth - el.clientWidth), "the presets table scrolls sideways").toBeLessThanOrEqual(0);
        const groups = page.locator(`.table-wrap[aria-label="Groups"]`);
        expect(await groups.evaluate((el) => el.scrollWidth - el.clientWidth), "the groups table scrolls sideways").toBeLessThanOrEqual(0);
        await expect(groups.getByRole("button", { name: /^Delete Spring campaign/ })).toBeInViewport();
      }
      await noSeriousAxe(page, pathname);
      expect(errors, pathname).toEqual([]);
      page.removeAllListeners("console");
    }
    await page.context().close();
  });
}

test("import a CSV: the columns detected and changed, a dry run that names the failing rows, the import with its progress, the failed rows as a file; then Export CSV with the filters", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, OWNER, viewport);
    await page.goto(`${server.url}/links`);
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { name: "Import links" })).toBeVisible();
    await hydrated(page);
    const tag = viewport.name;
    const csv = [
      "Destination,Key,Name,Labels,Clicks",
      `https://example.com/imp-1,imp-${tag}-1,First,a|b,3`,
      `https://example.com/imp-2,imp-${tag}-2,Second,,0`,
      `not a url,imp-${tag}-3,Broken,,0`,
      `https://example.com/imp-4,docs,Reserved,,0`,
    ].join("\n");
    await page.locator("#import-file").setInputFiles({ name: `links-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByLabel(/Destination URL/)).toHaveValue("0");
    await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("1");
    await expect(page.getByLabel("Title")).toHaveValue("");
    // "Name" is not a column Hop knows: mapped by hand, and the preview follows.
    await page.getByLabel("Title").selectOption("Name");
    await page.getByLabel("Tags").selectOption("Labels");
    await expect(page.getByRole("region", { name: "The first rows of the file" })).toContainText("First");
    if (viewport.name === "desktop") {
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    }
    await page.getByRole("button", { name: "Check the rows" }).click();
    await expect(page.getByRole("heading", { name: "3. Import" })).toBeVisible();
    await expect(page.locator(".import-failures li")).toHaveText([/^Row 3 \(imp-\w+-3\): The URL must be a full web address/, /^Row 4 \(docs\): docs is reserved for Hop's own pages on the primary domain\. Try docs-1\./]);
    expect((await api(server, "GET", `/v1/links/imp-${tag}-1`, { key: ownerKey })).status).toBe(404);
    await page.screenshot({ path: path.join(SCREENSHOTS, `links-import-${viewport.name}.png`), fullPage: true });
    await page.getByRole("button", { name: "Import 2 links" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 links imported, 2 rows not" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the failed rows (CSV)" }).click();
    const failed = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of failed) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString("utf8").split("\r\n")[0]).toBe("Destination,Key,Name,Labels,Clicks,error");
    const first = (await api(server, "GET", `/v1/links/imp-${tag}-1`, { key: ownerKey })).body.data;
    expect([first.title, first.tags]).toEqual(["First", ["a", "b"]]);

    await page.goto(`${server.url}/links?search=imp-${tag}`);
    const exported = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toMatch(/^hop-links-\d{4}-\d{2}-\d{2}\.csv$/);
    const text: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) text.push(chunk as Buffer);
    const lines = Buffer.concat(text).toString("utf8").trim().split("\r\n");
    expect(lines.length).toBe(3);
    await page.context().close();
  }
});

test("webhooks: the owner adds one (the secret once), events arrive at a real receiver and show in the log, a test event too; a team member only reads that the owner manages them", async ({ browser }) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push(JSON.parse(body).type);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, OWNER, viewport);
    await page.goto(`${server.url}/webhooks`);
    await hydrated(page);
    if (viewport.name === "desktop") {
      await expect(page.getByRole("heading", { name: "No webhooks yet" })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOTS, "webhooks-empty-desktop.png"), fullPage: true });
      await page.getByRole("button", { name: "New webhook" }).click();
      await page.getByLabel("Endpoint URL").fill(url);
      await page.getByRole("checkbox", { name: /link\.clicked/ }).check();
      await page.getByRole("button", { name: "Add webhook" }).click();
      await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);
      await page.screenshot({ path: path.join(SCREENSHOTS, "webhooks-secret-desktop.png") });
      await page.getByRole("button", { name: "Done" }).click();
      await expect(page.getByRole("heading", { name: url })).toBeVisible();
      expect((await api(server, "POST", "/v1/links", { key: ownerKey, body: { url: "https://example.com/hooked", slug: "hooked-e2e" } })).status).toBe(201);
      await expect.poll(() => received.includes("link.created")).toBe(true);
      await page.getByRole("button", { name: "Send test event" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Send test event" }).click();
      await expect.poll(() => received.includes("webhook.test")).toBe(true);
      // The log catches up by itself, without a reload.
      await expect(page.locator("tr", { hasText: "link.created" }).first()).toContainText("delivered");
      await expect(page.locator("tr", { hasText: "webhook.test" })).toContainText("delivered");
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SCREENSHOTS, `webhooks-${viewport.name}.png`), fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.context().close();
  }
  const editor = await signedIn(browser, EDITOR);
  await editor.goto(`${server.url}/webhooks`);
  await hydrated(editor);
  await editor.getByLabel("Switch workspace").selectOption({ label: OWNER });
  await expect(editor.getByText(`Only ${OWNER}, the workspace's owner, manages its webhooks.`)).toBeVisible();
  await expect(editor.getByText(url)).toHaveCount(0);
  await editor.context().close();
  receiver.close();
});
