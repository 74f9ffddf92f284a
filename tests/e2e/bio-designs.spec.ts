import { mkdirSync } from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { CREATE_TEMPLATES, LEGACY_TEMPLATES } from "../../lib/websites/designs";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Every design in real Chromium at the smallest phone (320 px): name, bio and every link visible
// and clickable, no console error; screenshots go to tests/e2e/screenshots (git-ignored). A phone
// (390 px) and a desktop (1280 px) are bio-accessibility.spec.ts's, with a realistic page. Then an
// XSS corpus in every field must not run.

const SYSTEM = "bio.hop.test";
const LINKS = Array.from({ length: 4 }, (_, i) => ({ type: i === 0 ? "featured" : "simple", title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));

let server: HopServer;
let browser: Browser;
let key: string;

test.beforeAll(async () => {
  mkdirSync("tests/e2e/screenshots", { recursive: true });
  server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  key = (await createAccount(server, { plan: "unlimited" })).key;
  browser = await launchChromium([SYSTEM]);
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function publish(templateId: string, slug: string, data: unknown): Promise<string> {
  const res = await api(server, "POST", "/v1/websites", { key, body: { websiteId: slug, templateId, useSystemDomain: true, systemDomain: SYSTEM, customSlug: slug, data } });
  expect(res.status, res.text).toBe(201);
  return `http://${SYSTEM}:${server.port}/${slug}`;
}

// One test per design, spread over the workers (each starts its own server in beforeAll).
test.describe.configure({ mode: "parallel" });

for (const templateId of [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES]) {
  test(`${templateId} renders and its links work at 320×640`, async () => {
    const url = await publish(templateId, `d-${templateId}`, {
      profile: { name: `Name of ${templateId}`, handle: "@hop", bio: "A short bio" },
      links: [{ type: "header", title: "Latest" }, ...LINKS, { type: "media", platform: "spotify", title: "New single", url: "https://example.com/listen" }, { type: "text", text: "Thanks for stopping by." }],
      socials: ["instagram", "x", "youtube", "github"].map((platform) => ({ platform, handle: "hop" })),
    });
    for (const viewport of [{ width: 320, height: 640 }]) {
      const context = await browser.newContext({ viewport, userAgent: DESKTOP_CHROME });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      await page.route("https://example.com/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>out</h1>" }));
      await page.goto(url);
      await expect(page.getByRole("heading", { name: `Name of ${templateId}` })).toBeVisible();
      await expect(page.getByText("A short bio")).toBeVisible();
      for (const link of LINKS) await expect(page.getByRole("link", { name: link.title })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${templateId} at ${viewport.width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/e2e/screenshots/${templateId}-${viewport.width}.png`, fullPage: true });
      await page.getByRole("link", { name: "Link 2" }).click();
      await expect(page.getByRole("heading", { name: "out" })).toBeVisible();
      expect(errors, `${templateId} at ${viewport.width}px`).toEqual([]);
      await context.close();
    }
  });
}

test("an XSS corpus in every text and URL field runs nothing", async () => {
  const payloads = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "red;}</style><script>alert(1)</script>"];
  const data = (p: string) => ({
    profile: { name: p, bio: p, avatar: p, handle: p },
    avatar: { type: "emoji", value: p },
    theme: { background: { type: "solid", solid: p }, typography: { nameColor: p } },
    links: [
      { type: "simple", title: p, url: p, id: p, colors: { background: p } },
      { type: "header", title: p },
      { type: "text", text: p },
      { type: "media", platform: p, title: p, url: "https://example.com/media" },
      { type: "contact", id: p, title: p, subtitle: p, buttonLabel: p, successMessage: p },
      { type: "simple", title: "safe", url: `https://example.com/?q=${encodeURIComponent(p)}` },
    ],
    socials: [{ platform: p, url: p }, { platform: "instagram", handle: p }],
    socialsAppearance: { style: "buttons" },
    advanced: { pageTitle: p, metaDescription: p, favicon: p },
    background: { color: p },
  });
  for (const [i, payload] of payloads.entries()) {
    const url = await publish(["neo-brutalist", "root-terminal", "bento-grid", "y2k-card", "folio-card"][i], `xss-${i}`, data(payload));
    const page = await browser.newPage({ userAgent: DESKTOP_CHROME });
    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await page.goto(url);
    await page.getByRole("link", { name: "safe" }).waitFor();
    for (const link of await page.getByRole("link").all()) {
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).not.toMatch(/^(javascript|data|vbscript):/i);
    }
    expect(await page.locator("img[src='x']").count()).toBe(0);
    expect(dialogs, payload).toBe(0);
    await page.close();
  }
});
