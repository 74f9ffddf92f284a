import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addKey, api, type ApiResponse } from "../helpers/api";
import { missingPostgres, startOwnPostgres, type OwnPostgres } from "../../scripts/harness/own-services";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { person } from "../helpers/dashboard-routes";
import { PRIMARY, visit, type VisitResponse } from "../helpers/visit";
import { scalar } from "../helpers/sql-scalar";

// A PostgreSQL of this file's own, stopped for a few seconds while visitors keep coming: every
// visit answered during the outage is written once the database is back, and the API says 503
// with Retry-After meanwhile, then 200 again — without a restart.
const skip = missingPostgres();

describe("when PostgreSQL goes away", { skip }, () => {
  let db: OwnPostgres;
  let server: HopServer;
  before(async () => {
    db = await startOwnPostgres();
    server = await startServer({ env: { DATABASE_URL: db.url, REDIS_URL: "", METRICS_PORT: "0" } });
  });
  after(async () => {
    await server?.stop();
    await db?.remove();
  });

  test("no visit's event is lost through an outage under load; the API answers 503 with Retry-After, then 200", async () => {
    // Signed in too: the dashboard's routes are asked during the outage.
    const account = await person(server);
    const cookie = account.cookie;
    const spare = await addKey(server, account.email, "full");
    const created = await api(server, "POST", "/v1/links", { key: account.key, body: { url: "https://example.com/o", slug: "through-outage" } });
    assert.equal(created.status, 201);
    // The tests reach the API by IP, a host the visitor path looks up once (then caches) to know it serves no links.
    assert.equal((await api(server, "GET", "/v1/links", { key: account.key })).status, 200);

    const outageAnswers: ApiResponse[] = [];
    let unknownAddress: Awaited<ReturnType<typeof visit>> | undefined;
    let otherHost: Record<"health" | "openapi" | "links" | "dashboard" | "tlsAsk" | "visitor", VisitResponse> | undefined;
    let answered = 0;
    let running = true;
    const visitors = Array.from({ length: 6 }, async () => {
      while (running) {
        const res = await visit(server, PRIMARY, "/through-outage");
        assert.equal(res.status, 302, "visits are answered from the cache while the database is down");
        answered += 1;
      }
    });
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const readiness = async () => {
      const res = await visit(server, PRIMARY, "/api/health?ready=1");
      return { status: res.status, body: JSON.parse(res.body) };
    };
    const readyBefore = await readiness();
    let readyDuring: Awaited<ReturnType<typeof readiness>> | undefined;
    let metricsDuring: string;
    try {
      await pause(1_000);
      await db.stop();
      const duringOutage = answered;
      readyDuring = await readiness();
      metricsDuring = (await visit({ ...server, port: server.metricsPort! }, PRIMARY, "/metrics")).body;
      for (const key of [account.key, spare.key]) outageAnswers.push(await api(server, "GET", "/v1/links", { key }));
      unknownAddress = await visit(server, PRIMARY, "/never-visited-before");
      // A Host this server never saw (its IP, a load balancer's name) needs the database to know
      // whether it serves links; while it cannot be asked, the app's own paths stay the app's.
      let hosts = 0;
      const elsewhere = (path: string, headers: Record<string, string> = {}) => visit(server, `unseen-${++hosts}.example.test`, path, { headers });
      otherHost = {
        health: await elsewhere("/api/health"),
        openapi: await elsewhere("/v1/openapi.json"),
        links: await elsewhere("/v1/links", { authorization: `Bearer ${account.key}` }),
        dashboard: await elsewhere("/api/dashboard/websites/contacts", { cookie }),
        tlsAsk: await elsewhere("/api/domains/allowed?domain=links.example.test"),
        visitor: await elsewhere("/some-slug"),
      };
      await pause(3_000);
      assert.ok(answered - duringOutage > 50, `visitors kept coming during the outage (${answered - duringOutage})`);
      await db.start();
      await pause(1_000);
    } finally {
      running = false;
      await Promise.all(visitors);
    }

    // Readiness says what liveness does not: out of rotation while the database is away, back after.
    assert.equal(readyBefore.status, 200);
    assert.equal(readyBefore.body.ready, true);
    assert.equal(readyDuring?.status, 503);
    assert.deepEqual([readyDuring?.body.ready, readyDuring?.body.database.ok, readyDuring?.body.ok], [false, false, true]);
    assert.match(metricsDuring, /^hop_dependency_up\{dependency="database"\} 0$/m, "and /metrics shows it");
    let readyAfter = await readiness();
    for (const until = Date.now() + 10_000; readyAfter.status !== 200 && Date.now() < until; readyAfter = await readiness()) await pause(200);
    assert.equal(readyAfter.status, 200, JSON.stringify(readyAfter.body));
    assert.equal(readyAfter.body.ready, true);

    const deadline = Date.now() + 15_000;
    let written: number;
    while ((written = await scalar(db.url, `SELECT coalesce(sum(visits), 0) AS n FROM "VisitEvent"`)) < answered && Date.now() < deadline) await pause(250);
    assert.equal(written, answered, "every answered visit is counted by the event rows");
    assert.equal(await scalar(db.url, `SELECT coalesce(sum(views), 0) AS n FROM "EventRollup" WHERE dimension = ''`), answered, "and counted once in the rollups");
    const health = await api(server, "GET", "/api/health");
    assert.deepEqual(health.body.events, { queued: 0, spooled: 0, dropped: 0, written: answered });

    outageAnswers.forEach((res, i) => {
      const which = i === 0 ? "a cached key" : "a key not cached yet";
      assert.equal(res.status, 503, `${which}: ${res.text}`);
      assert.deepEqual(Object.keys(res.body.error).sort(), ["code", "message"]);
      assert.equal(res.body.error.code, "service_unavailable");
      assert.ok(Number(res.headers.get("retry-after")) >= 1, "Retry-After in seconds");
    });
    for (const key of [account.key, spare.key]) {
      const res = await api(server, "GET", "/v1/links", { key });
      assert.equal(res.status, 200, "the API recovers without a restart");
    }
    // A visitor whose address needed the database got a page saying so, and when to come back.
    assert.equal(unknownAddress?.status, 503);
    assert.equal(unknownAddress?.headers["retry-after"], "5");
    assert.match(String(unknownAddress?.headers["content-type"]), /^text\/html/);
    assert.match(String(unknownAddress?.headers["content-security-policy"]), /default-src 'none'/);
    assert.match(unknownAddress!.body, /Temporarily unavailable/);
    assert.equal((await visit(server, PRIMARY, "/never-visited-before")).status, 404, "and once the database is back, the address is looked up");

    // On a Host other than the app's, the surface decides the shape, as on the app's own: the two
    // routes that need no database answer, the API and the dashboard say 503 in JSON, a visitor's
    // address gets the page.
    assert.ok(otherHost);
    assert.equal(otherHost.health.status, 200, otherHost.health.body.slice(0, 200));
    assert.equal(JSON.parse(otherHost.health.body).ok, true);
    assert.equal(otherHost.openapi.status, 200);
    assert.equal(JSON.parse(otherHost.openapi.body).openapi, "3.1.0");
    for (const [which, res] of [["/v1/links", otherHost.links], ["/api/dashboard", otherHost.dashboard], ["/api/domains/allowed", otherHost.tlsAsk]] as const) {
      assert.equal(res.status, 503, `${which}: ${res.body.slice(0, 200)}`);
      assert.match(String(res.headers["content-type"]), /^application\/json/, which);
      assert.equal(JSON.parse(res.body).error.code, "service_unavailable", which);
      assert.ok(Number(res.headers["retry-after"]) >= 1, `${which}: Retry-After in seconds`);
    }
    assert.equal(otherHost.visitor.status, 503);
    assert.match(String(otherHost.visitor.headers["content-type"]), /^text\/html/);
    assert.equal(otherHost.visitor.headers["retry-after"], "5");
  });
});
