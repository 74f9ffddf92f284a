import assert from "node:assert/strict";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PRIMARY, visit } from "../helpers/visit";
import { api, createAccount } from "../helpers/api";
import { cli, startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";

// DATA_DIR is its owner's alone (docs/operations.md, "What DATA_DIR holds"): 0700, every file in it
// 0600 — what the server makes (the embedded database's ~1,000 files, the secrets, the spool),
// what an older version left looser (fixed at start, with one log line), and backups and what a
// restore extracts from them.

/** Every path under `dir` (itself included) whose mode is not 0700 (directories) or 0600 (files). */
function loose(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    const stat = lstatSync(at);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) found.push(`${path.relative(dir, at) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(at)) walk(path.join(at, entry));
  };
  walk(dir);
  return found;
}

describe("DATA_DIR and backups are owner-only", () => {
  let server: HopServer;
  const work = mkdtempSync(path.join(tmpdir(), "hop-modes-"));
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test("after a start: DATA_DIR 0700 and every file 0600, the embedded database's included", async () => {
    const account = await createAccount(server);
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/modes", slug: "modes" } })).status, 201);
    assert.equal((await visit(server, PRIMARY, "/modes")).status, 302);
    const dir = server.env.DATA_DIR;
    if (!usingPostgres) assert.ok(readdirSync(path.join(dir, "pglite")).length > 0, "the embedded database is there");
    assert.deepEqual(loose(dir), []);
  });

  test("a DATA_DIR left open by an older version is closed at the next start, with one log line", async () => {
    await server.stop("SIGTERM", { keepData: true });
    const dir = server.env.DATA_DIR;
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, "left-over"), { recursive: true });
    chmodSync(path.join(dir, "left-over"), 0o777);
    writeFileSync(path.join(dir, "left-over", "old.txt"), "x");
    chmodSync(path.join(dir, "left-over", "old.txt"), 0o666);
    chmodSync(path.join(dir, "admin-secret"), 0o644);
    server = await startServer({ reuse: server, env: { HOP_LOG: "info" } });
    assert.deepEqual(loose(dir), []);
    const lines = server.logs().split("\n").filter((line) => line.includes("data dir: permissions made owner-only"));
    assert.equal(lines.length, 1, server.logs());
    assert.ok(JSON.parse(lines[0]).changed >= 4);
  });

  test("a backup file is 0600, and a restore leaves the target's DATA_DIR owner-only", async () => {
    const file = path.join(work, "hop.tar");
    const made = await cli(server, "backup", "--out", file);
    assert.equal(made.code, 0, made.stderr);
    assert.equal(lstatSync(file).mode & 0o777, 0o600);
    if (usingPostgres) return; // a PostgreSQL restore writes into the database, not DATA_DIR's files
    const target = path.join(work, "restored");
    const restored = await cli({ env: { DATA_DIR: target } }, "restore", "--in", file);
    assert.equal(restored.code, 0, restored.stderr);
    assert.ok(readdirSync(path.join(target, "pglite")).length > 0);
    assert.deepEqual(loose(target), []);
  });
});
