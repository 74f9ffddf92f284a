import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { api, addKey } from "../helpers/api";
import { hydrated } from "../helpers/dashboard-page";
import { admin, ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// "Edit in bulk" on the links list, in Chromium: the list is filtered by a tag, every matching link
// is moved to a new shop host with a UTM source and paused; the preview shows old → new before
// anything changes, applying reports the count and the table shows the new destinations. Another
// account's links with the same tag are untouched. A group deleted while the form is open is a
// plain-language error. Form, preview, result and error are screenshotted at desktop and phone
// size, and axe finds nothing serious in the dialog at each step.

const SCREENSHOTS = process.env.HOP_SHOTS_DIR ?? path.join(ROOT, "tests", "e2e", "screenshots");
const PASSWORD = "correct horse battery";
const OWNER = "bulk-owner@example.test";
const OTHER = "bulk-other@example.test";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

let server: HopServer;
let ownerKey: string;
let otherKey: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  for (const email of [OWNER, OTHER]) await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", "growth");
  ownerKey = (await addKey(server, OWNER, "full")).key;
  otherKey = (await addKey(server, OTHER, "full")).key;
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${server.url}/login`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  return page;
}

async function noSeriousAxe(page: Page, label: string) {
  const axe = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), label).toEqual([]);
}

async function seed(key: string, tag: string, slugs: string[]) {
  for (const slug of slugs) {
    const made = await api(server, "POST", "/v1/links", { key, body: { url: `https://old-shop.example/${slug}?ref=mail`, slug, tags: [tag] } });
    expect(made.status, made.text).toBe(201);
  }
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name}: filter, preview, apply; the other account's links stay as they were`, async ({ browser }) => {
    const tag = `spring-${viewport.name}`;
    const slugs = ["a", "b", "c"].map((letter) => `${tag}-${letter}`);
    await seed(ownerKey, tag, slugs);
    await seed(otherKey, tag, slugs.map((slug) => `x-${slug}`));
    const page = await signedIn(browser, OWNER, viewport);
    const shot = (step: string) => page.screenshot({ path: path.join(SCREENSHOTS, `links-bulk-edit-${step}-${viewport.name}.png`) });
    await page.goto(`${server.url}/links?tag=${tag}`);
    await hydrated(page);
    await expect(page.getByTestId("links-count")).toHaveText(/of 3 links/);

    await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Edit all 3 in bulk…" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit links in bulk" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /All 3 links matching/ })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: /Selected links/ })).toBeDisabled();
    // Nothing chosen yet: the form says so instead of sending an empty change.
    await dialog.getByRole("button", { name: "Preview changes" }).click();
    await expect(dialog.getByText("Choose at least one thing to change.")).toBeVisible();
    await dialog.getByLabel("Destination", { exact: true }).selectOption({ label: "Replace the host" });
    await dialog.getByLabel("Host now").fill("old-shop.example");
    await dialog.getByLabel("New host").fill("https://shop.example/");
    await dialog.getByLabel("Source", { exact: true }).fill("spring");
    await dialog.getByLabel("Status", { exact: true }).selectOption({ label: "Paused (visitors get “not found”)" });
    await noSeriousAxe(page, "form");
    await shot("form");

    // The preview: a dry run, its count and each link's old → new, nothing changed yet.
    await dialog.getByLabel("Source", { exact: true }).press("Enter");
    const preview = page.getByRole("dialog", { name: "Preview: 3 links would change" });
    await expect(preview.getByTestId("bulk-edit-preview")).toContainText("3 links match · 3 links would change");
    await expect(preview.getByTestId("bulk-edit-preview")).toBeFocused();
    const first = preview.locator(".bulk-edit-sample li", { hasText: `${tag}-a` });
    await expect(first).toContainText(`https://old-shop.example/${tag}-a?ref=mail`);
    await expect(first).toContainText(`https://shop.example/${tag}-a?ref=mail&utm_source=spring`);
    await expect(first.locator(".bulk-edit-diff", { hasText: "Status" })).toHaveText(/Status\s*active\s*→\s*becomes\s*paused/);
    expect((await api(server, "GET", `/v1/links?tag=${tag}`, { key: ownerKey })).body.data.every((l: { isActive: boolean }) => l.isActive)).toBe(true);
    await noSeriousAxe(page, "preview");
    await shot("preview");

    await preview.getByRole("button", { name: "Apply to 3 links" }).click();
    const done = page.getByRole("dialog", { name: "Bulk edit done" });
    await expect(done.getByTestId("bulk-edit-result")).toContainText("3 links changed");
    await noSeriousAxe(page, "result");
    await shot("result");
    await done.getByRole("button", { name: "Close" }).click();
    await expect(done).toBeHidden();

    // The list behind shows the new destinations and the links paused, without a reload.
    await expect(page.locator("tr.row-inactive")).toHaveCount(3);
    await expect(page.locator(".link-destination").first()).toContainText("https://shop.example/");
    const mine = (await api(server, "GET", `/v1/links?tag=${tag}`, { key: ownerKey })).body.data as Array<{ destination: string; isActive: boolean }>;
    expect(mine.map((l) => l.destination).sort()).toEqual(slugs.map((slug) => `https://shop.example/${slug}?ref=mail&utm_source=spring`));
    expect(mine.every((l) => !l.isActive)).toBe(true);
    const theirs = (await api(server, "GET", `/v1/links?tag=${tag}`, { key: otherKey })).body.data as Array<{ destination: string; isActive: boolean }>;
    expect(theirs.map((l) => l.destination).sort()).toEqual(slugs.map((slug) => `https://old-shop.example/x-${slug}?ref=mail`));
    expect(theirs.every((l) => l.isActive)).toBe(true);
    await page.context().close();
  });

  test(`${viewport.name}: the selected rows: a group deleted meanwhile is a plain error, nothing to apply, no match`, async ({ browser }) => {
    const tag = `group-${viewport.name}`;
    await seed(ownerKey, tag, [`${tag}-a`, `${tag}-b`]);
    const group = await api(server, "POST", "/v1/groups", { key: ownerKey, body: { name: `Autumn ${viewport.name}` } });
    expect(group.status, group.text).toBe(201);
    const page = await signedIn(browser, OWNER, viewport);
    await page.goto(`${server.url}/links?tag=${tag}`);
    await hydrated(page);
    await page.getByLabel("Select all links on this page").check();
    await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Edit in bulk…" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit links in bulk" });
    await expect(dialog.getByRole("radio", { name: "The 2 selected links" })).toBeChecked();
    await dialog.getByLabel("Group", { exact: true }).selectOption({ label: `Autumn ${viewport.name}` });
    const groupId = group.body.data?.id ?? group.body.id;
    expect((await api(server, "DELETE", `/v1/groups/${groupId}`, { key: ownerKey })).status).toBeLessThan(300);
    await dialog.getByRole("button", { name: "Preview changes" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("That group no longer exists. Pick another one, or No group.");
    await noSeriousAxe(page, "error");
    await page.screenshot({ path: path.join(SCREENSHOTS, `links-bulk-edit-error-${viewport.name}.png`) });

    // Expiry already as asked on every link: matched, nothing to apply.
    await dialog.getByLabel("Group", { exact: true }).selectOption({ label: "Leave as it is" });
    await dialog.getByLabel("Expiry", { exact: true }).selectOption({ label: "Remove the expiry" });
    await dialog.getByRole("button", { name: "Preview changes" }).click();
    const preview = page.getByRole("dialog", { name: "Preview: 0 links would change" });
    await expect(preview.getByTestId("bulk-edit-preview")).toContainText("2 links already as asked");
    await expect(preview.getByRole("button", { name: "Apply to 0 links" })).toBeDisabled();

    // The selected links deleted meanwhile: the preview says no link matches.
    await preview.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByLabel("Tags", { exact: true })).toBeFocused();
    for (const slug of [`${tag}-a`, `${tag}-b`]) {
      const link = (await api(server, "GET", `/v1/links?search=${slug}`, { key: ownerKey })).body.data[0];
      expect((await api(server, "DELETE", `/v1/links/${link.id}`, { key: ownerKey })).status).toBeLessThan(300);
    }
    await dialog.getByRole("button", { name: "Preview changes" }).click();
    await expect(page.getByTestId("bulk-edit-preview")).toContainText("No link matches.");
    await page.screenshot({ path: path.join(SCREENSHOTS, `links-bulk-edit-empty-${viewport.name}.png`) });
    await page.context().close();
  });
}
