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
// Limits that turn a hang into a failure that names it: a test or hook, and the whole run (each
// is several times what it takes on a slow machine; docs/testing.md).
const TEST_LIMIT_MS = Number(process.env.HOP_TEST_LIMIT_SECONDS ?? 600) * 1000;
const RUN_LIMIT_MS = Number(process.env.HOP_TEST_RUN_LIMIT_MINUTES ?? 50) * 60_000;
let result;
if (e2e) {
  result = await runWithDeadline([process.execPath, "node_modules/@playwright/test/cli.js", "test", ...only]);
} else {
  const broker = await startBroker();
  // The HTTP tests first: they are the long ones, and the short unit tests fill the gaps at the end.
  const all = [...testFiles(path.join(root, "tests", "api"), ".test.ts"), ...testFiles(path.join(root, "tests", "unit"), ".test.ts")];
  const storagePass = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL) && !everyFile;
  const files = only.length ? only : nextStart ? nextStartPassFiles(all) : storagePass ? storagePassFiles(root, all) : all;
  const mode = `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""}${env.HOP_TEST_APP === "next-start" ? " under next start" : ""}`;
  const which = nextStart && !only.length ? " (the visitor, links and webhook suites)" : storagePass && !only.length ? ` (those that can behave differently there; --all runs all ${all.length})` : "";
  process.stderr.write(`Running ${files.length} test files on ${mode}${which}, ${concurrency} at a time\n`);
  result = await runWithDeadline([
    process.execPath,
    ...env.HOP_TEST_NODE_ARGS.split(" ").filter(Boolean),
    "--import",
    "tsx",
    ...(process.env.HOP_TEST_CPU_LOG ? ["--import", "./scripts/harness/cpu-report.mjs"] : []),
    "--test",
    `--test-concurrency=${concurrency}`,
    // A test or hook that waits forever fails with its name instead of holding the run.
    `--test-timeout=${TEST_LIMIT_MS}`,
    "--test-reporter=spec",
    ...(process.env.HOP_TEST_JUNIT ? ["--test-reporter-destination=stdout", "--test-reporter=junit", `--test-reporter-destination=${process.env.HOP_TEST_JUNIT}`] : []),
    ...files,
  ]);
  await broker?.stop();
}
process.exit(result.status ?? 1);

/**
 * Runs the test runner in its own process group with a deadline for the whole run: a process
 * that never exits (a server that ignores its stop, a file with a handle left open) would
 * otherwise hold the run, and CI, until CI's own limit, with nothing printed of what held it. At
 * the deadline the group's processes are listed, then killed, and the run fails.
 */
async function runWithDeadline(argv) {
  const child = spawn(argv[0], argv.slice(1), { cwd: root, stdio: "inherit", env, detached: true });
  const forward = (signal) => process.kill(-child.pid, signal);
  process.on("SIGINT", forward).on("SIGTERM", forward);
  let timer;
  const deadline = new Promise((resolve) => (timer = setTimeout(resolve, RUN_LIMIT_MS, "deadline")));
  const outcome = await Promise.race([once(child, "exit"), deadline]);
  clearTimeout(timer);
  if (outcome !== "deadline") return { status: outcome[0] ?? 1 };
  process.stderr.write(`\nThe run passed its limit of ${RUN_LIMIT_MS / 60_000} minutes (HOP_TEST_RUN_LIMIT_MINUTES). Still running:\n`);
  const listed = spawnSync("ps", ["-o", "pid,etimes,args", "--forest", "--sid", String(child.pid)], { encoding: "utf8" }).stdout ?? "";
  // A node process's arguments repeat every option of the runner: its start and its file are enough.
  for (const line of listed.split("\n")) process.stderr.write(`${line.length > 160 ? `${line.slice(0, 100)} … ${line.slice(-60)}` : line}\n`);
  process.kill(-child.pid, "SIGKILL");
  return { status: 1 };
}

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
      // Its servers are stopped with a grace each; one that outlives that does not hold the run.
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
