import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { QUIET_CONTEXTS_MS } from "../../lib/server/quiet-contexts";
import { api } from "../helpers/api";
import { person, type Person } from "../helpers/dashboard-routes";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { PRIMARY, visit } from "../helpers/visit";

// Once the app has been idle for QUIET_CONTEXTS_MS, server.ts puts Next's request contexts to
// rest (lib/server/quiet-contexts.ts) so they stop costing visitors. Next must not notice: a
// signed-in page (cookies, headers), a route handler and a dashboard route work after every
// rest as before it — and visitors are answered while the app is busy and while it is idle.

describe("the app across its quiet spells", () => {
  let server: HopServer;
  let who: Person;
  let linkId: string;
  const pageOf = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie: who.cookie }, redirect: "manual" });
    return { status: res.status, text: await res.text() };
  };

  before(async () => {
    server = await startServer();
    who = await person(server);
    const link = await api(server, "POST", "/v1/links", { key: who.key, body: { url: "https://example.com/quiet", slug: "quiet" } });
    assert.equal(link.status, 201);
    linkId = link.body.data.id;
  });
  after(() => server?.stop());

  test("pages, route handlers and visitors work before and after each rest", async () => {
    for (let spell = 0; spell < 3; spell += 1) {
      const home = await pageOf("/links");
      assert.equal(home.status, 200, `signed-in page after spell ${spell}`);
      assert.match(home.text, /quiet/, "the page lists the account's link (its session was read)");
      const links = await api(server, "GET", "/v1/links", { key: who.key });
      assert.equal(links.status, 200);
      // A dashboard route reads the session and the selected workspace from the request's context.
      const qr = await fetch(`${server.url}/api/dashboard/links/${linkId}/qr`, { headers: { cookie: who.cookie } });
      assert.equal(qr.status, 200, `dashboard route after spell ${spell}`);
      assert.match(await qr.text(), /<svg/);
      const visitor = await visit(server, PRIMARY, "/quiet");
      assert.equal(visitor.status, 302);
      assert.equal(visitor.headers.location, "https://example.com/quiet");
      await sleep(QUIET_CONTEXTS_MS + 300);
    }
    assert.doesNotMatch(server.logs(), /"level":"error"/, "no request failed for a missing context");
  });
});
