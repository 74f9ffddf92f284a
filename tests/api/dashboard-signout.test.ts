import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { person, send, signIn, type Person } from "../helpers/dashboard-routes";
import { startServer, usingPostgres, type HopServer } from "../../scripts/harness/hop-server";
import { sharedServer } from "../../scripts/harness/shared-servers";

// Signing out of one session ends that session on the server: a copy of its cookie taken before
// (by malware, a shared computer, a proxy log) is refused afterwards by every dashboard route and
// page, on every instance, while the account's other sessions stay signed in.

/** 401 signed out, 404 signed in (no such membership): which one tells whether the cookie is accepted. */
async function accepted(server: HopServer, cookie: string): Promise<boolean> {
  const answer = await send(server, "DELETE", "/api/dashboard/team/tm_none", { cookie });
  assert.ok(answer.status === 401 || answer.status === 404, `${answer.status} ${answer.text}`);
  return answer.status === 404;
}

async function page(server: HopServer, path: string, cookie: string) {
  return fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
}

describe("sign-out ends the session on the server", () => {
  let server: HopServer;
  let who: Person;
  before(async () => {
    server = await sharedServer();
    who = await person(server);
  });
  after(() => server.stop());

  test("after POST /api/dashboard/signout a copy of the cookie is refused; another session of the account stays valid", async () => {
    const copied = await signIn(server, who.email);
    const other = await signIn(server, who.email);
    assert.equal(await accepted(server, copied), true);
    assert.equal((await page(server, "/links", copied)).status, 200);

    const out = await send(server, "POST", "/api/dashboard/signout", { cookie: copied });
    assert.equal(out.status, 204);
    assert.match(String(out.headers["set-cookie"]), /next-auth\.session-token=;.*Max-Age=0/);

    assert.equal(await accepted(server, copied), false, "the copied cookie is refused by the dashboard routes");
    const refused = await page(server, "/links", copied);
    assert.equal(refused.status, 307);
    assert.match(refused.headers.get("location") ?? "", /^\/login\b/);
    assert.equal(await accepted(server, other), true, "the other session is still signed in");
    assert.equal((await page(server, "/links", other)).status, 200);
  });

  test("the ended session is not renewed by next-auth's session endpoint", async () => {
    const copied = await signIn(server, who.email);
    assert.equal((await send(server, "POST", "/api/dashboard/signout", { cookie: copied })).status, 204);
    const renewed = await fetch(`${server.url}/api/auth/session`, { headers: { cookie: copied } });
    const fresh = renewed.headers.getSetCookie().find((c) => /^next-auth\.session-token=[^;]+/.test(c));
    assert.equal(fresh, undefined, "no new session cookie for an ended session");
    assert.deepEqual(await renewed.json(), {});
  });

  test("signing out through next-auth's own route ends the session too", async () => {
    const copied = await signIn(server, who.email);
    const csrf = await fetch(`${server.url}/api/auth/csrf`, { headers: { cookie: copied } });
    const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const out = await fetch(`${server.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${copied}; ${csrfCookie}` },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    assert.ok(out.status < 400, `${out.status}`);
    assert.equal(await accepted(server, copied), false);
  });
});

if (usingPostgres) {
  describe("sign-out on one instance is seen by another sharing the database", () => {
    let first: HopServer;
    let second: HopServer;
    before(async () => {
      first = await startServer();
      second = await startServer({ shareWith: first });
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    test("a cookie signed out on the first instance is refused by the second, which had accepted it", async () => {
      const who = await person(first);
      const copied = await signIn(first, who.email);
      assert.equal(await accepted(second, copied), true);
      assert.equal((await send(first, "POST", "/api/dashboard/signout", { cookie: copied })).status, 204);
      assert.equal(await accepted(second, copied), false);
      assert.equal(await accepted(second, who.cookie), true);
    });
  });
}
