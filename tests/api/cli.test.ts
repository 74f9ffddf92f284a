import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { api } from "../helpers/api";
import { admin, cli, startServer, type HopServer } from "../../scripts/harness/hop-server";

const email = () => `cli-${randomBytes(4).toString("hex")}@example.test`;

async function ok(server: { env: Record<string, string> }, ...argv: string[]) {
  const result = await cli(server, ...argv);
  assert.equal(result.code, 0, `${argv.join(" ")}: ${result.stderr}`);
  assert.equal(result.stderr, "");
  return JSON.parse(result.stdout) as Record<string, any>;
}

describe("npm run cli", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  test("every command prints JSON, and its effect is seen by the next API request", async () => {
    const owner = email();
    const member = email();
    assert.deepEqual(Object.keys(await ok(server, "account", "create", "--email", owner, "--name", "Owner")).sort(), ["email", "id", "plan"]);
    const created = await ok(server, "account", "create", "--email", member, "--plan", "free", "--password", "s3cret-pass");
    assert.equal(created.plan, "free");
    const key = await ok(server, "key", "create", "--email", owner, "--name", "ci", "--role", "creator");
    assert.match(key.key, /^hop_live_pk_[A-Za-z0-9]{40}$/);
    assert.equal(key.prefix, key.key.slice(0, 16));
    assert.equal(key.role, "creator");
    assert.equal((await api(server, "GET", "/v1/account/usage", { key: key.key })).status, 200);

    assert.equal((await ok(server, "account", "set-plan", "--email", owner, "--plan", "dominance")).plan, "dominance");
    const limits = await ok(server, "account", "set-limits", "--email", owner, "--total", "null", "--active", "3", "--hourly", "40", "--daily", "400");
    assert.deepEqual(limits.limits, { apiAccess: true, totalLimit: null, activeLimit: 3, hourly: 40, daily: 400 });
    const res = await api(server, "GET", "/v1/account/limits", { key: key.key });
    assert.equal(res.body.plan, "dominance");
    assert.deepEqual(res.body.rateLimit, { hourly: 40, daily: 400 });
    assert.equal(res.body.links.totalLimit, null);

    const team = await ok(server, "team", "add", "--owner", owner, "--member", member, "--role", "viewer", "--status", "pending");
    assert.equal(team.role, "viewer");
    assert.equal(team.status, "pending");
    assert.deepEqual(await ok(server, "key", "revoke", "--id", key.id), { id: key.id, revoked: true });
    assert.equal((await api(server, "GET", "/v1/account/usage", { key: key.key })).status, 401);
  });

  test("bad input exits 1 with a clear message on stderr and nothing on stdout", async () => {
    // The CLI's front (exit code, stderr, stdout) in two processes; every other refusal is the same
    // parse and run inside the server (the admin endpoint the CLI itself uses when a server runs),
    // without a process start each.
    for (const [argv, message] of [[["launch", "rockets"], /Unknown command 'launch rockets'/], [["key", "create", "--email", "x@example.test", "--role", "admin"], /role/]] as const) {
      const result = await cli(server, ...argv);
      assert.equal(result.code, 1, argv.join(" "));
      assert.equal(result.stdout, "", argv.join(" "));
      assert.match(result.stderr, /^error: /, argv.join(" "));
      assert.match(result.stderr, message, argv.join(" "));
    }
    const cases: Array<[string[], RegExp]> = [
      [[], /Unknown command/],
      [["account", "create"], /email/],
      [["account", "create", "--email", "not-an-email"], /email/],
      [["account", "set-plan", "--email", "x@example.test", "--plan", "gold"], /plan/],
      [["account", "set-limits", "--email", "x@example.test", "--total", "abc"], /total/],
      [["account", "set-limits", "--email", "nobody@example.test", "--total", "5"], /No account with e-mail/],
      [["key", "create", "--email", "nobody@example.test"], /No account/],
      [["key", "create", "--email", "x@example.test", "--role", "admin"], /role/],
      [["key", "revoke"], /id/],
      [["team", "add", "--owner", "a@example.test"], /member|role/],
      [["domain", "force-verify", "--domain", "not-connected.example"], /not connected/],
      [["account", "create", "--email"], /needs a value/],
      [["account", "create", "stray"], /Unexpected argument/],
    ];
    for (const [argv, message] of cases) {
      await assert.rejects(admin(server, ...argv), (error: Error) => {
        assert.match(error.message, message, argv.join(" "));
        return true;
      });
    }
  });

  test("a duplicate account is refused", async () => {
    const address = email();
    await ok(server, "account", "create", "--email", address);
    const again = await cli(server, "account", "create", "--email", address.toUpperCase());
    assert.equal(again.code, 1);
    assert.match(again.stderr, /exists/);
  });

  test("the admin endpoint refuses anything that came through a proxy, even with the secret", async () => {
    const secret = readFileSync(path.join(server.env.DATA_DIR, "admin-secret"), "utf8").trim();
    const address = email();
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port: server.port, path: "/__hop/admin", method: "POST", agent: false, headers: { host: `127.0.0.1:${server.port}`, "content-type": "application/json", "x-hop-admin-secret": secret, ...headers } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify({ argv: ["account", "create", "--email", address] }));
      });
    const forwarded: Array<Record<string, string>> = [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
      { "x-forwarded-host": "hop.example.com" },
      { "x-forwarded-proto": "https" },
      { via: "1.1 caddy" },
      { host: "hop.example.com" },
    ];
    for (const headers of forwarded) assert.equal(await post(headers), 404, JSON.stringify(headers));
    assert.equal((await cli(server, "key", "create", "--email", address)).code, 1, "no refused request created the account");
    assert.equal(await post({ "x-hop-admin-secret": "wrong" }), 404);
    assert.equal(await post({}), 200, "the CLI's own call still works");
  });

  test("the usage clock cannot be moved on a server started without HOP_TEST_CLOCK=on", async () => {
    const secret = readFileSync(path.join(server.env.DATA_DIR, "admin-secret"), "utf8").trim();
    const response = await fetch(`${server.url}/__hop/admin`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hop-admin-secret": secret },
      body: JSON.stringify({ argv: ["test-clock", "2030-01-01T00:00:00Z"] }),
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, "invalid_request");
    assert.equal((await cli(server, "test-clock", "2030-01-01T00:00:00Z")).code, 1, "not an operator command either");
  });

  test("batch: one command per line from one process, each answered in order by a line of JSON", async () => {
    const address = email();
    const lines = [JSON.stringify(["account", "create", "--email", address, "--plan", "growth"]), "not json", JSON.stringify(["account", "fly"]), JSON.stringify(["key", "create", "--email", address])];
    const child = spawn(process.execPath, [".next/hop/cli.mjs", "batch"], { env: { ...process.env, HOP_LOG: "silent", ...server.env } });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stdin.end(lines.join("\n") + "\n");
    assert.equal((await once(child, "exit"))[0], 0);
    const answers = stdout.trim().split("\n").map((line) => JSON.parse(line) as { result?: Record<string, any>; error?: { message: string } });
    assert.equal(answers.length, 4);
    assert.equal(answers[0].result?.email, address);
    assert.match(String(answers[1].error?.message), /JSON array/);
    assert.match(String(answers[2].error?.message), /Unknown command 'account fly'/);
    assert.match(String(answers[3].result?.key), /^hop_live_pk_/);
    assert.equal((await api(server, "GET", "/v1/account/usage", { key: answers[3].result?.key })).status, 200, "the batch's key works at once");
  });

  test("with no server running the CLI opens the database itself; the next server sees the effect", async () => {
    const address = email();
    await ok(server, "account", "create", "--email", address, "--plan", "free");
    await server.stop("SIGTERM", { keepData: true });
    const offline = { env: server.env };
    await ok(offline, "account", "set-plan", "--email", address, "--plan", "growth");
    const key = await ok(offline, "key", "create", "--email", address);
    await ok(offline, "account", "set-limits", "--email", address, "--hourly", "77");
    server = await startServer({ reuse: server });
    const res = await api(server, "GET", "/v1/account/limits", { key: key.key });
    assert.equal(res.status, 200);
    assert.equal(res.body.plan, "growth");
    assert.equal(res.body.rateLimit.hourly, 77);
  });
});
