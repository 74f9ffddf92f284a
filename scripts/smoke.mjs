// `node scripts/smoke.mjs`: the short check CI runs on the oldest Node that `engines` allows — the
// built server started as `npm start` starts it, on a fresh embedded database, then one API call
// (create a link) and one visit (its redirect). Exits non-zero with the server's output on failure.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./build-if-needed.mjs";
import { serverArgsFor } from "./server-command.mjs";

const START_LIMIT_MS = 120_000;
const dataDir = mkdtempSync(path.join(tmpdir(), "hop-smoke-"));
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, HOP_LOG: "silent" };
const child = spawn(process.execPath, serverArgsFor(env), {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
child.stdout.on("data", (chunk) => (output += chunk));
child.stderr.on("data", (chunk) => (output += chunk));

function fail(message) {
  process.stderr.write(`smoke: ${message}\n--- server output ---\n${output}\n`);
  child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

process.on("uncaughtException", (error) => fail(error.stack ?? String(error)));
process.on("unhandledRejection", (error) => fail(error?.stack ?? String(error)));
const port = await new Promise((resolve) => {
  const timer = setTimeout(() => fail(`no server within ${START_LIMIT_MS / 1000} s`), START_LIMIT_MS);
  child.on("exit", (code) => fail(`server exited with ${code}`));
  child.stdout.on("data", () => {
    const match = /Hop listening on port (\d+)/.exec(output);
    if (!match) return;
    clearTimeout(timer);
    resolve(Number(match[1]));
  });
});
const base = `http://127.0.0.1:${port}`;

async function adminCommand(...argv) {
  const secret = readFileSync(path.join(dataDir, "admin-secret"), "utf8").trim();
  const response = await fetch(`${base}/__hop/admin`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hop-admin-secret": secret },
    body: JSON.stringify({ argv }),
  });
  if (response.status !== 200) fail(`admin ${argv.join(" ")}: ${response.status} ${await response.text()}`);
  return (await response.json()).result;
}

/** A visitor's GET with the primary domain's Host (fetch cannot set Host). */
function visit(host, pathname) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, headers: { host, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

await adminCommand("account", "create", "--email", "smoke@example.test", "--plan", "growth");
const { key } = await adminCommand("key", "create", "--email", "smoke@example.test", "--role", "full");
const created = await fetch(`${base}/v1/links`, {
  method: "POST",
  headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
  body: JSON.stringify({ url: "https://example.com/smoke", slug: "smoke-test" }),
});
const createdText = await created.text();
if (created.status !== 201) fail(`POST /v1/links answered ${created.status}: ${createdText}`);
const { domain } = JSON.parse(createdText).data;
const visited = await visit(domain, "/smoke-test");
if (visited.status !== 302 || visited.location !== "https://example.com/smoke") fail(`the visit answered ${visited.status} → ${visited.location}`);

child.removeAllListeners("exit");
child.kill("SIGTERM");
await new Promise((resolve) => child.once("exit", resolve));
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`smoke: Node ${process.version}: started, POST /v1/links 201, visit 302 → https://example.com/smoke\n`);
