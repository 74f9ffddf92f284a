import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser } from "@playwright/test";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { api, createAccount } from "../helpers/api";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { agent } from "../helpers/visit";

// Real Chromium resolving a system domain and a customer's domain to this machine
// (--host-resolver-rules), following short links to a local destination page.

const SYSTEM = "sys.hop.test";
const CUSTOM = "go.brand.test";

let server: HopServer;
let destination: http.Server;
let destinationUrl: string;
let browser: Browser;

test.beforeAll(async () => {
  destination = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>Landing</title><h1>Destination reached</h1><p id="query">${req.url?.split("?")[1] ?? ""}</p>`);
  });
  await new Promise<void>((resolve) => destination.listen(0, "127.0.0.1", resolve));
  destinationUrl = `http://127.0.0.1:${(destination.address() as AddressInfo).port}/landing`;
  server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  const account = await createAccount(server);
  await api(server, "POST", "/v1/domains", { key: account.key, body: { domain: CUSTOM } });
  await admin(server, "domain", "force-verify", "--domain", CUSTOM);
  for (const body of [
    { url: destinationUrl, slug: "summer", domain: SYSTEM },
    { url: destinationUrl, slug: "spring", domain: CUSTOM },
    { url: destinationUrl, slug: "escape", domain: SYSTEM, behavior: "conservative" },
    { url: destinationUrl, slug: "escape-now", domain: SYSTEM, behavior: "aggressive" },
  ]) {
    const res = await api(server, "POST", "/v1/links", { key: account.key, body });
    expect(res.status).toBe(201);
  }
  browser = await launchChromium([SYSTEM, CUSTOM]);
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
  destination?.close();
});

// Headless Chromium announces itself as HeadlessChrome, which Hop counts as a bot: not a
// link-preview fetcher, so it gets the plain 302 (docs/redirect-behaviors.md, "Who gets what").

test("short links on a system domain and a custom domain lead to the destination", async () => {
  const page = await browser.newPage({ userAgent: DESKTOP_CHROME });
  await page.goto(`http://${SYSTEM}:${server.port}/summer?utm_source=e2e`);
  await expect(page.getByRole("heading", { name: "Destination reached" })).toBeVisible();
  await expect(page.locator("#query")).toHaveText("utm_source=e2e");
  await page.goto(`http://${CUSTOM}:${server.port}/spring`);
  await expect(page).toHaveURL(destinationUrl);
  const missing = await page.goto(`http://${CUSTOM}:${server.port}/nothing`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link does not exist" })).toBeVisible();
  await page.close();
});

test("headless Chromium's own user agent is a bot but no preview fetcher: the plain 302 to the destination", async () => {
  const page = await browser.newPage();
  await page.goto(`http://${SYSTEM}:${server.port}/summer`);
  await expect(page.getByRole("heading", { name: "Destination reached" })).toBeVisible();
  await expect(page).toHaveURL(destinationUrl);
  await page.close();
});

test("an Instagram user agent sees the escape page; its buttons work, with and without JavaScript", async () => {
  const ua = agent({ category: "in-app", app: "instagram", os: "android" });
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ userAgent: ua, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`http://${SYSTEM}:${server.port}/escape`);
    const open = page.getByRole("link", { name: "Open in browser" });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute("href", new RegExp(`^intent://127\\.0\\.0\\.1:\\d+/landing#Intent;scheme=http;package=com\\.android\\.chrome;S\\.browser_fallback_url=`));
    if (javaScriptEnabled) {
      // Desktop Chromium has no handler for intent:// (a phone opens Chrome), so what can be seen
      // here is that a click on the button is a real navigation to the hand-off URL.
      await page.evaluate(() => {
        document.addEventListener("click", (event) => {
          const link = (event.target as Element).closest("a");
          (window as unknown as { hopClicked: string }).hopClicked = event.defaultPrevented ? "" : link?.href ?? "";
        });
      });
      await open.click();
      const clicked = await page.evaluate(() => (window as unknown as { hopClicked: string }).hopClicked);
      expect(clicked).toMatch(/^intent:\/\/127\.0\.0\.1:\d+\/landing#Intent;/);
    }
    await page.getByRole("link", { name: "Continue here" }).click();
    await expect(page.getByRole("heading", { name: "Destination reached" })).toBeVisible();
    await context.close();
  }
});

test("the kept escape page's style and hand-off script run under its CSP's hashes, with no refusal", async () => {
  const context = await browser.newContext({ userAgent: agent({ category: "in-app", app: "instagram", os: "android" }) });
  const page = await context.newPage();
  // Registered before any script of the page: a refused inline style or script is reported here.
  await page.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { hopRefused: string[] }).hopRefused = refused;
    document.addEventListener("securitypolicyviolation", (event) => refused.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const response = await page.goto(`http://${SYSTEM}:${server.port}/escape-now`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/style-src 'sha256-[^']+'; script-src 'sha256-[^']+';/);
  expect(await response?.text()).toContain("<script>");
  const open = page.getByRole("link", { name: "Open in browser" });
  await expect(open).toHaveCSS("background-color", "rgb(79, 70, 229)");
  await page.waitForTimeout(300); // the hand-off script waits 30 ms before it runs
  expect(await page.evaluate(() => (window as unknown as { hopRefused: string[] }).hopRefused)).toEqual([]);
  await context.close();
});
