import { expect, test } from "@playwright/test";
import { startServer, type HopServer } from "../helpers/server";

let server: HopServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test("the app's home page renders without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(server.url);
  await expect(page.getByRole("heading", { name: "Hop" })).toBeVisible();
  await expect(page.getByText("npm run cli -- account create")).toBeVisible();
  expect(errors).toEqual([]);
});
