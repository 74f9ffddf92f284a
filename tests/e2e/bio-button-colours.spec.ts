import { expect, test, type Browser } from "@playwright/test";
import { DESKTOP_CHROME, launchChromium } from "../helpers/chromium";
import { api, createAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// A button's own colours (`colors.background` / `colors.text`) in real Chromium, under the page's
// strict CSP (style-src by nonce only): they must show, as rules of the nonce'd style block, over
// the design's own button colours; nothing on the page may be refused by the CSP.

const SYSTEM = "bio.colours.test";

let server: HopServer;
let browser: Browser;
let key: string;

test.beforeAll(async () => {
  server = await startServer({ env: { SYSTEM_DOMAINS: SYSTEM } });
  key = (await createAccount(server, { plan: "growth" })).key;
  browser = await launchChromium([SYSTEM]);
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LINKS = [
  { type: "simple", id: "red", title: "Red on yellow", url: "https://example.com/red", colors: { background: "#ff0000", text: "rgb(255, 255, 0)" } },
  { type: "featured", id: "plain", title: "Design colours", url: "https://example.com/plain" },
  { type: "simple", id: "navy", title: "Navy text", url: "https://example.com/navy", style: "outline", colors: { text: "navy" } },
  { type: "simple", id: "green", title: "Green", url: "https://example.com/green", colors: { background: "hsl(120, 100%, 25%)", text: "#fff" } },
];

for (const templateId of ["simple-stack-v2", "bento-grid", "bonbon-card"]) {
  test(`per-button colours show in ${templateId}; no style attribute, no CSP refusal`, async () => {
    const slug = `colours-${templateId}`;
    const res = await api(server, "POST", "/v1/websites", { key, body: { websiteId: slug, templateId, useSystemDomain: true, systemDomain: SYSTEM, customSlug: slug, data: { profile: { name: "Colours" }, links: LINKS } } });
    expect(res.status, res.text).toBe(201);
    const page = await browser.newPage({ userAgent: DESKTOP_CHROME });
    const refused: string[] = [];
    page.on("console", (m) => m.type() === "error" && refused.push(m.text()));
    await page.goto(`http://${SYSTEM}:${server.port}/${slug}`);
    const colours = (id: string) =>
      page.locator(`a[data-hop-id="${id}"]`).evaluate((a) => {
        const style = getComputedStyle(a);
        return { background: style.backgroundColor, text: style.color };
      });
    expect(await colours("red")).toEqual({ background: "rgb(255, 0, 0)", text: "rgb(255, 255, 0)" });
    expect((await colours("navy")).text).toBe("rgb(0, 0, 128)");
    expect(await colours("green")).toEqual({ background: "rgb(0, 128, 0)", text: "rgb(255, 255, 255)" });
    const plain = await colours("plain");
    expect(plain.background).not.toBe("rgb(255, 0, 0)");
    expect(await page.locator("[style]").count(), "no inline style attribute on the page").toBe(0);
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await page.close();
  });
}
