import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { api } from "../helpers/api";
import { person, send } from "../helpers/dashboard-routes";

// The audit log of account-wide changes (docs/decisions/032-audit-log.md): the operator CLI's
// commands, each one entry as the operator via the CLI in the changed account's log; sign-up and a
// reset link used, by a user not yet signed in; and the editor's autosaves, one entry for a user's
// run of saves of a draft. No entry holds a password, a key or a link's token.

type Entry = Record<string, any>;

const email = () => `audit-${randomBytes(4).toString("hex")}@example.test`;

describe("audit log: the operator CLI, signed-out changes and autosaves", () => {
  let server: HopServer;
  before(async () => {
    // Sign-ups get a plan with API access, to read their log.
    server = await startServer({ env: { SIGNUP: "open", DEFAULT_PLAN: "growth" } });
  });
  after(() => server.stop());

  const log = async (key: string, query = ""): Promise<Entry[]> => {
    const res = await api(server, "GET", `/v1/audit-log?limit=100${query}`, { key });
    assert.equal(res.status, 200, res.text);
    return res.body.data;
  };

  /** The entries `work` adds to the log `key` reads. */
  const added = async (key: string, work: () => Promise<unknown>): Promise<Entry[]> => {
    const newest = (await log(key))[0]?.id;
    await work();
    const page = await log(key);
    return newest ? page.slice(0, page.findIndex((e) => e.id === newest)) : page;
  };

  test("each of the CLI's account commands writes one entry, as the operator via the CLI, holding no secret", async () => {
    const address = email();
    const password = "operator set password";
    const account = await admin(server, "account", "create", "--email", address, "--password", password, "--plan", "scaling");
    const reader = await admin(server, "key", "create", "--email", address, "--role", "full", "--name", "reader");
    const key = String(reader.key);
    assert.deepEqual((await log(key)).map((e) => e.action), ["key.created", "account.created"]);
    const made = (await log(key))[1];
    assert.equal(made.target.id, account.id);
    assert.deepEqual(made.changes.fields.sort(), ["email", "name", "password", "plan"]);
    assert.equal(made.changes.values.plan, "scaling");
    assert.ok(!("password" in made.changes.values), "that a password was set, never the password");

    const member = await admin(server, "account", "create", "--email", email());
    const domain = `${randomBytes(4).toString("hex")}.cli-audit.example`;
    assert.equal((await api(server, "POST", "/v1/domains", { key, body: { domain } })).status, 201);
    let madeKey = "";
    const secrets = [password, key];
    const commands: Array<[string, string[]]> = [
      ["account.plan_changed", ["account", "set-plan", "--email", address, "--plan", "growth"]],
      ["account.limits_changed", ["account", "set-limits", "--email", address, "--hourly", "50"]],
      ["account.password_reset_requested", ["account", "reset-password", "--email", address]],
      ["account.two_factor_reset", ["account", "reset-2fa", "--email", address]],
      ["key.created", ["key", "create", "--email", address, "--name", "made by the operator"]],
      ["key.revoked", ["key", "revoke", "--id", "(the key just made)"]],
      ["member.added", ["team", "add", "--owner", address, "--member", String(member.email), "--role", "viewer"]],
      ["domain.verified", ["domain", "force-verify", "--domain", domain]],
    ];
    for (const [action, argv] of commands) {
      if (action === "key.revoked") argv[3] = madeKey;
      const fresh = await added(key, async () => {
        const result = await admin(server, ...argv);
        if (result.link) secrets.push(String(result.link).split("/").pop()!);
        if (result.key) {
          madeKey = String(result.id);
          secrets.push(String(result.key));
        }
      });
      assert.deepEqual(fresh.map((e) => e.action), [action], argv.join(" "));
      assert.deepEqual({ type: fresh[0].actor.type, via: fresh[0].actor.via, id: fresh[0].actor.id }, { type: "operator", via: "cli", id: null }, action);
      for (const secret of secrets) assert.ok(!JSON.stringify(fresh[0]).includes(secret), `${action}: holds a secret`);
    }
    assert.deepEqual((await log(key, "&action=account.plan_changed"))[0].changes.values, { plan: "growth" });
    assert.deepEqual((await log(key, "&action=account.limits_changed"))[0].changes.values, { hourly: 50 });
    assert.deepEqual((await log(key, "&action=domain.verified"))[0].changes.details, { forced: true });
    // Commands that change no account's data write nothing.
    assert.deepEqual(await added(key, () => admin(server, "analytics", "rebuild")), []);
    assert.deepEqual(await added(key, () => admin(server, "cache", "stats")), []);
  });

  test("a sign-up and a reset link used are recorded, by a user not signed in, with the client's address", async () => {
    const address = email();
    const password = "sign-up password here";
    const signedUp = await send(server, "POST", "/api/dashboard/signup", { body: { name: "Pat", email: address, password }, headers: { "user-agent": "audit-test-agent" } });
    assert.equal(signedUp.status, 201, signedUp.text);
    const key = String((await admin(server, "key", "create", "--email", address)).key);
    const [created] = await log(key, "&action=account.created");
    assert.deepEqual({ type: created.actor.type, id: created.actor.id, via: created.actor.via, userAgent: created.userAgent }, { type: "user", id: null, via: "dashboard", userAgent: "audit-test-agent" });
    assert.equal(created.target.id, signedUp.body.id);
    assert.ok(created.ip, "the client's address");
    // The same address again makes no account and no entry.
    assert.equal((await send(server, "POST", "/api/dashboard/signup", { body: { name: "Pat", email: address, password: "another password 1" } })).status, 201);
    assert.equal((await log(key, "&action=account.created")).length, 1);

    const link = String((await admin(server, "account", "reset-password", "--email", address)).link);
    const token = link.split("/").pop()!;
    const newPassword = "a brand new password";
    const fresh = await added(key, async () => {
      const done = await send(server, "POST", "/api/dashboard/password-reset/complete", { body: { token, password: newPassword } });
      assert.equal(done.status, 200, done.text);
    });
    assert.deepEqual(fresh.map((e) => e.action), ["account.password_reset"]);
    assert.equal(fresh[0].actor.type, "user");
    for (const secret of [password, newPassword, token]) assert.ok(!JSON.stringify(await log(key)).includes(secret), "no entry holds a password or the link's token");
  });

  test("a user's run of autosaves of a draft is one entry; another user's save starts another", async () => {
    const owner = await person(server);
    const editor = await person(server);
    await admin(server, "team", "add", "--owner", owner.email, "--member", editor.email, "--role", "editor");
    const draft = (await api(server, "POST", "/v1/websites/drafts", { key: owner.key, body: { semantic: { profile: { name: "Draft" } } } })).body.data.id as string;
    const save = async (who: { cookie: string }, version: number, body: Record<string, unknown>) => {
      const res = await send(server, "PUT", `/api/dashboard/drafts/${draft}`, { cookie: who.cookie, body: { version, ...body } });
      assert.equal(res.status, 200, res.text);
    };
    const saves = await added(owner.key, async () => {
      await save(owner, 1, { semantic: { profile: { name: "First" } } });
      await save(owner, 2, { semantic: { profile: { name: "Second" } } });
      await save(owner, 3, { name: "Renamed page" });
    });
    assert.deepEqual(saves.map((e) => e.action), ["draft.updated"]);
    const [run] = saves;
    assert.equal(run.actor.via, "editor");
    assert.equal(run.changes.repeats, 3);
    assert.ok(run.changes.lastAt >= run.createdAt);
    assert.deepEqual(run.changes.fields.sort(), ["name", "semantic"]);
    assert.equal(run.changes.values.name, "Renamed page");
    assert.deepEqual(run.changes.details, { version: 4 });
    const csv = (await api(server, "GET", "/v1/audit-log/export?action=draft.updated", { key: owner.key })).text.trim().split("\r\n");
    assert.match(csv[0], /,id,repeats,lastAt$/);
    assert.ok(csv[1].endsWith(`,${run.id},3,${run.changes.lastAt}`), csv[1]);

    const others = await added(owner.key, async () => {
      await save(editor, 4, { semantic: { profile: { name: "The editor's" } } });
      await save(owner, 5, { semantic: { profile: { name: "Back to me" } } });
    });
    assert.deepEqual(others.map((e) => [e.action, e.actor.id]), [["draft.updated", owner.id], ["draft.updated", editor.id]], "consecutive saves only: each user's turn is an entry");
    assert.equal((await log(owner.key, "&action=draft.updated")).length, 3);
  });
});
