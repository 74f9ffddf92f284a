import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { api, addKey } from "../helpers/api";
import { watchViolations } from "../helpers/csp";
import { hydrated } from "../helpers/dashboard-page";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { agent } from "../helpers/visit";
import { admin, ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// The first link, as a new customer makes it (issue 31): only a destination is needed — the slug
// starts random and Shuffle draws another, an address typed without https:// gets it; leaving with
// unsaved changes asks first. Every
// problem is found before sending, worded for people, marked on its field; the first is scrolled
// to and focused, and a summary sits beside the button. The server's refusals (a taken slug) read
// the same way.

const SCREENSHOTS = path.join(ROOT, "tests", "e2e", "screenshots");
const PASSWORD = "correct horse battery";
const OWNER = "nina-newcomer@example.test";

let server: HopServer;
let key: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  await admin(server, "account", "create", "--email", OWNER, "--password", PASSWORD, "--plan", "growth");
  key = (await addKey(server, OWNER, "full")).key;
});
test.afterAll(async () => {
  await server?.stop();
});

async function newLinkForm(browser: Browser, viewport = { width: 1280, height: 800 }, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const page = await (await browser.newContext({ viewport, colorScheme })).newPage();
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(OWNER);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  await page.goto(`${server.url}/links/new`);
  await hydrated(page);
  return page;
}

test("a link needs only a destination: the slug starts random, Shuffle draws another, https:// is added, UTM parameters are built in", async ({ browser }) => {
  const page = await newLinkForm(browser);
  const slug = page.getByLabel("Slug");
  await expect(slug).toHaveValue(/^[a-z0-9]{7}$/);
  const first = await slug.inputValue();
  await page.getByRole("button", { name: "Shuffle", exact: true }).click();
  await expect(slug).not.toHaveValue(first);
  const drawn = await slug.inputValue();
  await expect(page.locator(".short-preview")).toContainText(`/${drawn}`);

  await page.getByLabel("Destination").fill("example.com/spring");
  await page.getByLabel("Destination").blur();
  await expect(page.getByLabel("Destination")).toHaveValue("https://example.com/spring");
  // The preview card shows how the link looks when shared, as it is typed.
  const preview = page.getByRole("complementary", { name: "Preview when shared" });
  await expect(preview).toContainText("A link to example.com");
  // The UTM builder writes its parameters into the destination's query.
  await page.locator("#link-utm > summary").click();
  await page.getByLabel("Source").fill("newsletter");
  await page.getByLabel("Campaign").fill("spring sale");
  await expect(page.getByLabel("Destination")).toHaveValue("https://example.com/spring?utm_source=newsletter&utm_campaign=spring+sale");
  await expect(page.locator("#link-utm .disclosure-state")).toHaveText("source=newsletter · campaign=spring sale");
  // Leaving with unsaved changes asks first, through the sidebar as through Cancel.
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Overview" }).click();
  await page.getByRole("link", { name: "Cancel" }).click();
  expect(asked).toEqual(["Leave without saving? Your changes will be lost.", "Leave without saving? Your changes will be lost."]);
  await expect(page).toHaveURL(/\/links\/new$/);
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(new RegExp(`/links/${drawn}$`));
  const stored = await api(server, "GET", `/v1/links/${drawn}`, { key });
  expect(stored.status).toBe(200);
  expect(stored.body.data.destination).toBe("https://example.com/spring?utm_source=newsletter&utm_campaign=spring+sale");
  await page.context().close();
});

test("every invalid field is marked; the first is scrolled to and focused; the summary sits beside the button", async ({ browser }) => {
  const page = await newLinkForm(browser, { width: 390, height: 844 });
  // The form checks itself with the API's zod schemas; zod must not probe `new Function` under the CSP.
  const violations = await watchViolations(page);
  await page.reload();
  await hydrated(page);
  // A new link's form starts in its destination.
  await expect(page.getByLabel("Destination")).toBeFocused();
  await page.getByLabel("Destination").fill("not a web address");
  await page.getByLabel("Slug").fill("docs");
  await page.getByLabel("Title", { exact: true }).fill("t".repeat(501));
  // A problem inside a folded section: the SEO description over its limit.
  await page.locator("#link-seo > summary").click();
  await page.getByLabel("SEO description").fill("d".repeat(2001));
  await page.locator("#link-seo > summary").click();
  await page.getByRole("button", { name: "Create link" }).click();

  const destination = page.getByLabel("Destination");
  await expect(destination).toBeFocused();
  await expect(destination).toBeInViewport();
  await expect(destination).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#link-url-error")).toHaveText("The destination must be a full web address, like https://example.com/page.");
  await expect(page.locator("#link-slug-error")).toHaveText("docs is reserved for Hop's own pages. Try docs-1.");
  await expect(page.locator("#link-title-error")).toHaveText("The title can be at most 500 characters.");
  await expect(page.locator("#link-seo")).toHaveAttribute("open", "");
  const summary = page.locator("#link-form-summary");
  await expect(summary).toContainText("Not saved: 4 fields need attention.");
  await page.screenshot({ path: path.join(SCREENSHOTS, "link-form-errors-phone.png"), fullPage: true });

  // Each problem in the summary leads to its field.
  await summary.getByRole("button", { name: /SEO description/ }).click();
  await expect(page.getByLabel("SEO description")).toBeFocused();
  // Each error goes as its field is fixed, before the next submit.
  await page.getByLabel("SEO description").fill("A short description.");
  await expect(page.locator("#link-description-error")).toHaveCount(0);
  await expect(summary).toContainText("Not saved: 3 fields need attention.");
  await destination.fill("https://example.com/fixed");
  await expect(page.locator("#link-url-error")).toHaveCount(0);
  await expect(destination).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Slug").fill("docs-1");
  await page.getByLabel("Title", { exact: true }).fill("Fixed");
  await expect(page.locator("#link-slug-error, #link-title-error")).toHaveCount(0);
  await expect(summary).not.toContainText("Not saved");
  expect(await api(server, "GET", "/v1/links/docs", { key }).then((res) => res.status)).toBe(404);
  expect(violations).toEqual([]);
  await page.context().close();
});

test("the server's refusals read the same way: a taken slug names a variant to try", async ({ browser }) => {
  expect((await api(server, "POST", "/v1/links", { key, body: { url: "https://example.com/a", slug: "spring-sale" } })).status).toBe(201);
  const page = await newLinkForm(browser);
  await page.getByLabel("Destination").fill("https://example.com/b");
  await page.getByLabel("Slug").fill("spring-sale");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.locator("#link-slug-error")).toHaveText(/^\S+\/spring-sale is taken\. Try spring-sale-1, or press Shuffle\.$/);
  await expect(page.getByLabel("Slug")).toBeFocused();
  await expect(page.locator("#link-form-summary")).toContainText("Not saved: one field needs attention.");
  await page.getByLabel("Slug").fill("spring-sale-1");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/spring-sale-1$/);
  await page.context().close();
});

test("slug and domain stay fixed once the link exists; Duplicate with a new slug copies the rest", async ({ browser }) => {
  const body = { url: "https://example.com/autumn", slug: "autumn-sale", title: "Autumn sale", tags: ["season"], geoRules: [{ countries: ["DE"], redirectUrl: "https://example.com/de" }] };
  expect((await api(server, "POST", "/v1/links", { key, body })).status).toBe(201);
  const page = await newLinkForm(browser);
  await page.goto(`${server.url}/links/autumn-sale`);
  await hydrated(page);
  await expect(page.getByLabel("Slug")).toBeDisabled();
  await expect(page.locator("#link-slug-hint")).toContainText("the slug and domain stay fixed");
  await page.getByRole("link", { name: "Duplicate with a new slug" }).click();
  await expect(page.getByRole("heading", { name: "Duplicate link" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Destination")).toHaveValue("https://example.com/autumn");
  await expect(page.getByLabel("Slug")).toHaveValue(/^[a-z0-9]{7}$/);
  await expect(page.locator("#link-geo .disclosure-state")).toHaveText("1 rule");
  await expect(page.getByRole("complementary", { name: "Preview when shared" })).toContainText("Autumn sale");
  await page.getByLabel("Slug").fill("autumn-sale-2");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/autumn-sale-2$/);
  const copy = (await api(server, "GET", "/v1/links/autumn-sale-2", { key })).body.data;
  expect([copy.destination, copy.title, copy.tags, copy.geoRules.map((r: { countries: string[] }) => r.countries)]).toEqual(["https://example.com/autumn", "Autumn sale", ["season"], [["DE"]]]);
  await page.context().close();
});

for (const [viewport, scheme] of [
  [{ width: 1280, height: 800 }, "light"],
  [{ width: 390, height: 844 }, "light"],
  [{ width: 1280, height: 800 }, "dark"],
  [{ width: 390, height: 844 }, "dark"],
] as const) {
  test(`the new-link form at ${viewport.width}×${viewport.height}, ${scheme}: fits, no serious axe violation, errors shown`, async ({ browser }) => {
    const page = await newLinkForm(browser, viewport, scheme);
    const name = `link-form-${viewport.width}-${scheme}`;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    await page.getByLabel("Slug").fill("");
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(page.getByLabel("Destination")).toBeFocused();
    await expect(page.locator("#link-slug-error")).toContainText("needs a slug");
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-errors.png`), fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.context().close();
  });
}

test("expiry, password and device targeting set in the form work on a visit; the list marks and filters them", async ({ browser }) => {
  const landing = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>Landing</title><h1>Destination reached</h1><p id="to">${new URL(req.url ?? "/", "http://x").searchParams.get("to")}</p>`);
  });
  await new Promise<void>((resolve) => landing.listen(0, "127.0.0.1", resolve));
  const to = (name: string) => `http://127.0.0.1:${(landing.address() as AddressInfo).port}/landing?to=${name}`;
  const page = await newLinkForm(browser);
  await page.getByLabel("Destination").fill(to("main"));
  await page.getByLabel("Slug").fill("gated");
  await page.locator("#link-expiration > summary").click();
  const inTwoDays = await page.evaluate(() => {
    const at = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await page.getByLabel("Expires at").fill(inTwoDays);
  await page.getByLabel("After it expires, send visitors to").fill(to("expired"));
  await page.locator("#link-password-section > summary").click();
  await page.locator("#link-password").fill("let me in");
  await page.locator("#link-devices > summary").click();
  await page.getByLabel("iPhone and iPad").fill(to("ios"));
  await page.getByLabel("Android").fill(to("android"));
  await page.screenshot({ path: path.join(SCREENSHOTS, "link-form-gates-1280.png"), fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/gated$/);
  const stored = (await api(server, "GET", "/v1/links/gated", { key })).body.data;
  expect([stored.hasPassword, stored.ios, stored.android, stored.expiredUrl]).toEqual([true, to("ios"), to("android"), to("expired")]);
  expect(Math.abs(Date.parse(stored.expiresAt) - (Date.now() + 2 * 86_400_000))).toBeLessThan(5 * 60_000);

  const visitors = await launchChromium(["localhost:3000"], server.port);
  const open = async (userAgent: string, viewport = { width: 1280, height: 800 }) => {
    const visitor = await (await visitors.newContext({ userAgent, viewport })).newPage();
    await visitor.goto("http://localhost:3000/gated");
    await expect(visitor.getByRole("heading", { name: "This link is password protected" })).toBeVisible();
    return visitor;
  };
  const desktop = await open(DESKTOP_CHROME);
  await desktop.getByLabel("Password").fill("wrong guess");
  await desktop.getByRole("button", { name: "Continue" }).click();
  await expect(desktop.getByRole("alert")).toHaveText("That password is not right. Try again.");
  await desktop.screenshot({ path: path.join(SCREENSHOTS, "link-password-wrong-1280.png") });
  const visitorAxe = await new AxeBuilder({ page: desktop }).analyze();
  expect(visitorAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await desktop.getByLabel("Password").fill("let me in");
  await desktop.getByRole("button", { name: "Continue" }).click();
  await expect(desktop.locator("#to")).toHaveText("main");
  await desktop.goto("http://localhost:3000/gated");
  await expect(desktop.locator("#to")).toHaveText("main", { timeout: 5_000 });
  const iphone = await open(agent({ category: "browser", os: "ios" }), { width: 390, height: 844 });
  await iphone.screenshot({ path: path.join(SCREENSHOTS, "link-password-390.png") });
  await iphone.getByLabel("Password").fill("let me in");
  await iphone.getByRole("button", { name: "Continue" }).click();
  await expect(iphone.locator("#to")).toHaveText("ios");

  // An edit may move the expiry into the past: the link ends at once, even for a visitor with a pass.
  await page.goto(`${server.url}/links/gated`);
  await hydrated(page);
  await expect(page.locator("#link-expiration .disclosure-state")).toHaveText(/^Expires /);
  await expect(page.locator("#link-password-section .disclosure-state")).toHaveText("Set");
  await page.locator("#link-expiration > summary").click();
  const aMinuteAgo = await page.evaluate(() => {
    const at = new Date(Date.now() - 120_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await page.getByLabel("Expires at").fill(aMinuteAgo);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Link saved")).toBeVisible();
  await desktop.goto("http://localhost:3000/gated");
  await expect(desktop.locator("#to")).toHaveText("expired");

  await page.goto(`${server.url}/links?status=expired`);
  const row = page.locator('tr[data-link-id="gated"]');
  await expect(row.locator(".badge", { hasText: "Expired" })).toBeVisible();
  await expect(row.locator(".badge", { hasText: "Password" })).toBeVisible();
  await page.goto(`${server.url}/links?status=protected`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/links/gated`);
  await hydrated(page);
  for (const id of ["link-expiration", "link-password-section", "link-devices"]) await page.locator(`#${id} > summary`).click();
  await page.screenshot({ path: path.join(SCREENSHOTS, "link-form-gates-390.png"), fullPage: true });
  await visitors.close();
  landing.close();
  await page.context().close();
});

test("a save with every section filled is one request, and an edit of title, preview image and group is one more", async ({ browser }) => {
  const groups = await Promise.all(["Autumn", "Winter"].map(async (name) => (await api(server, "POST", "/v1/groups", { key, body: { name } })).body.id as string));
  const page = await newLinkForm(browser);
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/dashboard/links")) writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.getByLabel("Destination").fill("https://example.com/every-section");
  await page.getByLabel("Slug").fill("every-section");
  await page.getByLabel("Title").fill("Every section");
  await page.getByLabel("Tags").fill("full, form");
  await page.getByLabel("Group").selectOption({ label: "Autumn" });
  await page.locator("#link-seo > summary").click();
  await page.getByLabel("SEO preview image URL").fill("https://example.com/card.png");
  await page.locator("#link-tracking > summary").click();
  await page.getByLabel("Google tag ID").fill("G-TEST123");
  await page.getByLabel("Meta pixel ID").fill("123456");
  await page.getByLabel("Alternate back URL").fill("https://example.com/back");
  await page.locator("#link-password-section > summary").click();
  await page.locator("#link-password").fill("let me in");
  await page.locator("#link-devices > summary").click();
  await page.getByLabel("iPhone and iPad").fill("https://apps.apple.com/app/id1");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page).toHaveURL(/\/links\/every-section$/);
  expect(writes).toEqual(["POST /api/dashboard/links"]);
  const created = (await api(server, "GET", "/v1/links/every-section", { key })).body.data;
  expect([created.title, created.tags, created.groupId, created.seo, created.googleTags, created.metaPixel, created.alternateBackUrl, created.hasPassword, created.ios]).toEqual([
    "Every section",
    ["full", "form"],
    groups[0],
    { title: "Every section", image: "https://example.com/card.png" },
    { measurementId: "G-TEST123" },
    { pixelId: "123456" },
    "https://example.com/back",
    true,
    "https://apps.apple.com/app/id1",
  ]);

  await hydrated(page);
  await page.getByLabel("Title").fill("Every section, edited");
  await page.getByLabel("Group").selectOption({ label: "Winter" });
  await page.locator("#link-seo > summary").click();
  await page.getByLabel("SEO preview image URL").fill("https://example.com/card-2.png");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Link saved")).toBeVisible();
  expect(writes).toHaveLength(2);
  expect(writes[1]).toMatch(/^PUT \/api\/dashboard\/links\/[^/]+$/);
  const edited = (await api(server, "GET", "/v1/links/every-section", { key })).body.data;
  expect([edited.title, edited.groupId, edited.seo, edited.hasPassword]).toEqual(["Every section, edited", groups[1], { title: "Every section, edited", image: "https://example.com/card-2.png" }, true]);
  await page.context().close();
});
