import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

// Every relative link between the Markdown files of the repository (README, docs/, docs/decisions/)
// names a file that exists and, after `#`, a heading or an `<a id>` of that file, so a renamed
// heading or a moved page shows up here rather than as a dead link on GitHub.

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return entry.endsWith(".md") ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  for (const match of text.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(match[1]);
  return anchors;
}

test("relative links between the docs name files and anchors that exist", () => {
  const files = [path.join(ROOT, "README.md"), ...markdownFiles(path.join(ROOT, "docs"))];
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = match[1];
      if (/^[a-z]+:/i.test(href)) continue;
      const [target, anchor] = href.split("#");
      const resolved = target ? path.resolve(path.dirname(file), target) : file;
      const where = `${path.relative(ROOT, file)} → ${href}`;
      if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
      else if (anchor && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) broken.push(`${where} (no such heading)`);
    }
  }
  assert.deepEqual(broken, []);
});

test("the anchor rule matches GitHub's for the headings the docs link to", () => {
  assert.equal(slug("Processes: two entry points, one resolver"), "processes-two-entry-points-one-resolver");
  assert.equal(slug("Faults: when the database or Redis is away"), "faults-when-the-database-or-redis-is-away");
  assert.equal(slug("The click beacon (`lib/visit/record-click.ts`)"), "the-click-beacon-libvisitrecord-clickts");
  assert.equal(slug("The contract's fixed rules"), "the-contracts-fixed-rules");
});
