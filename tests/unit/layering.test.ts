import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

// Imports point down only: the API skin (lib/api) sits on the domains, the visitor path
// (lib/visit) on websites and bio, and the shared pieces (lib/html, lib/http, lib/validation)
// under all of them. Scans every import of lib/ and names each upward arrow.

const LIB = path.resolve(import.meta.dirname, "..", "..", "lib");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === "generated") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** The lib/ area an import lands in (`api`, `visit`, `errors.ts` …), or null outside lib/. */
function importedAreas(file: string): Array<{ specifier: string; area: string }> {
  const text = readFileSync(file, "utf8");
  const out: Array<{ specifier: string; area: string }> = [];
  for (const match of text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+["']([^"']+)["']/gm)) {
    const specifier = match[1];
    let target: string | null = null;
    if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
    else if (specifier.startsWith("@/lib/")) target = path.join(LIB, specifier.slice("@/lib/".length));
    if (!target || !target.startsWith(LIB + path.sep)) continue;
    out.push({ specifier, area: path.relative(LIB, target).split(path.sep)[0] });
  }
  return out;
}

const SHARED = ["html", "http", "validation"];
const FOUNDATION = new Set([...SHARED, "errors", "log", "shared"]);

/** Areas a file of `area` may not import, and why. */
function forbidden(area: string): { areas: (imported: string) => boolean; rule: string } {
  if (SHARED.includes(area)) return { areas: (a) => !FOUNDATION.has(a), rule: "shared pieces import only each other, errors, log and shared" };
  if (area === "websites" || area === "bio") return { areas: (a) => a === "visit" || a === "api", rule: "websites and bio never import the visitor path or the API skin" };
  // The dashboard's route handlers are a second skin over the same use cases: they answer in the API's error shapes.
  if (area === "api" || area === "dashboard") return { areas: (a) => a === "visit" || (area === "api" && a === "dashboard"), rule: "the API and dashboard skins never import the visitor path (nor the API the dashboard)" };
  return { areas: (a) => a === "api", rule: "lib/<domain> never imports lib/api" };
}

test("lib imports point down only", () => {
  const upward: string[] = [];
  for (const file of sourceFiles(LIB)) {
    const area = path.relative(LIB, file).split(path.sep)[0].replace(/\.tsx?$/, "");
    const { areas, rule } = forbidden(area);
    for (const imported of importedAreas(file)) {
      const target = imported.area.replace(/\.tsx?$/, "");
      if (target !== area && areas(target)) upward.push(`${path.relative(LIB, file)} imports ${imported.specifier} (${rule})`);
    }
  }
  assert.deepEqual(upward, []);
});

test("the scan sees imports (a file known to import lib/errors)", () => {
  assert.ok(importedAreas(path.join(LIB, "api", "respond.ts")).some((i) => i.area === "errors"));
});

test("scripts never import tests (the bench and the test runner share scripts/harness)", () => {
  const scripts = path.resolve(LIB, "..", "scripts");
  const tests = path.resolve(LIB, "..", "tests");
  const upward = sourceFiles(scripts).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?from\s+["'](\.[^"']+)["']/gm)]
      .filter((match) => path.resolve(path.dirname(file), match[1]).startsWith(tests + path.sep))
      .map((match) => `${path.relative(scripts, file)} → ${match[1]}`),
  );
  assert.deepEqual(upward, []);
});
