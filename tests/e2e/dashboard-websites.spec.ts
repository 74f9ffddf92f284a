import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { apiCall, checkPages, dashboardUser, signIn, type DashboardUser, hydrated } from "../helpers/dashboard-page";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { postForm, PRIMARY, visit } from "../helpers/visit";

// The Websites page: the list (address, design, status, views), open in editor, duplicate,
// deactivate, delete; a page's contacts and their CSV export, parsed back; "New website" from the
// design gallery to a live page without the API, and the drafts in progress.

let server: HopServer;
let owner: DashboardUser;
let pageId: string;

test.describe.configure({ mode: "serial" });

/** RFC 4180: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

test.beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "true" } });
  owner = await dashboardUser(server, "sites-owner@example.test");
  const created = await apiCall(server, owner.key, "POST", "/v1/websites", {
    websiteId: "launch",
    templateId: "bonbon-card",
    customSlug: "launch-page",
    data: { profile: { name: "Launch page" }, links: [{ type: "simple", title: "Shop", url: "https://example.com" }, { type: "contact", id: "join", title: "Join", fields: ["name", "email", "message"] }] },
  });
  expect(created.status).toBe(201);
  pageId = created.body.id;
  for (const fields of [
    { name: "Ada", email: "ada@example.com", message: "Hello, \"friends\"\nsee you" },
    { name: "=HYPERLINK(\"http://evil.example\")", email: "mallory@example.com", message: "+1 and -1 and @sum" },
  ]) {
    const sent = await postForm(server, PRIMARY, "/__hop/contact", { page: pageId, block: "join", ...fields });
    expect(sent.status).toBe(303);
  }
});
test.afterAll(async () => {
  await server?.stop();
});

test("the list shows the page; open in editor and view live point at it; duplicate adds a copy", async ({ page }) => {
  await signIn(page, server, owner.email, "/websites");
  const row = page.locator(`tr[data-website-id="${pageId}"]`);
  await expect(row).toContainText("Launch page");
  await expect(row).toContainText("Bonbon");
  await expect(row).toContainText("Active");
  await expect(row.getByRole("link", { name: "Open in editor" })).toHaveAttribute("href", `/editor/site/${pageId}`);
  await expect(row.getByRole("link", { name: /View live/ })).toHaveAttribute("href", /\/launch-page$/);

  await row.getByRole("button", { name: "Duplicate Launch page" }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate page" });
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(dialog.locator(".alert-danger")).toContainText("Missing custom slug");
  await dialog.getByLabel("Slug or path").fill("launch-copy");
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("tr[data-website-id]")).toHaveCount(2);
  const copy = page.locator('tr[data-website-id="launch-copy"]');
  await expect(copy).toContainText("Bonbon");
  const viaApi = await apiCall(server, owner.key, "GET", "/v1/websites/launch-copy");
  expect(viaApi.body.data.templateId).toBe("bonbon-card");
});

test("deactivate and activate again; delete the copy", async ({ page }) => {
  await signIn(page, server, owner.email, "/websites");
  const copy = page.locator('tr[data-website-id="launch-copy"]');
  await copy.getByRole("button", { name: /^Deactivate/ }).click();
  await expect(copy.locator(".badge")).toHaveText("Inactive");
  expect((await apiCall(server, owner.key, "GET", "/v1/websites/launch-copy")).body.data.isActive).toBe(false);
  await copy.getByRole("button", { name: /^Activate/ }).click();
  await expect(copy.locator(".badge")).toHaveText("Active");

  await copy.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete page" }).click();
  await expect(copy).toHaveCount(0);
  expect((await apiCall(server, owner.key, "GET", "/v1/websites/launch-copy")).status).toBe(404);
});

test("contacts: the table, then the CSV export parsed back, with formulas neutralised", async ({ page }) => {
  await signIn(page, server, owner.email, "/websites");
  await page.locator(`tr[data-website-id="${pageId}"]`).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { name: "Contacts", exact: true })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("mallory@example.com");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`contacts-${pageId}.csv`);
  const csv = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(csv[0]).toEqual(["createdAt", "name", "email", "phone", "message", "blockId"]);
  expect(csv).toHaveLength(3);
  const [, ada, mallory] = csv;
  expect(ada.slice(1)).toEqual(["Ada", "ada@example.com", "", 'Hello, "friends"\nsee you', "join"]);
  expect(mallory[1]).toBe("'=HYPERLINK(\"http://evil.example\")");
  expect(mallory[4]).toBe("'+1 and -1 and @sum");
  expect(new Date(ada[0]).getTime()).toBeLessThanOrEqual(new Date(mallory[0]).getTime());
});

test("another account's page: the CSV and the actions answer 404", async ({ page }) => {
  const other = await dashboardUser(server, "sites-other@example.test");
  await signIn(page, server, other.email, "/websites");
  await expect(page.getByRole("heading", { name: "No pages yet" })).toBeVisible();
  expect((await page.request.get(`${server.url}/api/dashboard/websites/contacts?id=${pageId}`)).status()).toBe(404);
  const headers = { origin: server.url };
  expect((await page.request.patch(`${server.url}/api/dashboard/websites/status`, { headers, data: { id: pageId, setActive: false } })).status()).toBe(404);
  expect((await page.request.delete(`${server.url}/api/dashboard/websites`, { headers, data: { id: pageId } })).status()).toBe(404);
  expect((await page.request.post(`${server.url}/api/dashboard/websites/duplicate`, { headers, data: { id: pageId, slug: "stolen" } })).status()).toBe(404);
  await page.goto(`${server.url}/websites/contacts?id=${pageId}`);
  await hydrated(page);
  await expect(page.locator(".alert-danger")).toContainText("No page");
  expect((await apiCall(server, owner.key, "GET", `/v1/websites/${pageId}`)).body.data.isActive).toBe(true);
});

test("New website: a new free account (no API) picks a design and a name, edits in the editor, publishes at the name's slug, and the page is live", async ({ page }) => {
  const maker = await dashboardUser(server, "free-maker@example.test", "free");
  await signIn(page, server, maker.email, "/");
  await page.getByRole("link", { name: "New website" }).click();
  await expect(page).toHaveURL(/\/websites\/new$/);
  await hydrated(page);
  const gallery = page.getByRole("group", { name: "Design" });
  await expect(gallery.getByRole("radio")).toHaveCount(17);
  // Every thumbnail is the real renderer's page of its design.
  const frame = page.frameLocator('[data-design="neo-brutalist"] iframe');
  await expect(frame.locator("main")).toHaveAttribute("data-design", "neo-brutalist");
  await expect(frame.locator("h1")).toHaveText("Alex Rivera");

  const create = page.getByRole("button", { name: "Create website and open the editor" });
  await create.click();
  const name = page.getByRole("textbox", { name: "Website name" });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#page-name-error")).toContainText("Give the page a name");

  await name.fill("Jo Baker");
  await page.locator('[data-design="neo-brutalist"]').click();
  await expect(gallery.getByRole("radio", { name: "Neo-Brutalist" })).toBeChecked();
  await create.click();
  await expect(page).toHaveURL(/\/editor\/drf_/);
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Jo Baker");
  await page.getByRole("button", { name: /^Link My first link/ }).click();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Shop");
  await page.getByRole("textbox", { name: "Address", exact: true }).fill("jobaker.example/shop");
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel(/^Slug/)).toHaveValue("jo-baker");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByTestId("live-url")).toHaveText(`http://${PRIMARY}/jo-baker`);
  const live = await visit(server, PRIMARY, "/jo-baker");
  expect(live.status).toBe(200);
  expect(live.body).toContain('data-design="neo-brutalist"');
  expect(live.body).toContain("Jo Baker");
  expect(live.body).toContain('href="https://jobaker.example/shop"');

  await page.goto(`${server.url}/websites`);
  await expect(page.locator("tr", { hasText: "jo-baker" })).toContainText("Neo-Brutalist");
});

test("a draft made with the API is listed under In progress with its expiry, and Continue editing opens it", async ({ page }) => {
  const made = await apiCall(server, owner.key, "POST", "/v1/websites/drafts", { name: "Summer menu", templateId: "bonbon-card", semantic: { profile: { name: "Summer menu" } } });
  expect(made.status).toBe(201);
  await signIn(page, server, owner.email, "/websites");
  const row = page.locator(`[data-draft-id="${made.body.data.id}"]`);
  await expect(row).toContainText("Summer menu");
  await expect(row).toContainText("Not published · Bonbon");
  await expect(row).toContainText(/deleted on .* unless opened/);
  await row.getByRole("link", { name: "Continue editing Summer menu" }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/${made.body.data.id}$`));
  await hydrated(page);
  await page.goto(`${server.url}/websites`);
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("unless opened");
});

test("the Websites and Contacts pages at 1280×800 and 390×844: screenshots, no serious axe violation", async ({ browser }) => {
  await checkPages(browser, server, owner.email, [
    { path: "/websites", name: "dashboard-websites" },
    { path: "/websites/new", name: "dashboard-new-page" },
    { path: `/websites/contacts?id=${pageId}`, name: "dashboard-contacts" },
  ]);
});
