import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type Response } from "@playwright/test";
import pg from "pg";
import { dashboardUser, hydrated, PASSWORD, signIn, type DashboardUser } from "../helpers/dashboard-page";
import { freePort, missingPostgres, startOwnPostgres, type OwnPostgres } from "../../scripts/harness/own-services";
import { ROOT, startServer, type HopServer } from "../../scripts/harness/hop-server";

// Pages that fail for real, in Chromium: Hop on a PostgreSQL of this file's own, which is stopped
// (an outage) and whose API-key table is renamed away (a broken database). Every page answers with
// the designed state — what happened in plain words, "Try again", a way home, a reference that
// matches the server's log line — never Next's built-in error page (whose inline styles the CSP
// refuses), never the error's message or stack. Once the database is back, "Try again" recovers.

const SCREENSHOTS = path.join(ROOT, "tests", "e2e", "screenshots");
const OUTAGE_TITLE = "Hop can't reach its database right now";
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

let db: OwnPostgres;
let server: HopServer;
let user: DashboardUser;
let draftPath = "";

test.describe.configure({ mode: "serial" });
test.skip(Boolean(missingPostgres()), String(missingPostgres()));

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  db = await startOwnPostgres();
  // The app on its own address (APP_URL), as a customer reaches it: another host would be asked
  // about as a custom domain by the visitor path first. HOP_LOG on: the test reads the log line
  // whose reference the page shows.
  const port = await freePort();
  server = await startServer({ env: { DATABASE_URL: db.url, REDIS_URL: "", HOP_LOG: "info", PORT: String(port), APP_URL: `http://127.0.0.1:${port}` } });
  user = await dashboardUser(server, "ada-outage@example.test");
  const response = await fetch(`${server.url}/v1/websites/drafts`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.key}`, "content-type": "application/json" },
    body: JSON.stringify({ templateId: "simple-stack-v2", semantic: { profile: { name: "Ada" }, links: [{ title: "Notes", url: "https://ada.example/notes" }] } }),
  });
  expect(response.status).toBe(201);
  draftPath = new URL(((await response.json()) as { data: { editorUrl: string } }).data.editorUrl).pathname;
});
test.afterAll(async () => {
  await server?.stop();
  await db?.remove();
});

/** Console errors that are CSP refusals, and uncaught page errors: both must stay empty. */
function watch(page: Page): { csp: string[]; uncaught: string[] } {
  const seen = { csp: [] as string[], uncaught: [] as string[] };
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (apply|execute|load)/i.test(message.text())) seen.csp.push(message.text());
  });
  page.on("pageerror", (error) => seen.uncaught.push(error.message));
  return seen;
}

async function sql(statement: string) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The designed failure on screen: title, Try again, the way home, a reference, no detail of the failure. */
async function expectDesigned(page: Page, response: Response | null, title: string, home: string): Promise<string> {
  await hydrated(page);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();
  await expect(page.getByRole("link", { name: home })).toBeVisible();
  const reference = (await page.locator(".error-state-reference code").textContent())?.trim() ?? "";
  expect(reference).not.toBe("");
  const text = await page.locator("body").innerText();
  for (const leak of ["ECONNREFUSED", "127.0.0.1", String(db.port), "postgres", "prisma", "    at ", "does not exist", "ApiKey"]) {
    expect(text, `the page shows "${leak}"`).not.toContain(leak);
  }
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  return reference;
}

async function signedInPage(browser: Browser, viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  await signIn(page, server, user.email);
  return { context, page };
}

test("a broken database: a dashboard page shows the generic failure inside the shell, with a reference from the log", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, VIEWPORTS[0]);
  await sql(`ALTER TABLE "ApiKey" RENAME TO "ApiKey_away"`);
  try {
    const seen = watch(page);
    const response = await page.goto(`${server.url}/keys`);
    // The page streams inside the shell (app/(dashboard)/loading.tsx), so its status is already sent: 200.
    expect(response?.status()).toBe(200);
    const reference = await expectDesigned(page, response, "Something went wrong", "Back to the overview");
    await expect(page.getByRole("navigation").getByRole("link", { name: "API keys" })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, "error-generic-desktop.png"), fullPage: true });
    expect(seen).toEqual({ csp: [], uncaught: [] });
    // Next logs the failure with the same digest the page shows.
    expect(server.logs()).toContain(reference);
  } finally {
    await sql(`ALTER TABLE "ApiKey_away" RENAME TO "ApiKey"`);
  }
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await context.close();
});

test("the database stops: dashboard, editor and sign-up say Hop can't reach its database; Try again recovers once it is back", async ({ browser }) => {
  const sessions = await Promise.all(VIEWPORTS.map((viewport) => signedInPage(browser, viewport)));
  const signedOut = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitor = await signedOut.newPage();
  await db.stop();
  try {
    for (const [i, viewport] of VIEWPORTS.entries()) {
      const { page } = sessions[i];
      const seen = watch(page);
      const keys = await page.goto(`${server.url}/keys`);
      // The dashboard's layout fails before anything streams: Next answers 500 with the root boundary.
      expect(keys?.status()).toBe(500);
      const reference = await expectDesigned(page, keys, OUTAGE_TITLE, "Back to the overview");
      // The outage's one warning carries the reference every page of the outage shows.
      expect(server.logs()).toMatch(new RegExp(`"message":"database unreachable[^"]*","reference":"${reference}"`));
      await page.screenshot({ path: path.join(SCREENSHOTS, `error-database-${viewport.name}.png`), fullPage: true });

      const editor = await page.goto(`${server.url}${draftPath}`);
      expect(editor?.status()).toBe(500);
      await expectDesigned(page, editor, OUTAGE_TITLE, "Back to your websites");
      await page.screenshot({ path: path.join(SCREENSHOTS, `error-database-editor-${viewport.name}.png`), fullPage: true });
      expect(seen).toEqual({ csp: [], uncaught: [] });
    }

    const seen = watch(visitor);
    const signup = await visitor.goto(`${server.url}/signup`);
    expect(signup?.status()).toBe(500);
    await expectDesigned(visitor, signup, OUTAGE_TITLE, "Back to the overview");
    // The product page and sign-in need no database: they still answer, and signing in says why it cannot.
    const landing = await visitor.goto(server.url);
    expect(landing?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { name: /Short links and link-in-bio websites/ })).toBeVisible();
    const login = await visitor.goto(`${server.url}/login`);
    expect(login?.status()).toBe(200);
    await hydrated(visitor);
    await visitor.getByLabel("E-mail").fill(user.email);
    await visitor.getByLabel("Password").fill(PASSWORD);
    const answer = visitor.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
    await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
    const body = await (await answer).text();
    await expect(visitor.locator(".alert-danger")).toHaveText("Hop can't reach its database right now. Wait a moment, then try again.");
    // next-auth puts a thrown error's message in its URL: only the fixed code may be there.
    expect(new URL((JSON.parse(body) as { url: string }).url).searchParams.get("error")).toBe("DatabaseUnavailable");
    for (const leak of ["ECONNREFUSED", `:${db.port}`]) expect(body).not.toContain(leak);
    await visitor.screenshot({ path: path.join(SCREENSHOTS, "error-database-signin-desktop.png"), fullPage: true });
    expect(seen).toEqual({ csp: [], uncaught: [] });
  } finally {
    await db.start();
  }

  // The desktop session still shows the editor's failure: Try again now opens the editor.
  const { page } = sessions[0];
  await expect(page.getByRole("heading", { level: 1, name: OUTAGE_TITLE })).toBeVisible();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("save-status")).toBeVisible({ timeout: 15_000 });
  for (const session of sessions) await session.context.close();
  await signedOut.close();
});

test("dark mode: the designed failure keeps its contrast", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
  const page = await context.newPage();
  await db.stop();
  try {
    const response = await page.goto(`${server.url}/signup`);
    await expectDesigned(page, response, OUTAGE_TITLE, "Back to the overview");
    await page.screenshot({ path: path.join(SCREENSHOTS, "error-database-dark-desktop.png"), fullPage: true });
  } finally {
    await db.start();
  }
  await context.close();
});

test("a slow page shows the designed skeleton inside the shell until its data arrives", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, VIEWPORTS[0]);
  // A real slow read: another session holds the keys table, so the Keys page's query waits for it.
  const holder = new pg.Client({ connectionString: db.url });
  await holder.connect();
  await holder.query("BEGIN");
  await holder.query(`LOCK TABLE "ApiKey" IN ACCESS EXCLUSIVE MODE`);
  try {
    const navigation = page.goto(`${server.url}/keys`);
    await expect(page.locator(".skeleton-row").first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeAttached();
    await expect(page.getByRole("navigation").getByRole("link", { name: "API keys" })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, "loading-keys-desktop.png") });
    await holder.query("COMMIT");
    expect((await navigation)?.status()).toBe(200);
  } finally {
    await holder.end();
  }
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.locator(".skeleton")).toHaveCount(0);
  await context.close();
});

test("the editor arrives rendered: before any script runs the page is the editor, not a blank page", async ({ browser }) => {
  const { context } = await signedInPage(browser, VIEWPORTS[0]);
  const withoutScripts = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false, storageState: await context.storageState() });
  const bare = await withoutScripts.newPage();
  const response = await bare.goto(`${server.url}${draftPath}`);
  expect(response?.status()).toBe(200);
  await expect(bare.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  await expect(bare.getByRole("tablist", { name: "Editor sections" })).toBeVisible();
  await bare.screenshot({ path: path.join(SCREENSHOTS, "loading-editor-no-script-desktop.png") });
  await withoutScripts.close();
  await context.close();
});
