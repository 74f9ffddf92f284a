import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { cli, startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";

// `restore --force` on PostgreSQL drops the public schema: while a Hop instance on any host is
// connected to that database (each holds a shared advisory lock, lib/db/instance-lock.ts) it is
// refused, unless --while-running says so, with a warning (docs/operations.md, "Backups"). The
// restore runs here with a DATA_DIR of its own, as it would on another host: the CLI's check for
// a server on its DATA_DIR cannot see this one.

describe("restore while another instance is connected", { skip: !usingPostgres && "PostgreSQL only: the embedded database is one process's (the CLI's DATA_DIR check)" }, () => {
  let server: HopServer;
  let account: TestAccount;
  const work = mkdtempSync(path.join(tmpdir(), "hop-restore-lock-"));
  const file = path.join(work, "hop.tar");
  const elsewhere = () => ({ env: { DATA_DIR: path.join(work, "other-host"), DATABASE_URL: server.env.DATABASE_URL } });
  before(async () => {
    server = await startServer();
    account = await createAccount(server);
    const made = await cli(server, "backup", "--out", file);
    assert.equal(made.code, 0, made.stderr);
  });
  after(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test("refused while the instance runs; --while-running restores with a warning; once stopped it restores", async () => {
    assert.equal((await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/after", slug: "after-backup" } })).status, 201);
    const refused = await cli(elsewhere(), "restore", "--in", file, "--force");
    assert.equal(refused.code, 1, refused.stdout);
    assert.match(refused.stderr, /A Hop instance is connected to this database: stop every instance first \(or give --while-running/);
    assert.equal((await api(server, "GET", "/v1/links/after-backup", { key: account.key })).status, 200, "nothing was dropped");

    const anyway = await cli(elsewhere(), "restore", "--in", file, "--force", "--while-running");
    assert.equal(anyway.code, 0, anyway.stderr);
    assert.match(anyway.stderr, /Warning: restoring while 1 Hop instance\(s\) are connected/);

    await server.stop("SIGTERM", { keepData: true });
    const stopped = await cli(elsewhere(), "restore", "--in", file, "--force");
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.doesNotMatch(stopped.stderr, /Warning/);
    server = await startServer({ reuse: server });
    assert.equal((await api(server, "GET", "/v1/links/after-backup", { key: account.key })).status, 404, "the backup's data, from before that link");
  });
});
