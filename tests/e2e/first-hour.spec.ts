import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { apiCall, dashboardUser, signIn, SCREENSHOTS, VIEWPORTS, type DashboardUser } from "../helpers/dashboard-page";
import { PRIMARY, visit } from "../helpers/visit";

// A new customer's first hour in Chromium (issue 49): other services' exports imported through
// the wizard as they are, and the rough edges of the forms and pages around it. One server for
// the file; each test signs in its own account.

const SYSTEM = "go.hop.test";
const FIXTURES = path.join(ROOT, "tests", "fixtures", "imports");

let server: HopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM, DEFAULT_PLAN: "growth" } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, user: DashboardUser, viewport: { width: number; height: number } = VIEWPORTS[0], callback = "/"): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, server, user.email, callback);
  return page;
}

async function noSeriousAxe(page: Page, what: string, exclude?: string) {
  const builder = new AxeBuilder({ page });
  // The editor's preview is a sandboxed frame axe cannot enter; its pages have their own spec.
  const axe = await (exclude ? builder.exclude(exclude) : builder).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), what).toEqual([]);
}

async function pickFile(page: Page, name: string) {
  await page.locator("#import-file").setInputFiles({ name, mimeType: "text/csv", buffer: readFileSync(path.join(FIXTURES, name)) });
  await expect(page.getByLabel(/Destination URL/)).not.toHaveValue("");
}

test("the Bitly, Dub, Short.io and Rebrandly exports import every row with the default mapping and one domain choice; a reserved word is reported with a suggestion", async ({ browser }) => {
  const user = await dashboardUser(server, "imports@example.test");
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, user, viewport, "/links/import");
    await page.goto(`${server.url}/links/import`);
    // Dub's `docs` on the primary domain (the default): reported with a slug to use instead.
    await pickFile(page, "dub.csv");
    await expect(page.getByLabel("Import into")).toHaveValue(PRIMARY);
    await page.getByRole("button", { name: "Check the rows" }).click();
    await expect(page.locator(".import-failures li")).toHaveText(["Row 1 (docs): docs is reserved for Hop's own pages on the primary domain. Try docs-1."]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `import-reserved-${viewport.name}.png`), fullPage: true });
    await noSeriousAxe(page, `import at ${viewport.width}`);
    await page.context().close();
  }

  const page = await signedIn(browser, user, VIEWPORTS[0], "/links/import");
  const expected: Record<string, number> = { "bitly.csv": 5, "dub.csv": 3, "shortio.csv": 3, "rebrandly.csv": 3 };
  for (const [name, rows] of Object.entries(expected)) {
    await page.goto(`${server.url}/links/import`);
    await pickFile(page, name);
    // The default mapping: the short link's column gives the back-half; nothing is remapped by hand.
    await expect(page.getByLabel("Short URL (domain and slug)")).not.toHaveValue("");
    await page.getByLabel("Import into").selectOption(SYSTEM);
    await page.getByRole("button", { name: "Check the rows" }).click();
    await expect(page.getByText("Every row passed the check.")).toBeVisible();
    await page.getByRole("button", { name: `Import ${rows} links` }).click();
    await expect(page.locator(".import-done")).toHaveText(new RegExp(`^${rows} links imported\\. See your links`));
  }
  const links = (await apiCall(server, user.key, "GET", "/v1/links?limit=100")).body.data as Array<{ slug: string; domain: string; createdAt: string }>;
  expect(links.length).toBe(14);
  expect(links.every((link) => link.domain === SYSTEM)).toBe(true);
  expect(links.map((link) => link.slug).sort()).toEqual(["3vx9klm", "4hq2wer", "about", "app", "blog-launch", "docs", "email", "help-desk", "news-april", "pricing", "pricing-2024", "privacy", "status", "terms"]);
  expect(links.find((link) => link.slug === "3vx9klm")!.createdAt).toBe("2024-03-01T09:30:00.000Z");
  expect((await visit(server, SYSTEM, "/docs")).headers.location).toBe("https://docs.example.com/");
  await page.context().close();
});

test("/favicon.ico answers with Hop's mark on the app's host and on a short-link domain", async ({ browser }) => {
  for (const host of [PRIMARY, SYSTEM, "unknown.example"]) {
    const answer = await visit(server, host, "/favicon.ico");
    expect([host, answer.status, answer.headers["content-type"]]).toEqual([host, 200, "image/x-icon"]);
  }
  const page = await (await browser.newContext()).newPage();
  const response = await page.goto(`${server.url}/favicon.ico`);
  expect(response?.status()).toBe(200);
  // Chromium decodes it as a 32×32 image.
  const size = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, `${server.url}/favicon.ico`);
  expect(size).toEqual([32, 32]);
  await page.context().close();
});

test("the links list: whole titles, a switch that says what it did, a bulk activation that counts only the links it changed; the form's behaviours in words and one country field", async ({ browser }) => {
  const user = await dashboardUser(server, "list@example.test");
  for (const [slug, title] of [["spring-list", "Spring sale 2026"], ["autumn-list", "Autumn newsletter"]]) {
    expect((await apiCall(server, user.key, "POST", "/v1/links", { url: `https://example.com/${slug}/a/long/path/that/goes/on`, slug, title })).status).toBe(201);
  }
  expect((await apiCall(server, user.key, "PATCH", "/v1/links/autumn-list/status", { setActive: false })).status).toBe(200);
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, user, viewport, "/links");
    await page.goto(`${server.url}/links`);
    const title = page.locator(".link-title", { hasText: "Spring sale 2026" });
    await expect(title).toBeVisible();
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth), "the title is not cut").toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `first-hour-links-${viewport.name}.png`), fullPage: true });
    await noSeriousAxe(page, `/links at ${viewport.width}`);
    await page.context().close();
  }

  const page = await signedIn(browser, user, VIEWPORTS[0], "/links");
  await page.goto(`${server.url}/links`);
  await page.getByLabel("Select all links on this page").check();
  await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByTestId("bulk-outcome")).toContainText("1 activated, 0 failed, 1 skipped");
  await expect(page.getByTestId("bulk-outcome")).toContainText("already active");
  const spring = page.getByRole("switch", { name: /spring-list/ });
  await spring.uncheck();
  await expect(page.locator(".toast-region")).toContainText(/spring-list is off/);
  await spring.check();
  await expect(page.locator(".toast-region")).toContainText(/spring-list is on/);

  await page.goto(`${server.url}/links/new`);
  await expect(page.getByLabel("Destination")).toBeFocused();
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
  await page.locator("#link-behavior > summary").click();
  await expect(page.locator(".behavior-list")).not.toContainText("experimental2");
  await expect(page.getByLabel(/Trial technique B/)).toBeVisible();
  await page.locator("#link-geo > summary").click();
  await page.getByRole("button", { name: "Add geo rule" }).click();
  const country = page.locator("#geo-0-countries-add");
  await country.fill("Germany (DE)");
  await expect(country).toHaveValue("");
  await country.fill("fran");
  await country.press("Enter");
  await expect(country).toHaveValue("");
  await expect(page.getByRole("list", { name: "Chosen countries" })).toHaveText(/Germany.*France/s);
  await expect(page.locator("#geo-0-countries-filter")).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, "first-hour-link-form-desktop.png"), fullPage: true });
  await noSeriousAxe(page, "/links/new");
  await page.context().close();
});

test("webhooks: a private address is refused in the server's words, naming WEBHOOK_ALLOW_PRIVATE; the events list is styled as a field", async ({ browser }) => {
  const user = await dashboardUser(server, "hooks@example.test");
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, user, viewport, "/webhooks");
    await page.goto(`${server.url}/webhooks`);
    await page.getByRole("button", { name: "New webhook" }).click();
    const events = page.locator("fieldset.webhook-events");
    expect(await events.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("none");
    await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/hook");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.locator("#webhook-url-error")).toHaveText("127.0.0.1 is not a public address. Hop sends webhooks to public addresses only; the server's operator can allow private ones with WEBHOOK_ALLOW_PRIVATE=true.");
    await page.screenshot({ path: path.join(SCREENSHOTS, `first-hour-webhook-private-${viewport.name}.png`) });
    await noSeriousAxe(page, `webhook dialog at ${viewport.width}`);
    await page.context().close();
  }
});

test("the QR dialog: its downloads in view at 1280×800, a Close button, focus back on the row's menu after Escape", async ({ browser }) => {
  const user = await dashboardUser(server, "qr@example.test");
  expect((await apiCall(server, user.key, "POST", "/v1/links", { url: "https://example.com/qr", slug: "qr-first" })).status).toBe(201);
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, user, viewport, "/links");
    await page.goto(`${server.url}/links`);
    const trigger = page.locator(".row-menu-button").first();
    await trigger.click();
    await page.getByRole("button", { name: "QR code" }).click();
    const dialog = page.getByRole("dialog", { name: "QR code" });
    await expect(dialog.getByRole("img", { name: /QR code for/ })).toBeVisible();
    if (viewport.width === 1280) {
      await expect(dialog.getByRole("button", { name: "Download SVG" })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("button", { name: "Download PNG" })).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: path.join(SCREENSHOTS, `first-hour-qr-${viewport.name}.png`) });
    await noSeriousAxe(page, `QR dialog at ${viewport.width}`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await page.getByRole("button", { name: "QR code" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.context().close();
  }
});

test("forgot password without SMTP: no e-mail promised, the operator's own command named", async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.goto(`${server.url}/forgot-password`);
    await expect(page.getByText("This server sends no e-mail")).toBeVisible();
    await expect(page.getByText(/We'll e-mail you/)).toHaveCount(0);
    await expect(page.getByText("npm run cli -- account reset-password --email you@example.com")).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, `first-hour-forgot-password-${viewport.name}.png`), fullPage: true });
    await noSeriousAxe(page, `/forgot-password at ${viewport.width}`);
    await page.context().close();
  }
});

test("an empty overview leads with a link or a page, the API after", async ({ browser }) => {
  const user = await dashboardUser(server, "empty@example.test");
  for (const viewport of VIEWPORTS) {
    const page = await signedIn(browser, user, viewport, "/");
    const start = page.getByRole("heading", { name: "Start here" });
    await expect(start).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a short link" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Make a link-in-bio website" })).toBeVisible();
    const api = page.getByRole("heading", { name: "Get started with the API" });
    expect((await start.boundingBox())!.y).toBeLessThan((await api.boundingBox())!.y);
    await page.screenshot({ path: path.join(SCREENSHOTS, `first-hour-overview-empty-${viewport.name}.png`), fullPage: true });
    await noSeriousAxe(page, `/ at ${viewport.width}`);
    await page.context().close();
  }
});

test("the editor: tabs answer arrow keys, a design-default colour is no black swatch, the guard names button text on a page-wide filled button, moving a block and back leaves nothing unpublished", async ({ browser }) => {
  const user = await dashboardUser(server, "editor@example.test");
  const made = await apiCall(server, user.key, "POST", "/v1/websites/drafts", {
    templateId: "minimal-card-v2",
    semantic: { profile: { name: "Ada Lovelace" }, links: [{ title: "Notes", url: "https://ada.example/notes" }, { title: "Letters", url: "https://ada.example/letters" }] },
  });
  expect(made.status).toBe(201);
  const editorPath = new URL((made.body as { data: { editorUrl: string } }).data.editorUrl).pathname;
  const page = await signedIn(browser, user, VIEWPORTS[0], editorPath);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${server.url}${editorPath}`);
  const content = page.getByRole("tab", { name: "Content" });
  await content.focus();
  await page.keyboard.press("ArrowRight");
  const design = page.getByRole("tab", { name: "Design" });
  await expect(design).toBeFocused();
  await expect(design).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Settings" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(content).toBeFocused();
  await expect(content).toHaveAttribute("tabindex", "0");
  await expect(design).toHaveAttribute("tabindex", "-1");

  await design.click();
  await expect(page.getByLabel("Buttons: pick (now the design's default)")).toHaveClass(/ed-color-swatch-default/);
  await page.getByRole("combobox", { name: "Button style", exact: true }).selectOption("fill");
  await page.getByRole("textbox", { name: "Buttons", exact: true }).fill("#fff3a0");
  await page.getByRole("textbox", { name: "Button text", exact: true }).fill("#ffffff");
  await expect(page.locator(".ed-contrast")).toContainText(/Button text on the buttons: 1\.\d+:1/);
  await page.screenshot({ path: path.join(SCREENSHOTS, "first-hour-editor-guard-desktop.png") });
  // The preview and the design gallery's thumbnails are sandboxed frames: nothing in them asks to run a script.
  expect(errors).toEqual([]);
  await noSeriousAxe(page, "the editor", '[data-testid="preview-frame"]');

  // Published, then a block moved down and back up: the page is what is live again.
  for (const name of ["Buttons", "Button text"]) await page.getByRole("button", { name: `Reset ${name}` }).click();
  await page.getByRole("combobox", { name: "Button style", exact: true }).selectOption("");
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Slug/).fill("ada-first-hour");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Your website is live" })).toBeVisible();
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(page.getByText("Unpublished changes")).toHaveCount(0);
  await page.getByRole("button", { name: "Move down Link: Notes" }).click();
  await expect(page.getByText("Unpublished changes")).toBeVisible();
  await page.getByRole("button", { name: "Move up Link: Notes" }).click();
  await expect(page.getByText("Unpublished changes")).toHaveCount(0);
  await page.context().close();
});
