import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, describe, test } from "node:test";
import { api, createAccount, type TestAccount } from "../helpers/api";
import { createAccountWithCli, startNextStart } from "../../scripts/harness/next-start";
import { startServer, usingPostgres, usingRedis, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";
import { poolSizes } from "../../lib/db/pool";
import pg from "pg";

// Issue 56: under `next start` on PostgreSQL, links created in parallel while visitors asked for
// their slugs ran the database pool dry within a minute (every POST a 503). The same load under
// both entry points — `next start` (proxy.ts) and server.ts: 400 links created at once, each with its
// webhook outbox row, while visitors keep asking for every slug; then every link updated and
// deleted in parallel, visited after each. Every answer must be the right one, and none a 503.
// It runs in the PostgreSQL + Redis pass: PGlite has one connection and no pool to run dry, and
// there this file is next start's links, visits and webhooks beside next-start-visitors.test.ts.

const COUNT = 400;
const BEHAVIORS = ["basic", "conservative", "aggressive", "non-meta", "reddit", "experimental", "experimental2"];
// The log is read at the end: no request may have waited out the pool. The pool's wait is the
// operator's setting for a machine this busy: CI's two cores running two test passes at once took
// longer than the default 15 s to serve 400 queued transactions — a load to size for, not the
// starvation this file is about (which holds every connection for good, whatever the wait).
const ENV = { HOP_LOG: "info", WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_POLL_MS: "200", EVENT_FLUSH_MS: "500", HOP_DB_POOL_WAIT_MS: "60000" };

const slugOf = (i: number) => `load-${i}`;
const destinationOf = (i: number, round: string) => `https://shop.example.com/${round}/${i}`;

/** A receiver that counts the deliveries of each event type. */
async function receiver() {
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const type = String(JSON.parse(body).type);
      counts.set(type, (counts.get(type) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    counts,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Runs `work` for 0..count-1 all at once; the answers in order. */
function all<T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => work(i)));
}

/** Visitors (4 at a time) asking for every slug, round after round, until stop(); what each answer was. */
function visitors(app: HopServer) {
  let stopped = false;
  const answers: Array<{ slug: string; status: number; location?: string }> = [];
  const lanes = Array.from({ length: 4 }, async (_, lane) => {
    for (let round = 0; !stopped; round += 1) {
      for (let i = lane; i < COUNT && !stopped; i += 4) {
        // A refused connection is an answer too (status 0): the assertions name it.
        const res = await visit(app, PRIMARY, `/${slugOf(i)}`).catch(() => ({ status: 0, headers: { location: undefined } }));
        answers.push({ slug: slugOf(i), status: res.status, location: res.headers.location });
      }
    }
  });
  return { answers, stop: async () => ((stopped = true), await Promise.all(lanes)) };
}

/** On PostgreSQL, the most connections the server held to its database at once, sampled until stop(). */
function connectionPeak(app: HopServer) {
  let peak = 0;
  let stopped = false;
  const sampling = (async () => {
    if (!usingPostgres) return;
    const client = new pg.Client({ connectionString: app.env.DATABASE_URL });
    await client.connect();
    try {
      while (!stopped) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
        peak = Math.max(peak, rows[0].n);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await client.end();
    }
  })();
  return { stop: async () => ((stopped = true), await sampling, peak) };
}

/** The server's warnings and errors, for a failure's message (the first few). */
function errorLines(app: HopServer): string {
  const lines = app.logs().split("\n").filter((line) => /"level":"(warn|error)"/.test(line));
  return lines.length ? `\nserver log:\n${lines.slice(0, 8).join("\n")}` : "";
}

async function until(done: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

const skip = !usingPostgres && "runs in the PostgreSQL + Redis pass (a pool of connections is PostgreSQL's)";

function parallelLoad(entry: string, start: () => Promise<{ app: HopServer; account: TestAccount }>) {
  describe(`${COUNT} links in parallel with visitors, ${entry} (${usingPostgres ? "PostgreSQL" : "PGlite"}${usingRedis ? " + Redis" : ""})`, { skip }, () => {
    let app: HopServer | undefined;
    after(() => app?.stop());

    test("created, visited, updated and deleted at once: every answer right, no 503", async (t) => {
      const started = await start();
      app = started.app;
      const { key } = started.account;
      const hooks = await receiver();
      let crowd: ReturnType<typeof visitors> | undefined;
      let connections: ReturnType<typeof connectionPeak> | undefined;
      try {
        const hook = await api(app, "POST", "/v1/webhooks", { key, body: { url: hooks.url, events: ["link.created", "link.updated", "link.deleted"] } });
        assert.equal(hook.status, 201, hook.text);

        connections = connectionPeak(app);
        crowd = visitors(app);
        const created = await all(COUNT, (i) =>
          api(app!, "POST", "/v1/links", { key, body: { url: destinationOf(i, "first"), slug: slugOf(i), behavior: BEHAVIORS[i % BEHAVIORS.length] } }),
        );
        for (const [i, res] of created.entries()) assert.equal(res.status, 201, `create ${slugOf(i)}: ${res.status} ${res.text}${errorLines(app)}`);

        const seen = await all(COUNT, (i) => visit(app!, PRIMARY, `/${slugOf(i)}`));
        for (const [i, res] of seen.entries()) assert.deepEqual([res.status, res.headers.location], [302, destinationOf(i, "first")], slugOf(i));

        const updated = await all(COUNT, (i) => api(app!, "PUT", `/v1/links/${slugOf(i)}`, { key, body: { destination: destinationOf(i, "second") } }));
        for (const [i, res] of updated.entries()) assert.equal(res.status, 200, `update ${slugOf(i)}: ${res.status} ${res.text}${errorLines(app)}`);
        const moved = await all(COUNT, (i) => visit(app!, PRIMARY, `/${slugOf(i)}`));
        for (const [i, res] of moved.entries()) assert.deepEqual([res.status, res.headers.location], [302, destinationOf(i, "second")], slugOf(i));

        const deleted = await all(COUNT, (i) => api(app!, "DELETE", `/v1/links/${slugOf(i)}`, { key }));
        for (const [i, res] of deleted.entries()) assert.equal(res.status, 200, `delete ${slugOf(i)}: ${res.status} ${res.text}${errorLines(app)}`);
        const gone = await all(COUNT, (i) => visit(app!, PRIMARY, `/${slugOf(i)}`));
        for (const [i, res] of gone.entries()) assert.equal(res.status, 404, slugOf(i));
        await crowd.stop();
        for (const answer of crowd.answers) {
          const i = Number(answer.slug.slice("load-".length));
          // Before its create or after its delete a slug is a 404; between, one of its own redirects.
          const own = [destinationOf(i, "first"), destinationOf(i, "second")];
          assert.ok(answer.status === 404 || (answer.status === 302 && own.includes(answer.location!)), `${answer.slug} while changing: ${JSON.stringify(answer)}`);
        }
        assert.ok(crowd.answers.filter((a) => a.status === 302).length > 0, "visitors were redirected while links changed");

        // Each change wrote its outbox row in its transaction; the worker delivers every one.
        const delivered = () => ["link.created", "link.updated", "link.deleted"].every((type) => (hooks.counts.get(type) ?? 0) >= COUNT);
        await until(delivered);
        assert.deepEqual(Object.fromEntries(hooks.counts), { "link.created": COUNT, "link.updated": COUNT, "link.deleted": COUNT });
        assert.doesNotMatch(app.logs(), /database unavailable|usage flush failed|pool exhausted/, "no request waited out the pool");
        // One pool per process, whatever Next bundles: never more connections than one process opens.
        const peak = await connections.stop();
        t.diagnostic(`${crowd.answers.length} visits during the changes; at most ${peak} connections to the database`);
        if (usingPostgres) assert.ok(peak > 0 && peak <= poolSizes(10).total, `${peak} connections at most, of ${poolSizes(10).total}`);
      } finally {
        await crowd?.stop();
        await connections?.stop();
        await hooks.close();
      }
    });
  });
}

parallelLoad("next start", async () => {
  let account!: TestAccount;
  const app = await startNextStart({ env: ENV, before: async (env) => void (account = await createAccountWithCli(env, { plan: "dominance" })) });
  return { app, account };
});

parallelLoad("server.ts", async () => {
  const app = await startServer({ env: ENV });
  return { app, account: await createAccount(app, { plan: "dominance" }) };
});
