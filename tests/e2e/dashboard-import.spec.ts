import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { dashboardUser, SCREENSHOTS, seriousAxe, signIn, VIEWPORTS, watchErrors, type DashboardUser } from "../helpers/dashboard-page";
import { ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// "Move in from LinkStack or Linktree" in the browser: from the Websites page, choose the tool,
// upload the saved page, read what was carried over and what was not, open the editor on the draft.
// A file of the wrong kind answers in words beside the form. Screenshots at both sizes, axe clean.

let server: HopServer;
let owner: DashboardUser;
const FIXTURES = path.join(ROOT, "tests/fixtures/bio-import");

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer();
  owner = await dashboardUser(server, "mover@example.test");
  mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(async () => server?.stop());

for (const viewport of VIEWPORTS) {
  test(`a Linktree page moves in and opens in the editor (${viewport.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signIn(page, server, owner.email, "/websites");
    const errors = watchErrors(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `import-websites-${viewport.name}.png`), fullPage: true });
    await page.getByRole("link", { name: "Move in from LinkStack or Linktree" }).first().click();
    await expect(page.getByRole("heading", { name: "Move in from LinkStack or Linktree" })).toBeVisible();
    await page.getByLabel("Linktree").check();
    await expect(page.getByText("linktr.ee/yourname")).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `import-form-${viewport.name}.png`), fullPage: true });

    // The wrong file: said in words, the form stays.
    await page.getByLabel("Or paste it").fill("just some notes, not a page");
    await page.getByRole("button", { name: "Import from Linktree" }).click();
    await expect(page.getByText(/neither HTML nor JSON/)).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `import-error-${viewport.name}.png`), fullPage: true });
    await page.getByLabel("Or paste it").fill("");

    await page.locator("#import-file").setInputFiles(path.join(FIXTURES, "linktree-page.html"));
    await expect(page.getByText("linktree-page.html — choose another file")).toBeVisible();
    await page.getByRole("button", { name: "Import from Linktree" }).click();
    await expect(page.getByRole("heading", { name: "Draft “Juno Okafor” is ready" })).toBeVisible();
    const blocks = page.locator(".import-list").first().locator("li");
    await expect(blocks).toHaveCount(6);
    await expect(blocks.nth(1)).toContainText("Live");
    await expect(page.getByText("Join the mailing list")).toBeVisible();
    await expect(page.getByText("Low Tide vinyl (limited)")).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SCREENSHOTS, `import-result-${viewport.name}.png`), fullPage: true });

    await page.getByRole("link", { name: "Open in editor" }).click();
    await expect(page).toHaveURL(/\/editor\/drf_/);
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
}
