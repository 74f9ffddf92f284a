import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildIsStale } from "../../scripts/build-if-needed.mjs";
import { guideBlocks, type GuideBlock } from "../../scripts/ops-blocks.mjs";
import { freePort } from "../../scripts/harness/own-services";
import { cli, freshDatabase, ROOT, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";
import { api } from "../helpers/api";
import { PRIMARY, visit } from "../helpers/visit";

// docs/operations.md, run: every command block, in the guide's order, against a real server started
// the way the guide starts it — `systemctl enable --now hop` with the unit files of deploy/ —
// through stand-ins for systemctl and journalctl (tests/helpers/standins: the test machine has no
// systemd; they do what systemd does with those units). The files the guide shows must be the
// files in deploy/. The upgrade block is .ci/run's install and build step.

const blocks = guideBlocks();
const commands = (id: string): GuideBlock => {
  const block = blocks.find((b) => b.kind === "ops" && b.id === id);
  assert.ok(block, `docs/operations.md has a block marked ops: ${id}`);
  return block;
};

describe("docs/operations.md, every command run", () => {
  const work = mkdtempSync(path.join(tmpdir(), "hop-ops-"));
  const settings: Record<string, string> = {};
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(work, { recursive: true, force: true })];
  let shell: NodeJS.ProcessEnv;

  /** Runs one of the guide's blocks in bash (-e, pipefail) from the checkout, with the settings exported. */
  const run = (id: string) => {
    const result = spawnSync("bash", ["-euo", "pipefail", "-c", commands(id).text], { cwd: ROOT, env: shell, encoding: "utf8", timeout: 240_000 });
    assert.equal(result.status, 0, `ops: ${id} exited ${result.status}${result.error ? ` (${result.error.message})` : ""}\n${result.stdout}\n${result.stderr}\n${journals()}`);
    return result.stdout;
  };
  /** The last lines the stand-in's services wrote (hop.log, hop-backup.log), for a failure's message. */
  const journals = () =>
    readdirSync(path.join(work, "systemd"))
      .filter((f) => f.endsWith(".log"))
      .map((f) => `--- ${f}\n${readFileSync(path.join(work, "systemd", f), "utf8").split("\n").slice(-40).join("\n")}`)
      .join("\n");
  /** The server the stand-in started, as the test helpers address one. */
  const server = () => ({ url: `http://127.0.0.1:${settings.PORT}`, port: Number(settings.PORT), env: settings }) as unknown as HopServer;

  before(async () => {
    Object.assign(settings, {
      APP_URL: "http://localhost:3000",
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
      DATA_DIR: path.join(work, "data"),
      TRUST_PROXY: "true",
      MEMORY_BUDGET_MB: "512",
      BACKUP_DIR: path.join(work, "backups"),
      BACKUP_KEEP_DAYS: "14",
    });
    if (usingPostgres) {
      const database = await freshDatabase();
      cleanups.push(database.drop);
      settings.DATABASE_URL = database.url;
    }
    if (process.env.REDIS_URL) Object.assign(settings, { REDIS_URL: process.env.REDIS_URL, HOP_REDIS_PREFIX: `hopops:${randomBytes(4).toString("hex")}` });
    const envFile = path.join(work, "hop.env");
    writeFileSync(envFile, Object.entries(settings).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !["DATABASE_URL", "REDIS_URL", "DATA_DIR", "PORT", "HOP_LOG"].includes(k))) as Record<string, string>;
    shell = {
      ...inherited,
      ...settings,
      NODE_ENV: "production",
      PATH: `${path.join(ROOT, "tests", "helpers", "standins")}:${process.env.PATH}`,
      HOP_STANDIN_STATE: path.join(work, "systemd"),
      HOP_STANDIN_ROOT: ROOT,
      HOP_STANDIN_ENV: envFile,
    };
  });
  after(async () => {
    spawnSync("bash", ["-c", "systemctl stop hop"], { env: shell });
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test("every shell block is marked, each id once; every file shown is the file in deploy/", () => {
    for (const block of blocks) {
      if (block.kind === "file") assert.equal(block.text, readFileSync(path.join(ROOT, block.id!), "utf8"), `${block.id} as shown at docs/operations.md:${block.line}`);
      else if (["sh", "bash", "shell", ""].includes(block.lang)) assert.equal(block.kind, "ops", `docs/operations.md:${block.line}: a command block no test runs`);
    }
    const ids = blocks.filter((b) => b.kind === "ops").map((b) => b.id);
    assert.deepEqual(ids, [...new Set(ids)]);
    assert.deepEqual(ids.sort(), ["backup-now", "check", "enable", "logs", "restart", "restore", "upgrade"]);
    assert.match(readFileSync(path.join(ROOT, ".ci", "run"), "utf8"), /scripts\/ops-blocks\.mjs upgrade/, "the upgrade block is CI's install and build");
  });

  test("one server: enable, check, back up (old ones removed), restore, upgrade restart, logs", async () => {
    // The unit's `npm start` builds when the build is older than the sources: here that would be a
    // rebuild of .next under every other test's server.
    assert.equal(buildIsStale(), false, "the build is current before the guide's npm start");
    run("enable");
    const owner = `ops-${randomBytes(3).toString("hex")}@example.test`;
    assert.equal((await cli(server(), "account", "create", "--email", owner)).code, 0);
    const key = JSON.parse((await cli(server(), "key", "create", "--email", owner)).stdout).key as string;
    const link = (slug: string) => api(server(), "POST", "/v1/links", { key, body: { url: `https://example.com/${slug}`, slug } });
    assert.equal((await link("kept-by-backup")).status, 201);

    const checked = run("check");
    assert.match(checked, /"ready":true/);
    assert.match(checked, /^hop_dependency_up\{dependency="database"\} 1$/m);

    // Retention: a backup older than BACKUP_KEEP_DAYS goes once a new one is written; a newer one stays.
    const backups = settings.BACKUP_DIR;
    spawnSync("mkdir", ["-p", backups]);
    const aged = (name: string, days: number) => {
      const file = path.join(backups, name);
      writeFileSync(file, "old");
      const at = Date.now() / 1000 - days * 86_400;
      utimesSync(file, at, at);
    };
    aged("hop-20200101T031500Z.tar", 20);
    aged("hop-20200102T031500Z.tar", 3);
    const listed = run("backup-now");
    const files = readdirSync(backups).sort();
    assert.equal(files.length, 2, files.join(", "));
    assert.ok(files.includes("hop-20200102T031500Z.tar") && !files.includes("hop-20200101T031500Z.tar"));
    const made = files.find((f) => f !== "hop-20200102T031500Z.tar")!;
    assert.match(made, /^hop-\d{8}T\d{6}Z\.tar$/);
    assert.match(listed, new RegExp(made));
    assert.match(readFileSync(path.join(work, "systemd", "hop-backup.log"), "utf8"), /"file": ".*hop-\d{8}T\d{6}Z\.tar"/, "the backup's JSON is in the journal");

    assert.equal((await link("after-the-backup")).status, 201);
    utimesSync(path.join(backups, "hop-20200102T031500Z.tar"), new Date(0), new Date(0)); // `ls -t`: the real backup is the newest
    run("restore");
    assert.equal((await visit(server(), PRIMARY, "/kept-by-backup")).status, 302, "the backup's link is back");
    assert.equal((await visit(server(), PRIMARY, "/after-the-backup")).status, 404, "what came after the backup is gone");
    assert.equal((await api(server(), "GET", "/v1/links", { key })).status, 200, "the key still works");

    run("restart");
    assert.equal(readdirSync(backups).filter((f) => /^hop-\d{8}T\d{6}Z\.tar$/.test(f)).length >= 1, true);
    assert.equal((await visit(server(), PRIMARY, "/kept-by-backup")).status, 302, "served again after the restart");

    const logs = run("logs");
    assert.match(logs, /"message":"listening"/);
    assert.match(logs, /"message":"stopping","signal":"SIGTERM"/, "the restart stopped it with SIGTERM");
  });

  test("every metric the guide names, the alert rules' included, is in a real scrape", async () => {
    const guide = readFileSync(path.join(ROOT, "docs", "operations.md"), "utf8");
    const named = new Set([...guide.matchAll(/\b((?:hop|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1].replace(/_bucket$/, "")));
    const text = (await visit({ ...server(), port: Number(settings.METRICS_PORT) }, PRIMARY, "/metrics")).body;
    const families = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    assert.deepEqual([...named].filter((name) => !families.has(name)), []);
  });
});
