// Shared steps of the dashboard's Playwright flows: an account that can sign in and call the API,
// signing in, and the per-page check (screenshot at a size, no sideways scroll, no serious axe
// finding, no console error).
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { admin, ROOT, type HopServer } from "../../scripts/harness/hop-server";

export const SCREENSHOTS = path.join(ROOT, "tests", "e2e", "screenshots");
export const PASSWORD = "correct horse battery";
export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

export interface DashboardUser {
  email: string;
  key: string;
}

/** An account with a password (for the browser) and a full key (for the API), made with the CLI. */
export async function dashboardUser(server: HopServer, email: string, plan = "growth"): Promise<DashboardUser> {
  await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", plan);
  const key = await admin(server, "key", "create", "--email", email, "--role", "full");
  return { email, key: String(key.key) };
}

/** Waits until React has hydrated the page (components/ui/hydration-mark.tsx): a click before that is lost. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export async function signIn(page: Page, server: HopServer, email: string, callbackPath = "/") {
  await page.goto(`${server.url}/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await hydrated(page);
}

export async function apiCall<T = any>(server: HopServer, key: string, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A draft made through the API from a template and its semantic content: the editor's path for it. */
export async function draftPath(server: HopServer, key: string, templateId: string, semantic: unknown): Promise<string> {
  const response = await apiCall<{ data: { editorUrl: string } }>(server, key, "POST", "/v1/websites/drafts", { templateId, semantic });
  expect(response.status).toBe(201);
  return new URL(response.body.data.editorUrl).pathname;
}

/** axe's serious and critical findings on the page as it is (less `exclude`), one line each (rule: targets). */
export async function seriousAxe(page: Page, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const axe = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Console errors and uncaught page errors, gathered from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Each path at desktop and phone size: 200, screenshot, no sideways scroll, 0 serious/critical axe violations, no console error. */
export async function checkPages(browser: Browser, server: HopServer, email: string, paths: Array<{ path: string; name: string }>, colorScheme: "light" | "dark" = "light") {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, colorScheme });
    const page = await context.newPage();
    await signIn(page, server, email);
    for (const target of paths) {
      const errors = watchErrors(page);
      const response = await page.goto(`${server.url}${target.path}`);
      expect(response?.status(), target.path).toBe(200);
      await page.waitForLoadState("networkidle");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${target.path} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${target.name}-${viewport.name}.png`), fullPage: true });
      expect(await seriousAxe(page), target.path).toEqual([]);
      expect(errors, target.path).toEqual([]);
      page.removeAllListeners("console");
      page.removeAllListeners("pageerror");
    }
    await context.close();
  }
}
