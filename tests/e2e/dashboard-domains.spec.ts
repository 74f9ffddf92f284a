import { expect, test } from "@playwright/test";
import { apiCall, checkPages, dashboardUser, signIn, type DashboardUser, hydrated } from "../helpers/dashboard-page";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";

// The Domains page against a real DNS server on loopback: connect → the record to create →
// "Verify now" says what is wrong in words → verified → default → delete moves its links.

const CNAME_TARGET = "cname.hop.test";
const DOMAIN = "links.brand.test";

let server: HopServer;
let dns: TestDnsServer;
let owner: DashboardUser;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dns = await startDnsServer();
  server = await startServer({ env: { DNS_SERVERS: dns.address, CNAME_TARGET, APEX_A_RECORD: "203.0.113.7" } });
  owner = await dashboardUser(server, "domains-owner@example.test");
});
test.afterAll(async () => {
  await server?.stop();
  await dns?.close();
});

test("connect, verify with DNS mistakes explained, set default, delete: the links move to the primary domain", async ({ page }) => {
  await signIn(page, server, owner.email, "/domains");
  await expect(page.getByRole("heading", { name: "No domains yet" })).toBeVisible();
  // CNAME_TARGET and APEX_A_RECORD name a server here: no warning about them.
  await expect(page.getByText("Custom domains can't be verified")).toHaveCount(0);

  await page.getByRole("textbox", { name: "Domain" }).fill("https://nope.example/path");
  await page.getByRole("button", { name: "Connect domain" }).click();
  await expect(page.locator(".field-error")).toBeVisible();

  // A pasted address is tidied to its name: https://LINKS.BRAND.TEST/ → links.brand.test.
  await page.getByRole("textbox", { name: "Domain" }).fill(`https://${DOMAIN.toUpperCase()}/`);
  await page.getByRole("button", { name: "Connect domain" }).click();
  const card = page.locator(".domain-card", { has: page.getByRole("heading", { name: DOMAIN }) });
  await expect(card).toContainText("Not verified");
  const record = card.getByRole("definition");
  await expect(record.nth(0)).toContainText("CNAME");
  // The Host field as DNS providers want it: the label inside the zone, the full name in the sentence.
  await expect(record.nth(1).locator("code")).toHaveText("links");
  await expect(card.locator(".domain-instructions")).toContainText(`wants ${DOMAIN}`);
  await expect(record.nth(2)).toContainText(CNAME_TARGET);
  for (const part of ["type", "host", "value"]) await expect(card.getByRole("button", { name: `Copy ${part}` })).toBeVisible();

  const verify = card.getByRole("button", { name: "Verify now" });
  await verify.click();
  await expect(card.getByRole("status")).toContainText("Record missing.");

  dns.setA(DOMAIN, "198.51.100.9");
  await verify.click();
  await expect(card.getByRole("status")).toContainText("An A record where a CNAME is expected.");
  await expect(card.getByRole("status")).toContainText("198.51.100.9");

  dns.remove(DOMAIN);
  dns.setCname(DOMAIN, "elsewhere.example");
  await verify.click();
  await expect(card.getByRole("status")).toContainText(`Wrong value. The CNAME record of ${DOMAIN} is elsewhere.example, but it must be ${CNAME_TARGET}.`);

  dns.setCname(DOMAIN, CNAME_TARGET);
  await verify.click();
  await expect(card.getByRole("status")).toContainText("Verified.");
  await expect(card).toContainText(/Verified [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  await card.getByRole("button", { name: "Set as default" }).click();
  await expect(card.locator(".badge", { hasText: "Default" })).toBeVisible();
  await expect(page.locator(".page-description")).toContainText(`now ${DOMAIN}`);
  const listed = await apiCall(server, owner.key, "GET", "/v1/domains");
  expect(listed.body.data.find((d: { domain: string }) => d.domain === DOMAIN)).toMatchObject({ isDefault: true, verified: true });

  // The link form preselects the default domain (API clients without `domain` still get the
  // primary domain, as the contract fixes).
  await page.goto(`${server.url}/links/new`);
  await hydrated(page);
  await expect(page.getByLabel("Domain", { exact: true })).toHaveValue(DOMAIN);
  await page.goto(`${server.url}/domains`);
  await hydrated(page);

  // Links made through the API on the domain; the page counts them for the delete confirmation.
  for (const slug of ["spring", "summer"]) {
    const created = await apiCall(server, owner.key, "POST", "/v1/links", { url: `https://example.com/${slug}`, slug, domain: DOMAIN });
    expect(created.status).toBe(201);
    expect(created.body.data.domain).toBe(DOMAIN);
  }
  await page.reload();
  await hydrated(page);
  await expect(card).toContainText("2 links");

  // The default cannot be deleted: the use case's own refusal shows in the dialog.
  await card.getByRole("button", { name: `Delete ${DOMAIN}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`2 links on ${DOMAIN} will move to`);
  await dialog.getByRole("button", { name: "Delete and move 2 links" }).click();
  await expect(dialog.locator(".alert-danger")).toContainText("is the default domain");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await card.getByRole("button", { name: "Remove as default" }).click();
  await expect(card.locator(".badge", { hasText: "Default" })).toHaveCount(0);
  await card.getByRole("button", { name: `Delete ${DOMAIN}` }).click();
  await dialog.getByRole("button", { name: "Delete and move 2 links" }).click();
  await expect(page.getByText(`${DOMAIN} was removed; 2 link(s) moved to`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No domains yet" })).toBeVisible();

  const moved = await apiCall(server, owner.key, "GET", "/v1/links/spring");
  expect(moved.status).toBe(200);
  expect(moved.body.data.domain).not.toBe(DOMAIN);
  expect(moved.body.data.slug).toBe("spring");
});

test("another account's domain: the dashboard's routes answer 404 and change nothing", async ({ page }) => {
  const other = await dashboardUser(server, "domains-other@example.test");
  expect((await apiCall(server, other.key, "POST", "/v1/domains", { domain: "theirs.brand.test" })).status).toBe(201);
  await signIn(page, server, owner.email, "/domains");
  const headers = { origin: server.url };
  expect((await page.request.delete(`${server.url}/api/dashboard/domains/theirs.brand.test`, { headers })).status()).toBe(404);
  expect((await page.request.patch(`${server.url}/api/dashboard/domains/theirs.brand.test`, { headers, data: { isDefault: true } })).status()).toBe(404);
  expect((await page.request.post(`${server.url}/api/dashboard/domains`, { headers: { origin: "https://evil.example" }, data: { domain: "x.brand.test" } })).status()).toBe(403);
  expect((await apiCall(server, other.key, "GET", "/v1/domains")).body.data).toHaveLength(1);
});

test("the Domains page at 1280×800 and 390×844: screenshots, no serious axe violation", async ({ browser }) => {
  expect((await apiCall(server, owner.key, "POST", "/v1/domains", { domain: "go.brand.test", isDefault: false })).status).toBe(201);
  dns.setCname("shop.brand.test", CNAME_TARGET);
  await apiCall(server, owner.key, "POST", "/v1/domains", { domain: "shop.brand.test" });
  await apiCall(server, owner.key, "POST", "/v1/domains/shop.brand.test/verify");
  await checkPages(browser, server, owner.email, [{ path: "/domains", name: "dashboard-domains" }]);
});
