// `npm test`: every test that needs only Node (unit tests and HTTP tests against the built server,
// on PGlite, or on PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set).
// `npm run test:e2e`: the Playwright tests (Chromium from Debian: /usr/bin/chromium).
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.mjs";
import { nextStartPassFiles, storagePassFiles } from "./test-passes.mjs";

const e2e = process.argv.includes("--e2e");
// On PostgreSQL or Redis, only the files whose behaviour can differ there (scripts/test-passes.mjs);
// `--all` runs every file.
const everyFile = process.argv.includes("--all");
// `--next-start`: the visitor, links and webhook suites with every server started as `next start`
// (HOP_TEST_APP, scripts/harness/hop-server.ts); PostgreSQL only.
const nextStart = process.argv.includes("--next-start");
if (nextStart && !process.env.DATABASE_URL) {
  process.stderr.write("npm test -- --next-start needs DATABASE_URL (and REDIS_URL for the full parity)\n");
  process.exit(1);
}
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
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  HOP_LOG: process.env.HOP_LOG ?? "silent",
  // A run starts ~150 processes that load the same modules: V8 compiles each module once and
  // every later process reads the code from this cache (Node ≥ 22.1; Node 20 ignores it).
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), "hop-test-compile-cache"),
  // For the test files' processes (the service tests open PGlite in process) and the servers and
  // CLI runs they start: why WebAssembly runs on the baseline compiler, scripts/harness/hop-server.ts.
  HOP_TEST_NODE_ARGS: process.env.HOP_TEST_NODE_ARGS ?? "--liftoff-only",
  // bcrypt at cost 4 instead of 10 for every password a run sets or checks (sign-ups, sign-ins,
  // link passwords): lib/auth/password-hash.ts; tests/unit/password-hash.test.ts checks that a
  // configuration without it hashes at 10.
  HOP_TEST_BCRYPT_COST: process.env.HOP_TEST_BCRYPT_COST ?? "4",
  ...(nextStart ? { HOP_TEST_APP: "next-start" } : {}),
};

// One migrated database for the whole run, copied by every test server (scripts/harness/db-template.ts).
const templateTool = (...args) => spawnSync(process.execPath, ["--import", "tsx", "scripts/harness/db-template.ts", ...args], { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
const prepared = templateTool("prepare");
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
const templateEnv = JSON.parse(prepared.stdout);
Object.assign(env, templateEnv);
process.on("exit", () => templateTool("remove", JSON.stringify(templateEnv)));
// Most of a test file's time is spent waiting (for a server to start, a flush, a window), not
// computing: more files than cores at once keeps the cores busy. HOP_TEST_CONCURRENCY overrides.
const concurrency = Number(process.env.HOP_TEST_CONCURRENCY ?? 4);
let result;
if (e2e) {
  result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...only], { cwd: root, stdio: "inherit", env });
} else {
  const broker = await startBroker();
  // The HTTP tests first: they are the long ones, and the short unit tests fill the gaps at the end.
  const all = [...testFiles(path.join(root, "tests", "api"), ".test.ts"), ...testFiles(path.join(root, "tests", "unit"), ".test.ts")];
  const storagePass = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL) && !everyFile;
  const files = only.length ? only : nextStart ? nextStartPassFiles(all) : storagePass ? storagePassFiles(root, all) : all;
  const mode = `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""}${env.HOP_TEST_APP === "next-start" ? " under next start" : ""}`;
  const which = nextStart && !only.length ? " (the visitor, links and webhook suites)" : storagePass && !only.length ? ` (those that can behave differently there; --all runs all ${all.length})` : "";
  process.stderr.write(`Running ${files.length} test files on ${mode}${which}, ${concurrency} at a time\n`);
  result = spawnSync(
    process.execPath,
    [...env.HOP_TEST_NODE_ARGS.split(" ").filter(Boolean), "--import", "tsx", ...(process.env.HOP_TEST_CPU_LOG ? ["--import", "./scripts/harness/cpu-report.mjs"] : []), "--test", `--test-concurrency=${concurrency}`, "--test-reporter=spec", ...(process.env.HOP_TEST_JUNIT ? ["--test-reporter-destination=stdout", "--test-reporter=junit", `--test-reporter-destination=${process.env.HOP_TEST_JUNIT}`] : []), ...files],
    { cwd: root, stdio: "inherit", env },
  );
  await broker?.stop();
}
process.exit(result.status ?? 1);

/**
 * The run's server broker (scripts/harness/shared-servers.ts): one server per kind for the files
 * that share one. HOP_TEST_SHARED_SERVERS=off gives each file its own, as a file run alone does.
 */
async function startBroker() {
  if (process.env.HOP_TEST_SHARED_SERVERS === "off") return null;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/harness/shared-servers.ts"], { cwd: root, env, stdio: ["pipe", "pipe", "inherit"] });
  const line = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk).includes("\n") && resolve(out));
    child.once("exit", (code) => reject(new Error(`the server broker exited with ${code}`)));
  });
  const { url } = JSON.parse(line);
  env.HOP_TEST_SERVER_BROKER = url;
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.stdin.end();
      await exited;
    },
  };
}
