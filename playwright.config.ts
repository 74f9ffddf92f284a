import { defineConfig } from "@playwright/test";

// Debian's Chromium (apt-get install -y chromium); Playwright's own browser download is never used.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /.*\.spec\.ts$/,
  // A page tour with axe on each page has taken over 60 s on a slow 2-core machine (2026-11-27).
  timeout: 120_000,
  // A sign-in (a bcrypt hash and two navigations) has taken over 5 s on a busy 2-core machine.
  expect: { timeout: 15_000 },
  // Each spec file starts its own server; two files at once keep both cores busy while one waits
  // for the browser. HOP_E2E_WORKERS overrides.
  workers: Number(process.env.HOP_E2E_WORKERS ?? 2),
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
});
