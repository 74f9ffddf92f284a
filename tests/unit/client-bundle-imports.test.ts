import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { test } from "node:test";

// What the browser bundles may not carry. The pages' CSP has no 'unsafe-eval', and two kinds of
// import bring code that probes `new Function` at load (reported as a CSP violation even though
// it is caught, docs/editor.md): zod 4 (its JIT probe, on the first z.object) and Node's built-ins
// (their browser polyfills pull in util's is-generator-function). Walks every "use client" file's
// imports, type-only ones left out, and names the chain to each forbidden package.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Each package a file reaches through value imports, with the chain of files that leads to it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm)) {
      if (match[1]) continue;
      const specifier = match[2] ?? match[3];
      const here = [...chain, path.relative(ROOT, file)];
      if (specifier.startsWith(".") || specifier.startsWith("@/")) {
        const target = resolveLocal(file, specifier);
        if (target) walk(target, here);
      } else if (!reached.has(specifier)) {
        reached.set(specifier, here);
      }
    }
  };
  walk(entry, []);
  return reached;
}

test('no "use client" module reaches zod or a Node built-in', () => {
  const clientFiles = [...sourceFiles(path.join(ROOT, "components")), ...sourceFiles(path.join(ROOT, "app"))].filter((file) =>
    /^\s*["']use client["']/.test(readFileSync(file, "utf8")),
  );
  assert.ok(clientFiles.length > 10, `found ${clientFiles.length} client modules`);
  const problems: string[] = [];
  for (const file of clientFiles) {
    for (const [specifier, chain] of packagesReached(file)) {
      const zod = specifier === "zod" || specifier.startsWith("zod/");
      if (zod && chain.some(importsBrowserZodFirst)) continue;
      if (zod || NODE_BUILTINS.has(specifier)) problems.push(`${specifier} <- ${chain.join(" <- ")}`);
    }
  }
  assert.deepEqual([...new Set(problems)], []);
});

/**
 * zod may reach the browser through a module whose first import is lib/validation/browser-zod.ts,
 * which turns off zod's compiled parsers (and their `new Function` probe) before any schema is built.
 */
function importsBrowserZodFirst(file: string): boolean {
  const first = /^\s*import\s+(?:[^;]*?from\s+)?["']([^"']+)["']/m.exec(readFileSync(path.join(ROOT, file), "utf8"));
  return first?.[1] === "@/lib/validation/browser-zod";
}

test("zod reaches a client module only behind the browser switch, and the switch is needed there", () => {
  const gate = path.join(ROOT, "components", "links", "link-form-check.ts");
  assert.equal(importsBrowserZodFirst(path.relative(ROOT, gate)), true, "the link form's check turns zod's compiled parsers off first");
  assert.ok(packagesReached(gate).has("zod"), "and it does use zod (else the gate is dead weight)");
});
