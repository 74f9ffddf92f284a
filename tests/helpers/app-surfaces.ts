import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Objects } from "./dashboard-routes";
import { ROOT } from "../../scripts/harness/hop-server";

// Every address the app serves, found by walking app/ when the test runs, so a route or page added
// tomorrow is walked too: each route.ts (with the methods it exports) and each page.tsx, its path
// as Next serves it (route groups dropped, a folder's %5F read as `_`), and its dynamic segments
// filled with plausible values (the objects of a real account) or with garbage.

export type Surface = "api" | "mcp" | "page" | "other";

export interface Address {
  /** `/api/dashboard/links/[id]`, `/links/[id]`, `/api/auth/[...nextauth]`. */
  template: string;
  surface: Surface;
  /** The methods the file exports itself (GET, POST …); a page's are GET and HEAD. */
  methods: string[];
}

const OWN_METHOD = /^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm;
/** `[id]`, `[...nextauth]`, `[[...rest]]`. */
const SEGMENT = /\[\[?(\.\.\.)?(\w+)\]\]?/g;

export function appAddresses(): Address[] {
  const appDir = path.join(ROOT, "app");
  const found: Address[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (entry !== "route.ts" && entry !== "page.tsx") continue;
      const parts = path.relative(appDir, dir).split(path.sep).filter((p) => p && !/^\(.*\)$/.test(p));
      const template = "/" + parts.map((p) => decodeURIComponent(p)).join("/");
      if (template === "/v1" || template.startsWith("/v1/")) continue; // tests/api/malformed-requests.test.ts walks /v1
      if (entry === "page.tsx") {
        found.push({ template, surface: "page", methods: ["GET"] });
        continue;
      }
      const source = readFileSync(full, "utf8");
      const methods = /everyMethod\(/.test(source) ? ["GET", "POST", "PUT", "PATCH", "DELETE"] : [...source.matchAll(OWN_METHOD)].map((m) => m[1]);
      const surface = template === "/api" || template.startsWith("/api/") ? "api" : template === "/mcp" ? "mcp" : "other";
      found.push({ template, surface, methods });
    }
  };
  walk(appDir);
  return found;
}

/** next-auth's actions under its catch-all, as the probe walked them. */
/**
 * A single sign-on provider's start and return: the one the fuzz walk's server configures
 * (FUZZ_OIDC_PROVIDER, an issuer nobody answers at: discovery fails fast), and one not configured.
 */
const OIDC_ACTIONS = ["signin/fuzzidp", "callback/fuzzidp", "signin/unconfigured", "callback/unconfigured"];
const NEXT_AUTH_ACTIONS = ["csrf", "session", "providers", "signin", "signin/credentials", "signout", "callback/credentials", "error", "_log", "no-such-action", ...OIDC_ACTIONS];

export const FUZZ_OIDC_PROVIDER = JSON.stringify([{ id: "fuzzidp", name: "Fuzz ID", issuer: "http://127.0.0.1:9", clientId: "hop", clientSecret: "fuzz-secret" }]);

/** Which of an account's objects a segment names, by the folder it sits under. */
const OBJECT_OF_FOLDER: Record<string, keyof Objects> = {
  links: "link",
  drafts: "draft",
  editor: "draft",
  groups: "group",
  "geo-presets": "preset",
  keys: "keyId",
  team: "membership",
  domains: "domain",
  site: "website",
};

function plausible(param: string, folder: string, o: Objects): string {
  if (param === "websiteId") return encodeURIComponent(o.website);
  const object = OBJECT_OF_FOLDER[folder];
  return object ? encodeURIComponent(String(o[object])) : "plausible_id_0123456789";
}

/** The template's paths with every segment filled plausibly; a catch-all gives several. */
export function plausiblePaths(template: string, o: Objects): string[] {
  let paths = [""];
  const parts = template.split("/").slice(1);
  parts.forEach((part, index) => {
    const match = new RegExp(SEGMENT.source).exec(part);
    let values: string[];
    if (!match) values = [part];
    else if (match[2] === "nextauth") values = NEXT_AUTH_ACTIONS;
    else if (match[1]) values = part.startsWith("[[") ? ["", "no/such/route"] : ["no/such/route"];
    else values = [plausible(match[2], parts[index - 1] ?? "", o)];
    paths = paths.flatMap((p) => values.map((v) => (v === "" ? p : `${p}/${v}`)));
  });
  return paths.map((p) => p || "/");
}

/** The template with every single segment (not a catch-all) filled with `garbage`, or null when it has none. */
export function garbagePath(template: string, o: Objects, garbage: string): string | null {
  if (!/\[(?!\[?\.\.\.)\w+\]/.test(template)) return null;
  const filled = template.replace(SEGMENT, (whole, dots: string | undefined) => (dots ? whole : garbage));
  return plausiblePaths(filled, o)[0];
}
