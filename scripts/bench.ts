// `npm run bench`: every speed figure the issues ask for, each measured against a baseline in the
// same run. `npm run bench -- wrapper redirect` runs only the named sections; sections marked
// `onlyWhenNamed` (the five-minute database outage) run only when named.
import { existsSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SECTIONS: Array<{ name: string; file: string; fn: string; onlyWhenNamed?: boolean }> = [
  { name: "wrapper", file: "./bench/wrapper.ts", fn: "benchWrapper" },
  { name: "redirect", file: "./bench/redirect.ts", fn: "benchRedirect" },
  { name: "proxy", file: "./bench/proxy.ts", fn: "benchProxy" },
  { name: "bio", file: "./bench/bio.ts", fn: "benchBio" },
  { name: "hostile", file: "./bench/hostile.ts", fn: "benchHostile" },
  { name: "analytics", file: "./bench/analytics.ts", fn: "benchAnalytics" },
  { name: "analytics-page", file: "./bench/analytics-page.ts", fn: "benchAnalyticsPage" },
  { name: "editor", file: "./bench/editor.ts", fn: "benchEditor" },
  { name: "links-page", file: "./bench/links-page.ts", fn: "benchLinksPage" },
  { name: "memory", file: "./bench/memory.ts", fn: "benchMemory" },
  { name: "metrics", file: "./bench/metrics.ts", fn: "benchMetrics" },
  { name: "client-ip", file: "./bench/client-ip.ts", fn: "benchClientIp", onlyWhenNamed: true },
  { name: "image-placement", file: "./bench/image-placement.ts", fn: "benchImagePlacement", onlyWhenNamed: true },
  { name: "outage", file: "./bench/outage.ts", fn: "benchOutage", onlyWhenNamed: true },
  { name: "interference", file: "./bench/interference.ts", fn: "benchInterference", onlyWhenNamed: true },
];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "hop-bench-"));
  process.env.HOP_LOG ??= "silent";
  console.log(`Hop bench — ${new Date().toISOString()} — database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
  for (const section of SECTIONS) {
    if (wanted.length ? !wanted.includes(section.name) : section.onlyWhenNamed) continue;
    if (!existsSync(path.join(import.meta.dirname, section.file))) continue;
    console.log(`\n== ${section.name} ==`);
    const mod = (await import(section.file)) as Record<string, () => Promise<void>>;
    await mod[section.fn]();
  }
  const { closeDb } = await import("../lib/db/open");
  await closeDb();
  if (process.env.DATA_DIR?.includes("hop-bench-")) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}

await main();
process.exit(0);
