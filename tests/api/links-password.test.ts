import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { api, createAccount, linkAnalyticsWhen, type TestAccount } from "../helpers/api";
import { startServer, type HopServer } from "../../scripts/harness/hop-server";
import { agent, PRIMARY, postForm, visit } from "../helpers/visit";

// docs/API.md "Extensions": a link behind a password, and the form visitors get before it
// (docs/redirect-behaviors.md "Password-protected links"). TRUST_PROXY so each test names its own
// client address: wrong tries are counted per link and address.

const DESTINATION = "https://secret.example.com/plans?q=1";

describe("links behind a password", () => {
  let server: HopServer;
  let account: TestAccount;
  let address = 1;
  before(async () => {
    server = await startServer({ env: { TRUST_PROXY: "true" } });
    account = await createAccount(server);
  });
  after(() => server.stop());

  const from = () => ({ "x-forwarded-for": `203.0.113.${address++}` });
  const create = async (slug: string, extra: Record<string, unknown> = {}) => {
    const res = await api(server, "POST", "/v1/links", {
      key: account.key,
      body: { url: DESTINATION, slug, password: "open sesame", title: "Quarterly plans", description: "For the team", ...extra },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.data;
  };
  const cookieOf = (res: { headers: Record<string, unknown> }) => String((res.headers["set-cookie"] as string[] | undefined)?.[0] ?? "").split(";")[0];

  test("password is write-only, 4 to 128 characters; responses say hasPassword", async () => {
    for (const password of ["abc", "x".repeat(129), 1234]) {
      const res = await api(server, "POST", "/v1/links", { key: account.key, body: { url: DESTINATION, slug: "short-pass", password } });
      assert.equal(res.status, 400, String(password));
      assert.equal(res.body.error.code, "invalid_request");
      assert.equal(res.body.error.field, "password");
    }
    const made = await create("write-only");
    assert.equal(made.hasPassword, true);
    assert.equal("password" in made, false);
    const got = await api(server, "GET", "/v1/links/write-only", { key: account.key });
    assert.equal(got.body.data.hasPassword, true);
    assert.doesNotMatch(got.text, /open sesame|\$2[aby]\$/);
    const listed = await api(server, "GET", "/v1/links?search=write-only", { key: account.key });
    assert.equal(listed.body.data[0].hasPassword, true);
    assert.doesNotMatch(listed.text, /open sesame|\$2[aby]\$/);
  });

  test("a visitor without a pass gets the form (200, noindex) and nothing of where the link leads", async () => {
    await create("form-first", { geoRules: [{ countries: ["GB"], redirectUrl: "https://geo.example.com/gb" }], ios: "https://apps.apple.com/app/id1", android: "https://play.google.com/store/apps/details?id=x" });
    for (const ua of [undefined, "curl/8.5.0", agent({ category: "bot" }), agent({ category: "in-app", os: "ios" })]) {
      const res = await visit(server, PRIMARY, "/form-first", { userAgent: ua, headers: from() });
      assert.equal(res.status, 200, ua);
      assert.match(res.body, /<form method="post">/);
      assert.match(res.body, /<label for="hop-password">Password<\/label>/);
      assert.match(res.body, /noindex/);
      assert.doesNotMatch(res.body, /secret\.example|geo\.example|apps\.apple|play\.google/, ua);
      assert.match(String(res.headers["content-security-policy"]), /form-action 'self' https: http:;/, "the right password's 302 leaves for the destination");
    }
    const preview = await visit(server, PRIMARY, "/form-first", { userAgent: agent({ category: "preview" }) });
    assert.equal(preview.status, 200);
    assert.match(preview.body, /og:title" content="Quarterly plans"/);
    assert.match(preview.body, /og:description" content="For the team"/);
    assert.doesNotMatch(preview.body, /secret\.example|geo\.example|apps\.apple|play\.google|<form/);
    const head = await visit(server, PRIMARY, "/form-first", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.body, "");
  });

  test("the right password: 302 where the visit would have gone (counted), and a pass for that link that opens it at once", async () => {
    await create("right-one");
    const headers = from();
    const wrong = await postForm(server, PRIMARY, "/right-one", { password: "nope" }, { headers });
    assert.equal(wrong.status, 401);
    assert.match(wrong.body, /That password is not right/);
    assert.match(wrong.body, /<form method="post">/);
    assert.doesNotMatch(wrong.body, /secret\.example/);
    const right = await postForm(server, PRIMARY, "/right-one?utm_source=mail", { password: "open sesame" }, { headers });
    assert.equal(right.status, 302, right.body);
    assert.equal(right.headers.location, "https://secret.example.com/plans?q=1&utm_source=mail");
    const setCookie = String((right.headers["set-cookie"] as string[])[0]);
    assert.match(setCookie, /^hop_pass_lnk_\w+=\d+\.[\w-]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/, "no Secure: this test's links are http");
    const pass = cookieOf(right);
    const next = await visit(server, PRIMARY, "/right-one", { headers: { ...headers, cookie: `other=1; ${pass}` } });
    assert.equal(next.status, 302);
    assert.equal(next.headers.location, DESTINATION);
    const forged = await visit(server, PRIMARY, "/right-one", { headers: { cookie: pass.replace(/.$/, (c) => (c === "A" ? "B" : "A")) } });
    assert.equal(forged.status, 200, "a pass that does not verify is no pass");
    await create("other-link");
    assert.equal((await visit(server, PRIMARY, "/other-link", { headers: { cookie: pass } })).status, 200, "a pass opens its own link only");
    const body = await linkAnalyticsWhen(server, account.key, "right-one", (b) => b.totalViews >= 2);
    assert.equal(body.totalViews, 2, "the POST that opened it and the visit with the pass");
  });

  test("changing the password ends every pass; removing it opens the link to everyone", async () => {
    await create("rotated");
    const right = await postForm(server, PRIMARY, "/rotated", { password: "open sesame" }, { headers: from() });
    const pass = cookieOf(right);
    assert.equal((await visit(server, PRIMARY, "/rotated", { headers: { cookie: pass } })).status, 302);
    const changed = await api(server, "PUT", "/v1/links/rotated", { key: account.key, body: { password: "open sesame" } });
    assert.deepEqual(changed.body.updatedFields, ["password"]);
    assert.equal((await visit(server, PRIMARY, "/rotated", { headers: { cookie: pass } })).status, 200, "the same words, a new password: the old pass is gone");
    const removed = await api(server, "PUT", "/v1/links/rotated", { key: account.key, body: { password: null } });
    assert.equal(removed.status, 200);
    assert.equal((await api(server, "GET", "/v1/links/rotated", { key: account.key })).body.data.hasPassword, false);
    const open = await visit(server, PRIMARY, "/rotated");
    assert.equal(open.status, 302);
    assert.equal(open.headers.location, DESTINATION);
    assert.equal((await postForm(server, PRIMARY, "/rotated", { password: "x" })).status, 405, "no password, no form to post");
  });

  test("the 11th wrong try from one address in 15 minutes is 429, even with the right password; other addresses go on", async () => {
    await create("guarded");
    const headers = from();
    for (let i = 1; i <= 10; i += 1) assert.equal((await postForm(server, PRIMARY, "/guarded", { password: `guess-${i}` }, { headers })).status, 401, `try ${i}`);
    const eleventh = await postForm(server, PRIMARY, "/guarded", { password: "guess-11" }, { headers });
    assert.equal(eleventh.status, 429);
    const wait = Number(eleventh.headers["retry-after"]);
    assert.ok(wait > 600 && wait <= 900, `the window's rest: ${wait}`);
    assert.equal((await postForm(server, PRIMARY, "/guarded", { password: "open sesame" }, { headers })).status, 429);
    const elsewhere = await postForm(server, PRIMARY, "/guarded", { password: "open sesame" }, { headers: from() });
    assert.equal(elsewhere.status, 302);
  });

  test("garbage at the form: a chunked body past 4 KB, NUL, duplicate fields, broken paths and odd methods are 4xx, never 5xx", async () => {
    await create("garbled");
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: server.port, path: "/garbled", method: "POST", headers: { host: PRIMARY, "content-type": "application/x-www-form-urlencoded", ...from() } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      for (let i = 0; i < 10; i += 1) req.write(`password=${"x".repeat(1000)}&`);
      req.end();
    });
    assert.equal(chunked, 413);
    assert.equal((await postForm(server, PRIMARY, "/garbled", { password: "open\u0000sesame" }, { headers: from() })).status, 401);
    const twice = await visit(server, PRIMARY, "/garbled", { method: "POST", body: "password=wrong&password=open%20sesame", headers: { "content-type": "application/x-www-form-urlencoded", ...from() } });
    assert.equal(twice.status, 401, "the first field counts, once");
    for (const path of ["/garbled%00", "/%ZZ", "/garbled/..%2f"]) {
      const res = await postForm(server, PRIMARY, path, { password: "open sesame" }, { headers: from() });
      assert.ok(res.status >= 400 && res.status < 500, `${path}: ${res.status}`);
    }
    for (const method of ["PUT", "DELETE", "TRACE", "PROPFIND"]) {
      const res = await visit(server, PRIMARY, "/garbled", { method, headers: from() });
      assert.equal(res.status, 405, method);
    }
    const cookie = await visit(server, PRIMARY, "/garbled", { headers: { cookie: "hop_pass_x=%00; hop_pass_=1.; broken", ...from() } });
    assert.equal(cookie.status, 200, "a garbled cookie is no pass");
  });

  test("a form body past 4 KB is 413; an empty password asks again", async () => {
    await create("bounded");
    const big = await postForm(server, PRIMARY, "/bounded", { password: "x".repeat(5000) }, { headers: from() });
    assert.equal(big.status, 413);
    const empty = await postForm(server, PRIMARY, "/bounded", {}, { headers: from() });
    assert.equal(empty.status, 401);
    assert.match(empty.body, /Enter the password/);
  });
});
