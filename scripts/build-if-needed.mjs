// `npm start` and `npm test` build Next only when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["app", "components", "lib", "proxy.ts", "instrumentation.ts", "server.ts", "scripts/cli.ts", "scripts/bundle-server.mjs", "next.config.mjs", "package.json", "prisma/schema.prisma", "tsconfig.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A directory's own time changes when an entry is added, removed or renamed (a route moved).
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId) || !existsSync(path.join(root, ".next", "hop", "server.mjs"))) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

export function buildIfNeeded() {
  if (!buildIsStale()) return;
  process.stderr.write("Building Hop (next build, then the server bundle)...\n");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
