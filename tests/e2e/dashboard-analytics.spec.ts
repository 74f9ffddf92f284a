import { expect, test } from "@playwright/test";
import { apiCall, checkPages, dashboardUser, signIn, type DashboardUser, hydrated } from "../helpers/dashboard-page";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { agent, PRIMARY, visit } from "../helpers/visit";

// The Analytics pages: a link with seeded visits shows the same totals as
// GET /v1/analytics/links/{identifier}, for a named range and a from–to range; the account overview.

let server: HopServer;
let owner: DashboardUser;

test.describe.configure({ mode: "serial" });

const COUNTRY_NAMES: Record<string, string> = { DE: "Germany", US: "United States", FR: "France" };

const VISITS: Array<{ country: string; device: "desktop" | "mobile"; ua: string }> = [
  { country: "DE", device: "desktop", ua: agent({ category: "browser", device: "desktop" }) },
  { country: "DE", device: "mobile", ua: agent({ category: "browser", device: "mobile" }) },
  { country: "US", device: "mobile", ua: agent({ category: "browser", device: "mobile" }) },
  { country: "FR", device: "desktop", ua: agent({ category: "browser", device: "desktop" }) },
];

const BOTS = [
  { userAgent: agent({ category: "preview" }) },
  { userAgent: "curl/8.5.0" },
  { method: "HEAD" },
  { headers: { "sec-purpose": "prefetch" } },
];

test.beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "true" } });
  owner = await dashboardUser(server, "stats-owner@example.test");
  expect((await apiCall(server, owner.key, "POST", "/v1/links", { url: "https://example.com/sale?utm_source=newsletter&utm_medium=email&utm_campaign=winter", slug: "sale", title: "Winter sale" })).status).toBe(201);
  expect((await apiCall(server, owner.key, "POST", "/v1/links", { url: "https://example.com/quiet", slug: "quiet" })).status).toBe(201);
  for (const v of VISITS) await visit(server, PRIMARY, "/sale", { userAgent: v.ua, headers: { "cf-ipcountry": v.country, referer: "https://news.example/story" } });
  // Bots: a link-preview fetcher, curl, a HEAD and a browser's prefetch (recorded apart, never people's views).
  for (const bot of BOTS) await visit(server, PRIMARY, "/sale", bot);
  // Events are flushed to the rollups in the background: wait until the API counts them all.
  const deadline = Date.now() + 15_000;
  let views = 0;
  let bots = 0;
  while ((views < VISITS.length || bots < BOTS.length) && Date.now() < deadline) {
    const body = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/sale")).body;
    [views, bots] = [body.totalViews, body.botViews.total];
    if (views < VISITS.length || bots < BOTS.length) await new Promise((r) => setTimeout(r, 250));
  }
  expect(views).toBe(VISITS.length);
  expect(bots).toBe(BOTS.length);
});
test.afterAll(async () => {
  await server?.stop();
});

test("a link's page shows the API's totals, countries and referrers, for a named and a from–to range", async ({ page }) => {
  const api = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/sale")).body;
  await signIn(page, server, owner.email, "/analytics/link?id=sale");
  await expect(page.getByTestId("total-views")).toHaveText(String(api.totalViews));
  await expect(page.getByTestId("total-clicks")).toHaveText(String(api.totalClicks));
  // Titles, not slugs; countries by name with their flags.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics: Winter sale");
  await expect(page.locator(".analytics-subject")).toContainText(/Short link \S+\/sale/);
  await expect(page.getByTestId("top-country")).toHaveText(COUNTRY_NAMES[api.topCountry]);
  const countries = page.getByRole("region", { name: "Views by country" });
  for (const { name, views } of api.countryStats) await expect(countries.getByRole("row", { name: new RegExp(`^${COUNTRY_NAMES[name]} `) })).toContainText(String(views));
  await expect(page.getByRole("region", { name: "Views by referrer" })).toContainText("news.example");
  const chart = page.getByRole("img", { name: /^Views and clicks:/ });
  await expect(chart).toHaveAttribute("aria-label", new RegExp(`${api.totalViews} views and ${api.totalClicks} clicks over ${api.dailyViews.length} periods`));

  await page.getByLabel("Range").selectOption("last_7_days");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/timeframe=last_7_days/);
  const week = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/sale?timeframe=last_7_days")).body;
  await expect(page.getByTestId("total-views")).toHaveText(String(week.totalViews));
  await expect(page.getByRole("img", { name: /^Views and clicks:/ })).toHaveAttribute("aria-label", new RegExp(`over ${week.dailyViews.length} periods`));

  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("From").fill(today);
  await page.getByLabel("To").fill(today);
  await page.getByRole("button", { name: "Apply" }).click();
  const day = (await apiCall(server, owner.key, "GET", `/v1/analytics/links/sale?from=${today}&to=${today}`)).body;
  await expect(page.getByTestId("total-views")).toHaveText(String(day.totalViews));
  // One day is hourly buckets, as in the API.
  await expect(page.getByRole("img", { name: /^Views and clicks:/ })).toHaveAttribute("aria-label", /over 24 periods/);

  await page.goto(`${server.url}/analytics/link?id=sale&from=2026-02-30&to=2026-03-01`);
  await hydrated(page);
  await expect(page.locator(".alert-danger")).toHaveText("from must be a date written YYYY-MM-DD.");
  await page.goto(`${server.url}/analytics/link?id=nothing-here`);
  await hydrated(page);
  await expect(page.locator(".alert-danger")).toContainText("No link or page “nothing-here”");
});

test("people by default, bots on request with their reasons; unique visitors; UTM; the CSV of what is shown", async ({ page }) => {
  const people = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/sale")).body;
  const bots = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/sale?audience=bots")).body;
  await signIn(page, server, owner.email, "/analytics/link?id=sale");
  await expect(page.getByRole("navigation", { name: "Whose views" }).getByRole("link", { name: "People" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("total-views")).toHaveText(String(VISITS.length));
  await expect(page.getByTestId("unique-visitors")).toHaveText(String(people.uniqueVisitors));
  const reasons = page.getByRole("region", { name: "Bot views by reason" });
  for (const label of ["Link previews", "Scripts and servers", "HEAD requests", "Prefetches"]) await expect(reasons.getByRole("row", { name: new RegExp(`^${label}`) })).toContainText("1");
  await expect(page.getByRole("region", { name: "Bots", exact: true })).toContainText(`${BOTS.length} bot views, not counted as people's.`);
  await expect(page.getByRole("region", { name: "Views by UTM source" })).toContainText("newsletter");
  await expect(page.getByRole("region", { name: "Views by UTM campaign" }).getByRole("row", { name: /^winter/ })).toContainText(String(VISITS.length));

  await page.getByRole("link", { name: "Bots", exact: true }).click();
  await expect(page).toHaveURL(/audience=bots/);
  await expect(page.getByTestId("total-views")).toHaveText(String(bots.totalViews));
  await expect(page.locator(".stat-label").first()).toHaveText("Bot views");
  await expect(page.getByTestId("unique-visitors")).toHaveCount(0);
  // The range picker keeps the audience.
  await page.getByLabel("Range").selectOption("last_7_days");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/timeframe=last_7_days/);
  await expect(page).toHaveURL(/audience=bots/);

  // The CSV of the range and audience shown, as GET /v1/analytics/export/{identifier} gives it.
  const href = await page.getByTestId("download-csv").getAttribute("href");
  expect(href).toContain("audience=bots");
  const file = await page.request.get(`${server.url}${href}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="hop-analytics-/);
  const lines = (await file.text()).trim().split("\r\n");
  expect(lines[0]).toBe("date,views,uniqueVisitors,clicks,botViews,bots_preview,bots_crawler,bots_head,bots_prefetch,bots_datacenter");
  expect(lines).toHaveLength(8);
  expect(lines.at(-1)).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${BOTS.length},,0,${BOTS.length},1,0,1,1,1$`));

  await page.getByRole("link", { name: "Everyone" }).click();
  await expect(page.getByTestId("total-views")).toHaveText(String(VISITS.length + BOTS.length));
  await page.getByRole("link", { name: "People", exact: true }).click();
  await expect(page).not.toHaveURL(/audience=/);
  await expect(page.getByTestId("total-views")).toHaveText(String(VISITS.length));
});

test("another account's analytics CSV is not found", async ({ page }) => {
  const other = await dashboardUser(server, "csv-other@example.test");
  await signIn(page, server, other.email, "/analytics");
  const file = await page.request.get(`${server.url}/api/dashboard/analytics/export?id=sale&timeframe=last_7_days`);
  expect(file.status()).toBe(404);
});

test("a click on a country, then a device, filters the whole page by them; the address keeps them; a chip removes one", async ({ page }) => {
  await signIn(page, server, owner.email, "/analytics/link?id=sale");
  await expect(page.getByTestId("total-views")).toHaveText(String(VISITS.length));
  await page.getByRole("region", { name: "Views by country" }).getByRole("link", { name: "Germany" }).click();
  await expect(page).toHaveURL(/[?&]country=de(&|$)/);
  const germans = VISITS.filter((v) => v.country === "DE");
  await expect(page.getByTestId("total-views")).toHaveText(String(germans.length));
  await expect(page.getByRole("group", { name: "Filters in force" })).toContainText("Country: Germany");
  // Every breakdown is of the German visitors only: one on a desktop, one on a phone.
  const devices = page.getByRole("region", { name: "Views by device" });
  await expect(devices.getByRole("row", { name: /^Desktop / })).toContainText("1");
  await expect(devices.getByRole("row", { name: /^Mobile / })).toContainText("1");
  await expect(page.getByRole("region", { name: "Views by country" }).getByRole("row")).toHaveCount(2);
  await devices.getByRole("link", { name: "Mobile" }).click();
  await expect(page).toHaveURL(/country=de&device=mobile/);
  await expect(page.getByTestId("total-views")).toHaveText("1");
  // The range picker keeps the filters.
  await page.getByLabel("Range").selectOption("last_7_days");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/timeframe=last_7_days/);
  await expect(page).toHaveURL(/device=mobile/);
  await page.getByRole("link", { name: "Remove the country filter" }).click();
  await expect(page).not.toHaveURL(/country=/);
  await expect(page.getByTestId("total-views")).toHaveText(String(VISITS.filter((v) => v.device === "mobile").length));
  await page.goto(`${server.url}/analytics/link?id=sale&country=not-a-country&device=%3Cscript%3E`);
  await hydrated(page);
  await expect(page.getByTestId("total-views")).toHaveText(String(VISITS.length), { timeout: 5_000 });
});

test("the account overview: totals of a range, top links and countries with flags; search finds a link's analytics", async ({ page }) => {
  const api = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/sale")).body;
  await signIn(page, server, owner.email, "/analytics");
  await expect(page.getByTestId("account-views")).toHaveText(String(api.totalViews));
  await expect(page.getByTestId("account-clicks")).toHaveText(String(api.totalClicks));
  await expect(page.getByRole("region", { name: "Top links by views" }).getByRole("row").nth(1)).toContainText("Winter sale");
  const topCountries = page.getByRole("region", { name: "Top countries by views" });
  await expect(topCountries).toContainText("Germany");
  await expect(topCountries.locator(".flag svg")).toHaveCount(3);
  // The same range picker as a link's page: a week of it, and a range typed wrong.
  await page.getByLabel("Range").selectOption("last_7_days");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/analytics\?timeframe=last_7_days/);
  await expect(page.getByTestId("account-views")).toHaveText(String(api.totalViews));
  await expect(page.locator(".stat-label").first()).toHaveText("Views, last 7 days");
  await page.goto(`${server.url}/analytics?from=2026-02-30&to=2026-03-01`);
  await hydrated(page);
  await expect(page.locator(".alert-danger")).toHaveText("from must be a date written YYYY-MM-DD.");
  await expect(page.getByTestId("account-views")).toHaveText(String(api.totalViews));
  await page.getByLabel("Search links and websites").fill("quiet");
  await page.getByRole("button", { name: "Search" }).click();
  const results = page.getByRole("region", { name: "Links and websites" });
  await expect(results.getByRole("row")).toHaveCount(2);
  await results.getByRole("link", { name: /quiet/ }).click();
  await expect(page.getByTestId("total-views")).toHaveText("0");
});

test("a page's analytics: clicks by button with their daily clicks, and the 18+ confirmation rate, as the API counts them", async ({ page }) => {
  const published = await apiCall(server, owner.key, "POST", "/v1/websites", {
    websiteId: "w",
    templateId: "bento-grid",
    customSlug: "ada-links",
    data: { profile: { name: "Ada" }, links: [{ id: "blog", type: "simple", title: "Blog", url: "https://ada.example/blog" }, { type: "featured", title: "Shop", url: "https://ada.example/shop" }], settings: { adultMode: true } },
  });
  expect(published.status).toBe(201);
  for (const country of ["DE", "US", "DE"]) await visit(server, PRIMARY, "/ada-links", { headers: { "cf-ipcountry": country } });
  // What the page's tracking script sends (navigator.sendBeacon posts text/plain JSON).
  // One visitor's repeated click on a button counts once, so the second "blog" click is another browser's.
  const click = (id: string, userAgent?: string) => visit(server, PRIMARY, "/__hop/click", { method: "POST", userAgent, body: JSON.stringify({ page: "ada-links", id }), headers: { "content-type": "text/plain;charset=UTF-8" } });
  for (const [id, ua] of [["blog"], ["blog", agent({ category: "browser", os: "android" })], ["link-2"], ["adult-18plus-btn"]]) expect((await click(id, ua)).status).toBe(204);
  const deadline = Date.now() + 15_000;
  let api;
  do api = (await apiCall(server, owner.key, "GET", "/v1/analytics/links/ada-links")).body;
  while ((api.totalViews < 3 || api.totalClicks < 4) && Date.now() < deadline);
  expect(api.totalClicks).toBe(4);

  await signIn(page, server, owner.email, "/analytics/link?id=ada-links");
  await expect(page.getByTestId("total-views")).toHaveText(String(api.totalViews));
  await expect(page.getByTestId("total-clicks")).toHaveText(String(api.totalClicks));
  await expect(page.getByTestId("adult-rate")).toHaveText(`${api.adultConfirmation.rate}%`);
  // The card and its table share the name "Clicks by button": the table is the one with rows.
  const buttonTable = page.locator('.table-wrap[aria-label="Clicks by button"]');
  const buttons = buttonTable.getByRole("row");
  await expect(buttons).toHaveCount(1 + api.clicksByLink.length);
  for (const [index, button] of api.clicksByLink.entries()) {
    await expect(buttons.nth(index + 1)).toContainText(button.title);
    await expect(buttons.nth(index + 1).locator("td.num")).toHaveText(String(button.totalClicks));
    await expect(buttons.nth(index + 1).getByRole("img", { name: `${button.title}: daily clicks` })).toBeVisible();
  }
  await expect(buttonTable).toContainText("18+ confirmation");
});

test("the overview shows the last 30 days: views and clicks, and the top links by title", async ({ page }) => {
  let views = 0;
  for (const id of ["sale", "quiet", "ada-links"]) views += (await apiCall(server, owner.key, "GET", `/v1/analytics/links/${id}`)).body.totalViews;
  await signIn(page, server, owner.email, "/");
  const activity = page.getByRole("region", { name: "Last 30 days", exact: true });
  await expect(activity).toContainText(`${views} views and`);
  await expect(activity.getByRole("img", { name: /^Views and clicks of the workspace per day/ }).first()).toHaveAttribute("aria-label", new RegExp(`${views} views`));
  const top = page.getByRole("region", { name: "Top links and websites, last 30 days" });
  await expect(top.getByRole("link", { name: "Winter sale" })).toHaveAttribute("href", "/analytics/link?id=sale");
});

test("another account sees none of it", async ({ page }) => {
  const other = await dashboardUser(server, "stats-other@example.test");
  await signIn(page, server, other.email, "/analytics/link?id=sale");
  await expect(page.locator(".alert-danger")).toContainText("No link or page “sale”");
  await page.goto(`${server.url}/analytics`);
  await hydrated(page);
  await expect(page.getByTestId("account-views")).toHaveText("0");
});

test("the Analytics pages at 1280×800 and 390×844: screenshots, no serious axe violation", async ({ browser }) => {
  await checkPages(browser, server, owner.email, [
    { path: "/analytics", name: "dashboard-analytics" },
    { path: "/analytics/link?id=sale", name: "dashboard-analytics-link" },
    { path: "/analytics/link?id=ada-links&timeframe=last_7_days", name: "dashboard-analytics-page" },
    { path: "/analytics/link?id=sale&audience=bots", name: "dashboard-analytics-bots" },
    { path: "/analytics/link?id=quiet", name: "dashboard-analytics-empty" },
  ]);
});

test("dark mode: the Analytics pages, filtered by a country and a device, at both sizes: screenshots, no serious axe violation", async ({ browser }) => {
  await checkPages(
    browser,
    server,
    owner.email,
    [
      { path: "/analytics", name: "dark-dashboard-analytics" },
      { path: "/analytics/link?id=sale&country=de&device=mobile", name: "dark-dashboard-analytics-filtered" },
    ],
    "dark",
  );
});
