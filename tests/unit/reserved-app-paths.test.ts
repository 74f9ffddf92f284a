import assert from "node:assert/strict";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { isReservedSlug, RESERVED_SLUGS } from "../../lib/links/reserved";

// On a primary domain that is also the app's host, the first path segment decides between the app
// and a short link (lib/visit/answer-visit.ts): every segment the app serves must be a reserved slug,
// or its page would answer as a missing link — and a customer could take its address.

const APP = path.resolve(import.meta.dirname, "..", "..", "app");

function firstSegments(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (!statSync(full).isDirectory()) return [];
    if (/^\(.*\)$/.test(entry)) return firstSegments(full); // a route group adds no segment
    return [decodeURIComponent(entry)];
  });
}

test("every first path segment the app serves is a reserved slug", () => {
  const segments = firstSegments(APP);
  for (const expected of ["links", "websites", "forgot-password", "reset-password", "__hop", "v1"]) assert.ok(segments.includes(expected), expected);
  assert.deepEqual(segments.filter((segment) => !isReservedSlug(segment)), []);
});

test("nothing else is reserved on the primary domain, and no word on other domains", () => {
  const segments = new Set(firstSegments(APP));
  const beyondRoutes = [...RESERVED_SLUGS].filter((slug) => !segments.has(slug)).sort();
  assert.deepEqual(beyondRoutes, ["_next", "favicon.ico", "icon.svg", "metrics", "robots.txt", "site", "sitemap.xml"]);
  for (const word of ["blog", "pricing", "about", "help", "support", "app", "status", "terms", "privacy", "new", "email"]) assert.equal(isReservedSlug(word), false, word);
  for (const word of ["docs", "links", "login"]) assert.equal(isReservedSlug(word, false), false, `${word} on a custom domain`);
  assert.equal(isReservedSlug("_NEXT", false), true);
});
