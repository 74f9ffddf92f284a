// `npm test`: every test that needs only Node (unit tests and HTTP tests against the built server,
// on PGlite, or on PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set).
// `npm run test:e2e`: the Playwright tests (Chromium from Debian: /usr/bin/chromium).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

const e2e = process.argv.includes("--e2e");
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));

function testFiles(dir, suffix) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...testFiles(full, suffix));
    else if (entry.endsWith(suffix)) out.push(path.relative(root, full));
  }
  return out.sort();
}

buildIfNeeded();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", HOP_LOG: process.env.HOP_LOG ?? "silent" };

// One migrated database for the whole run, copied by every test server (tests/helpers/db-template.ts).
const templateTool = (...args) => spawnSync(process.execPath, ["--import", "tsx", "tests/helpers/db-template.ts", ...args], { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
const prepared = templateTool("prepare");
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
const templateEnv = JSON.parse(prepared.stdout);
Object.assign(env, templateEnv);
process.on("exit", () => templateTool("remove", JSON.stringify(templateEnv)));
let result;
if (e2e) {
  result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...only], { cwd: root, stdio: "inherit", env });
} else {
  const files = only.length ? only : [...testFiles(path.join(root, "tests", "unit"), ".test.ts"), ...testFiles(path.join(root, "tests", "api"), ".test.ts")];
  const mode = `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""}`;
  process.stderr.write(`Running ${files.length} test files on ${mode}\n`);
  result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--test", "--test-concurrency=2", "--test-reporter=spec", ...(process.env.HOP_TEST_JUNIT ? ["--test-reporter-destination=stdout", "--test-reporter=junit", `--test-reporter-destination=${process.env.HOP_TEST_JUNIT}`] : []), ...files],
    { cwd: root, stdio: "inherit", env },
  );
}
process.exit(result.status ?? 1);
