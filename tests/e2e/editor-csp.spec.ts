import { expect, test } from "@playwright/test";
import { watchViolations } from "../helpers/csp";
import { dashboardUser, draftPath, hydrated, signIn } from "../helpers/dashboard-page";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// The editor runs under the pages' strict policy (proxy.ts: script-src 'self' + nonce +
// 'strict-dynamic', no 'unsafe-eval'). Nothing it loads may try eval or new Function: each try is
// refused and logged as a violation, so the page (and its srcdoc preview, which inherits the
// policy) must load, edit and publish-preview without a single one.

const OWNER = "csp-editor@example.test";

let server: HopServer;
let editorPath = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer();
  const { key } = await dashboardUser(server, OWNER);
  editorPath = await draftPath(server, key, "simple-stack-v2", {
    profile: { name: "Grace Hopper" },
    links: [
      { title: "Compilers", url: "https://grace.example/compilers" },
      { type: "media", title: "A talk", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
      { type: "contact", title: "Write to me", fields: ["email"] },
    ],
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("the editor loads, edits, visits every tab and opens its publish dialog without one CSP violation or console error", async ({ page }) => {
  const violations = await watchViolations(page);
  // The preview frame's messages arrive here too: a blocked script or embed in it would be one.
  const consoleErrors: string[] = [];
  page.on("console", (message) => message.type() === "error" && consoleErrors.push(`${message.text()} @ ${message.location().url}`));
  await signIn(page, server, OWNER, editorPath);
  await expect(page).toHaveURL(`${server.url}${editorPath}`);
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.locator("h1")).toHaveText("Grace Hopper", { timeout: 15_000 });

  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Rear Admiral Grace Hopper");
  await expect(preview.locator("h1")).toHaveText("Rear Admiral Grace Hopper", { timeout: 15_000 });
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
  for (const tab of await page.getByRole("tab").all()) await tab.click();
  // The publish dialog too (its module brings lib/qr/qr-svg.ts, which draws the QR code, into the bundle).
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(preview.locator("h1")).toHaveText("Rear Admiral Grace Hopper", { timeout: 15_000 });
  // A violation is reported asynchronously: give the last ones time to arrive before reading.
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
