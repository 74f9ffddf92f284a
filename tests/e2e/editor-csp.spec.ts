import { expect, test } from "@playwright/test";
import { watchViolations } from "../helpers/csp";
import { hydrated } from "../helpers/dashboard-page";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";

// The editor runs under the pages' strict policy (proxy.ts: script-src 'self' + nonce +
// 'strict-dynamic', no 'unsafe-eval'). Nothing it loads may try eval or new Function: each try is
// refused and logged as a violation, so the page (and its srcdoc preview, which inherits the
// policy) must load, edit and publish-preview without a single one.

const PASSWORD = "correct horse battery";
const OWNER = "csp-editor@example.test";

let server: HopServer;
let draftPath = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startServer();
  await admin(server, "account", "create", "--email", OWNER, "--password", PASSWORD, "--plan", "growth");
  const key = String((await admin(server, "key", "create", "--email", OWNER, "--role", "full")).key);
  const response = await fetch(`${server.url}/v1/websites/drafts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      templateId: "simple-stack-v2",
      semantic: { profile: { name: "Grace Hopper" }, links: [{ title: "Compilers", url: "https://grace.example/compilers" }] },
    }),
  });
  expect(response.status).toBe(201);
  draftPath = new URL(((await response.json()) as { data: { editorUrl: string } }).data.editorUrl).pathname;
});
test.afterAll(async () => {
  await server?.stop();
});

test("the editor loads, edits and opens its publish dialog without one CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(`${server.url}/login?callbackUrl=${encodeURIComponent(draftPath)}`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(OWNER);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Generous: a loaded test machine may take a while over bcrypt; the point here is the policy.
  await page.waitForURL(`${server.url}${draftPath}`, { timeout: 30_000 });
  await hydrated(page);
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.locator("h1")).toHaveText("Grace Hopper", { timeout: 15_000 });

  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Rear Admiral Grace Hopper");
  await expect(preview.locator("h1")).toHaveText("Rear Admiral Grace Hopper", { timeout: 15_000 });
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
  // The publish dialog too (its module brings lib/qr/qr-svg.ts, which draws the QR code, into the bundle).
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(preview.locator("h1")).toHaveText("Rear Admiral Grace Hopper", { timeout: 15_000 });
  // A violation is reported asynchronously: give the last ones time to arrive before reading.
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});
