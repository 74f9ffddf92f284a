import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CREATE_TEMPLATES, LEGACY_TEMPLATES } from "../../lib/websites/designs";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// Issue 36: a realistic page (a long name, a two-line bio, five buttons — one with a long title —,
// a scheduled featured button in its window and one past its end, an e-mail sign-up block,
// two socials) published in every design, with the design's own colours and again with the
// customer's own theme (dark colours, a font of Hop's set, their button shape), at a phone's and a
// desktop's width: no serious or critical axe finding, nothing scrolls sideways, no text clipped,
// buttons keep their shape, the HTML under 30 KB, at most the one chosen font file, no request to
// another origin before a tap, and no layout shift while the page loads.

const SYSTEM = "bio.hop.test";
const LONG_TITLE = "Read the whole interview about how we built the studio from scratch in 2025";
const REALISTIC = {
  profile: { name: "Alexandra Montgomery-Richardson", handle: "@alexandra.studio", bio: "Ceramicist and teacher in Lisbon. New pieces every first Friday;\nworkshops for beginners and the curious." },
  links: [
    { type: "simple", title: "Shop the new collection", url: "https://example.com/shop" },
    { type: "simple", title: LONG_TITLE, url: "https://example.com/interview" },
    { type: "header", title: "Learn with me" },
    { type: "simple", title: "Book a workshop", url: "https://example.com/workshops" },
    { type: "simple", title: "Newsletter", url: "https://example.com/news" },
    { type: "simple", title: "Commissions", url: "https://example.com/commissions" },
    // Scheduled blocks (issue 55): one in its window, one past its end (not drawn).
    { type: "featured", title: "Winter sale: 20 % off", subtitle: "Until the end of the month", url: "https://example.com/sale", schedule: { start: "2020-01-01T00:00:00Z", end: "2099-01-01T00:00:00Z" } },
    { type: "simple", title: "Last year's sale", url: "https://example.com/old-sale", schedule: { end: "2021-01-01T00:00:00Z" } },
    // An e-mail sign-up block (issue 55): its field's label, the owner's consent text, the button.
    { type: "signup", id: "news", title: "Studio newsletter", consent: "Monthly news from the studio, sent by Alexandra. Unsubscribe at any time with the link in every mail." },
  ],
  socials: [
    { platform: "instagram", handle: "alexandra.studio" },
    { platform: "youtube", handle: "alexandrastudio" },
  ],
};
/** The owner's own: dark colours, a font of Hop's set and their button shape. */
const DARK_THEME = {
  background: { type: "solid", solid: "#111827" },
  page: { cardColor: "#1f2937", textColor: "#f9fafb", buttonColor: "#a78bfa", buttonTextColor: "#111827" },
  font: "dm-sans",
  buttons: { style: "fill", radius: 12 },
};

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

/** Layout shift as the page loads, from the browser's own record of it: the total and what moved. */
async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            for (const source of entry.sources ?? []) moved.push(source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName));
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve({ total, moved }), 100);
      }),
  );
}

/**
 * Text cut off: a box that hides its overflow (or ends it with an ellipsis) and holds more than it
 * shows, or text reaching past the page's right edge.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1,.handle,.bio,.btn,.header,.socials a")]
      .filter((el) => {
        const style = getComputedStyle(el);
        const hides = style.overflowX !== "visible" || style.overflowY !== "visible" || style.textOverflow === "ellipsis";
        const cut = hides && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
        return cut || el.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
      })
      .map((el) => `${el.className || el.tagName}: ${el.textContent?.trim().slice(0, 40)}`),
  );
}

// One retry: a shift or a timing of a loaded 2-core machine once in many loads is reported as flaky
// (with what moved) rather than failing the run; twice in a row fails it.
test.describe.configure({ mode: "parallel", retries: 1 });

// The whole matrix (every design × both colour variants × both widths) outside CI, or with
// HOP_E2E_FULL=1. In CI each design is checked once, the variants and widths taken in turn so that
// each of the four combinations is seen across the designs; the designs' colours themselves are
// checked at the source for every pair (tests/unit/bio-contrast.test.ts).
const FULL = process.env.HOP_E2E_FULL === "1" || !process.env.CI;
const VARIANTS = [["own", undefined], ["dark", DARK_THEME]] as const;
const VIEWPORTS = [{ width: 390, height: 844 }, { width: 1280, height: 800 }];

for (const [index, templateId] of [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES].entries()) {
  const variants = FULL ? VARIANTS : [VARIANTS[index % 2]];
  const viewports = FULL ? VIEWPORTS : [VIEWPORTS[Math.floor(index / 2) % 2]];
  test(`${templateId}: axe, no sideways scroll, no clipped text, HTML < 30 KB, no layout shift — ${FULL ? "its own colours and a dark theme, 390 and 1280 px" : `${variants[0][0]} colours at ${viewports[0].width} px`}`, async () => {
    for (const [variant, theme] of variants) {
      const url = await publish(templateId, `a-${variant}-${templateId}`, { ...REALISTIC, ...(theme ? { theme } : {}) });
      const html = await (await fetch(url.replace(SYSTEM, "127.0.0.1"), { headers: { host: `${SYSTEM}:${server.port}`, "accept-encoding": "identity" } })).text();
      expect(Buffer.byteLength(html), `${templateId} (${variant}) HTML bytes`).toBeLessThan(30 * 1024);
      expect(html, "a block past its end is not drawn").not.toContain("Last year");
      for (const viewport of viewports) {
        const where = `${templateId} (${variant}) at ${viewport.width}px`;
        const context = await browser.newContext({ viewport, userAgent: DESKTOP_CHROME });
        const page = await context.newPage();
        const requests: string[] = [];
        page.on("request", (request) => requests.push(request.url()));
        // Script errors, and any answer of the page's own that failed (the browser's own favicon.ico aside).
        const errors: string[] = [];
        page.on("pageerror", (e) => errors.push(e.message));
        page.on("response", (r) => r.status() >= 400 && !r.url().endsWith("/favicon.ico") && errors.push(`${r.status()} ${r.url()}`));
        await page.goto(url);
        // The load event has fired (goto waits for it); the font, if any, has settled.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await expect(page.getByRole("heading", { name: REALISTIC.profile.name })).toBeVisible();
        await expect(page.getByRole("link", { name: /Winter sale/ })).toBeVisible();
        await expect(page.getByRole("textbox", { name: "E-mail" }), `${where}: the sign-up field has its label`).toBeVisible();
        await expect(page.getByRole("button", { name: "Sign up" })).toBeVisible();
        if (viewport.width === 390) await page.screenshot({ path: `tests/e2e/screenshots/a11y-${variant}-${templateId}-390.png` });
        const shift = await layoutShift(page);
        expect(shift.total, `${where}: layout shift of ${shift.moved.join(", ")}`).toBe(0);
        const origin = new URL(url).origin;
        expect(requests.filter((r) => !r.startsWith(origin) && !r.startsWith("data:")), `${where}: requests to another origin before a tap`).toEqual([]);
        const fonts = requests.filter((r) => r.includes("/__hop/font/"));
        expect(fonts.length, `${where}: font files`).toBeLessThanOrEqual(variant === "dark" ? 1 : 0);
        if (variant === "dark") expect(await page.evaluate(() => document.fonts.check('16px "DM Sans Variable"')), `${where}: the chosen font is used`).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await clipped(page), `${where}: clipped text`).toEqual([]);
        // A long title wraps inside its button, which keeps its corners (no pill turned oval).
        const shape = await page.getByRole("link", { name: LONG_TITLE }).evaluate((el) => {
          const style = getComputedStyle(el);
          return { radius: parseFloat(style.borderTopLeftRadius), height: el.getBoundingClientRect().height };
        });
        if (shape.height > 60) expect(shape.radius, `${where}: the long button wraps (${shape.height}px high); its corners are capped`).toBeLessThanOrEqual(28);
        const axe = await new AxeBuilder({ page }).analyze();
        const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), where).toEqual([]);
        expect(errors, `${where}: script errors and failed requests`).toEqual([]);
        await context.close();
      }
    }
  });
}
