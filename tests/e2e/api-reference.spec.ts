import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// /docs/api (issue 16): the reference renders from /v1/openapi.json with every request going to the
// app itself (anything else is aborted and fails the test), under a CSP of 'self' only, with no
// serious or critical accessibility violation.

let server: HopServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test("the API reference renders offline from the app's own assets", async ({ page }) => {
  const origin = new URL(server.url).origin;
  const foreign: string[] = [];
  const errors: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith("data:")) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  const response = await page.goto(`${server.url}/docs/api`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(response?.headers()["content-security-policy"]).not.toMatch(/https?:|unsafe-inline|unsafe-eval/);

  await expect(page.getByRole("heading", { name: /Hop API/ })).toBeVisible({ timeout: 20_000 });
  for (const path of ["/v1/links", "/v1/links/{identifier}/status", "/v1/domains/{domain}/verify", "/v1/openapi.json"]) {
    await expect(page.locator(`[data-path="${path}"]`).first()).toBeVisible();
  }
  await expect(page.locator(".opblock")).toHaveCount(await page.locator(".opblock").count());
  expect(await page.locator(".opblock").count()).toBeGreaterThanOrEqual(30);

  mkdirSync("tests/e2e/screenshots", { recursive: true });
  await page.screenshot({ path: "tests/e2e/screenshots/api-reference.png", fullPage: false });

  // One operation opened, so its parameters, body schema and responses are checked too.
  await page.locator("#operations-Links-postV1Links .opblock-summary-control").click();
  await expect(page.locator("#operations-Links-postV1Links .opblock-body")).toBeVisible();
  await expect(page.locator("#operations-Links-postV1Links .responses-table").first()).toBeVisible();
  // The operation's examples (request and answer) and its shared responses, resolved from components.
  await expect(page.locator("#operations-Links-postV1Links .opblock-body")).toContainText("https://shop.example.com/spring");
  await expect(page.locator("#operations-Links-postV1Links .opblock-body")).toContainText("spring-sale");
  await expect(page.locator("#operations-Links-postV1Links .responses-table").first()).toContainText("rate_limit_exceeded");
  await page.screenshot({ path: "tests/e2e/screenshots/api-reference-create-link.png", fullPage: false });

  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length}; e.g. ${v.nodes.slice(0, 12).map((n) => `${n.target.join(" ").slice(-60)} ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(30, 150)}`).join(" | ")})`)).toEqual([]);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});
