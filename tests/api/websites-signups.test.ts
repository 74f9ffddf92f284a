import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { addKey, api, createAccount, type TestAccount } from "../helpers/api";
import { send, person } from "../helpers/dashboard-routes";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { scalar } from "../helpers/sql-scalar";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { agent, PRIMARY, postForm, visit } from "../helpers/visit";

// Sign-up blocks (docs/websites.md, "Sign-up blocks"): the page renders an e-mail field and a
// button under the owner's consent text, posting to /__hop/signup on its own host without
// JavaScript. Without SMTP an address is stored at once (single opt-in) and `subscriber.created`
// is sent then; with SMTP (a real SMTP server here) it waits for the mailed confirmation link,
// which expires after 48 hours, and every mail carries an unsubscribe link. One row per page and
// address. Listed, searched and deleted through /v1 and the dashboard (CSV), per account.

const FAST_HOOKS = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAYS: "1,1,1", WEBHOOK_POLL_MS: "100" };
const ENV = { TRUST_PROXY: "true", CONTACTS_PER_PAGE_PER_HOUR: "12", HOP_TEST_CLOCK: "on", ...FAST_HOOKS };

/** A webhook receiver that keeps every body it gets. */
async function receiver() {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => (server.closeAllConnections(), new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

async function until<T>(read: () => T, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function helpers(server: () => HopServer, account: () => TestAccount) {
  const publish = async (slug: string, block: Record<string, unknown> = {}, who = account()) => {
    const res = await api(server(), "POST", "/v1/websites", {
      key: who.key,
      body: { websiteId: slug, templateId: "bonbon-card", customSlug: slug, data: { profile: { name: "Newsletter" }, links: [{ type: "simple", title: "Site", url: "https://example.com" }, { type: "signup", id: "news", title: "Join my list", ...block }] } },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const signUp = (page: string, email: string, from?: string, extra: Record<string, string> = {}, userAgent?: string) =>
    postForm(server(), PRIMARY, "/__hop/signup", { page, block: "news", email, ...extra }, { userAgent, headers: from ? { "x-forwarded-for": from } : {} });
  const list = (id: string, query = "", key = account().key) => api(server(), "GET", `/v1/websites/${id}/subscribers${query}`, { key });
  return { publish, signUp, list };
}

describe("sign-up blocks without SMTP (single opt-in)", () => {
  let server: HopServer;
  let account: TestAccount;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    server = await startServer({ env: ENV });
    account = await createAccount(server);
    hooks = await receiver();
  });
  after(async () => (await server.stop(), await hooks.close()));
  const { publish, signUp, list } = helpers(() => server, () => account);

  test("the page shows a labelled e-mail field and the owner's consent text; its CSP adds nothing to a contact form's", async () => {
    const id = await publish("signup-form", { consent: "Monthly news from Ada. <Unsubscribe> any time.", buttonLabel: "Join" });
    const page = await visit(server, PRIMARY, `/${id}`);
    assert.match(page.body, /<form class="contact" id="news" method="post" action="\/__hop\/signup">/);
    assert.match(page.body, /<label for="signup-email-news">E-mail<\/label><input id="signup-email-news" name="email" type="email" autocomplete="email" maxlength="320" required aria-describedby="signup-email-news-consent">/);
    assert.ok(page.body.includes('<p class="consent" id="signup-email-news-consent">Monthly news from Ada. &lt;Unsubscribe&gt; any time.</p><button class="btn" type="submit">Join</button>'));
    const contact = await api(server, "POST", "/v1/websites", { key: account.key, body: { websiteId: "c", templateId: "bonbon-card", customSlug: "contact-csp", data: { profile: { name: "x" }, links: [{ type: "contact", id: "c" }] } } });
    // The same directives and kinds of source: only the hashes of each page's own inline style and script differ.
    const csp = (h: http.IncomingHttpHeaders) => String(h["content-security-policy"]).replace(/'(nonce|sha256)-[^']+'/g, "'own'");
    assert.equal(csp(page.headers), csp((await visit(server, PRIMARY, `/${contact.body.id}`)).headers));
    assert.match(String(page.headers["content-security-policy"]), /form-action 'self';/);
  });

  test("a sign-up is stored at once as single opt-in, listed, sent as subscriber.created; the same address again is not a second row", async () => {
    const made = (await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: hooks.url, events: ["subscriber.created"] } })).body.data;
    const id = await publish("signup-single", { successMessage: "Welcome in!" });
    const sent = await signUp(id, " Ada@Example.com ");
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.location, `/${id}?signup=sent#news`);
    assert.ok((await visit(server, PRIMARY, `/${id}?signup=sent`)).body.includes("Welcome in!"));
    assert.equal((await signUp(id, "ada@example.com")).headers.location, `/${id}?signup=sent#news`);
    const listed = await list(id);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.pagination.totalCount, 1, "one row per page and address");
    const [row] = listed.body.data;
    assert.match(row.id, /^sub_/);
    assert.deepEqual({ ...row, id: undefined, createdAt: undefined, confirmedAt: undefined }, { id: undefined, createdAt: undefined, confirmedAt: undefined, websiteId: id, blockId: "news", email: "ada@example.com", status: "confirmed", optIn: "single" });
    await until(() => hooks.received.length, (n) => n >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(hooks.received.length, 1, "one event for the address, not one per sign-up");
    const event = new Webhook(made.secret.slice(6)).verify(hooks.received[0].body, hooks.received[0].headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    assert.equal(event.type, "subscriber.created");
    assert.deepEqual({ ...event.data, confirmedAt: undefined, createdAt: undefined }, { id: row.id, websiteId: id, blockId: "news", email: "ada@example.com", optIn: "single", confirmedAt: undefined, createdAt: undefined });
  });

  test("bad addresses go back to the form; honeypots, bots, unknown blocks, other hosts and long bodies store nothing", async () => {
    const id = await publish("signup-strict");
    for (const email of ["not-an-email", "", "a@b", `${"x".repeat(330)}@example.com`]) assert.equal((await signUp(id, email, "198.51.100.1")).headers.location, `/${id}?signup=invalid#news`, email);
    assert.equal((await signUp(id, "bot@example.com", "198.51.100.2", { website: "http://spam.example" })).headers.location, `/${id}?signup=sent#news`);
    assert.equal((await signUp(id, "bot@example.com", "198.51.100.2", {}, agent({ category: "bot" }))).headers.location, `/${id}?signup=sent#news`);
    assert.equal((await postForm(server, PRIMARY, "/__hop/signup", { page: id, block: "nope", email: "a@example.com" })).status, 404);
    assert.equal((await postForm(server, PRIMARY, "/__hop/signup", { page: "no-such-page", block: "news", email: "a@example.com" })).status, 404);
    assert.equal((await postForm(server, "elsewhere.example", "/__hop/signup", { page: id, block: "news", email: "a@example.com" })).status, 404, "a page's form answers on its own host only");
    assert.equal((await signUp(id, "x@example.com", "198.51.100.3", { pad: "p".repeat(5000) })).status, 413);
    assert.equal((await visit(server, PRIMARY, "/__hop/signup")).status, 405);
    assert.equal((await list(id)).body.pagination.totalCount, 0);
  });

  test("one address may sign up five times per page an hour; the page takes CONTACTS_PER_PAGE_PER_HOUR from all addresses", async () => {
    const id = await publish("signup-busy");
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await signUp(id, `p${i}@example.com`, "203.0.113.9")).status);
    assert.deepEqual(statuses, [303, 303, 303, 303, 303, 429]);
    const more = [];
    for (let i = 0; i < 8; i += 1) more.push((await signUp(id, `q${i}@example.com`, `203.0.113.${20 + i}`)).status);
    assert.deepEqual(more, [303, 303, 303, 303, 303, 303, 303, 429], "the page's cap (12 here) holds across addresses");
    assert.equal((await list(id)).body.pagination.totalCount, 12);
  });

  test("the list pages and searches; deleting an address (API and dashboard) removes it for good; a viewer key may read, not delete", async () => {
    const id = await publish("signup-list");
    for (const name of ["ann", "bob", "bobby", "cyd"]) await signUp(id, `${name}@example.com`, "192.0.2.40");
    const page2 = await list(id, "?limit=3&page=2");
    assert.deepEqual([page2.body.data.length, page2.body.pagination.totalCount, page2.body.pagination.hasMore], [1, 4, false]);
    assert.equal(page2.body.data[0].email, "ann@example.com", "newest first");
    assert.deepEqual((await list(id, "?q=BOB")).body.data.map((s: { email: string }) => s.email).sort(), ["bob@example.com", "bobby@example.com"]);
    assert.equal((await list(id, "?limit=500")).body.error.field, "limit");
    const bob = (await list(id, "?q=bob@")).body.data[0];
    const viewer = await addKey(server, account.email, "viewer");
    assert.equal((await list(id, "", viewer.key)).status, 200);
    assert.equal((await api(server, "DELETE", `/v1/websites/${id}/subscribers/${bob.id}`, { key: viewer.key })).status, 403);
    const removed = await api(server, "DELETE", `/v1/websites/${id}/subscribers/${bob.id}`, { key: account.key });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body, { message: "Subscriber deleted", id: bob.id });
    assert.equal((await api(server, "DELETE", `/v1/websites/${id}/subscribers/${bob.id}`, { key: account.key })).body.error.code, "subscriber_not_found");
    assert.equal((await list(id)).body.pagination.totalCount, 3);
  });

  test("two accounts: neither lists, exports nor deletes the other's sign-ups", async () => {
    const owner = await person(server);
    const other = await person(server);
    const id = await publish("signup-owned", {}, { ...account, key: owner.key });
    await signUp(id, "private@example.com", "192.0.2.50");
    const row = (await list(id, "", owner.key)).body.data[0];
    assert.equal((await list(id, "", other.key)).status, 404);
    assert.equal((await api(server, "DELETE", `/v1/websites/${id}/subscribers/${row.id}`, { key: other.key })).status, 404);
    const otherPage = await publish("signup-other", {}, { ...account, key: other.key });
    assert.equal((await api(server, "DELETE", `/v1/websites/${otherPage}/subscribers/${row.id}`, { key: other.key })).body.error.code, "subscriber_not_found", "another page's subscriber id is not found");
    assert.equal((await send(server, "GET", `/api/dashboard/websites/subscribers?id=${id}`, { cookie: other.cookie })).status, 404);
    assert.equal((await send(server, "DELETE", "/api/dashboard/websites/subscribers", { cookie: other.cookie, body: { id, subscriberId: row.id } })).status, 404);
    assert.equal((await list(id, "", owner.key)).body.pagination.totalCount, 1);
    const dashboardDelete = await send(server, "DELETE", "/api/dashboard/websites/subscribers", { cookie: owner.cookie, body: { id, subscriberId: row.id } });
    assert.equal(dashboardDelete.status, 200, dashboardDelete.text);
    assert.equal((await list(id, "", owner.key)).body.pagination.totalCount, 0);
  });

  test("the dashboard's CSV export has every address, formula starts defused; sign-ups go when the page is deleted", async () => {
    const owner = await person(server);
    const id = await publish("signup-csv", {}, { ...account, key: owner.key });
    await signUp(id, "first@example.com", "192.0.2.60");
    await signUp(id, "+cmd@example.com", "192.0.2.60");
    const csv = await send(server, "GET", `/api/dashboard/websites/subscribers?id=${id}`, { cookie: owner.cookie });
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers["content-type"]), /^text\/csv/);
    assert.match(String(csv.headers["content-disposition"]), /filename="subscribers-signup-csv\.csv"/);
    const lines = csv.text.trim().split("\r\n");
    assert.equal(lines[0], "createdAt,email,status,optIn,confirmedAt,blockId");
    assert.deepEqual(lines.slice(1).map((l) => l.split(",").slice(1, 4)), [["first@example.com", "confirmed", "single"], ["'+cmd@example.com", "confirmed", "single"]]);
    assert.equal((await api(server, "DELETE", `/v1/links/${id}`, { key: owner.key })).status, 200);
    assert.equal(await publish("signup-csv", {}, { ...account, key: owner.key }), id);
    assert.equal((await list(id, "", owner.key)).body.pagination.totalCount, 0, "the address published again starts empty");
  });
});

describe("sign-up blocks with SMTP (double opt-in)", () => {
  let server: HopServer;
  let smtp: TestSmtp;
  let account: TestAccount;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { ...ENV, SMTP_URL: smtp.url, MAIL_FROM: "Hop <hop@example.test>" } });
    account = await createAccount(server);
    hooks = await receiver();
  });
  after(async () => (await server.stop(), await smtp.close(), await hooks.close()));
  const { publish, signUp, list } = helpers(() => server, () => account);
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const linkIn = (raw: string, kind: "confirm" | "unsubscribe") => {
    // The body is quoted-printable: "=" travels as "=3D".
    const found = raw.replace(/=3D/g, "=").match(new RegExp(`https?://[^\\s>]+/__hop/signup/${kind}\\?token=[A-Za-z0-9_-]{43}`));
    assert.ok(found, `a ${kind} link in the mail`);
    const url = new URL(found[0]);
    return { host: url.host, path: url.pathname + url.search };
  };

  test("a sign-up waits for the mailed link: opening it changes nothing, its button confirms once and sends subscriber.created", async () => {
    await api(server, "POST", "/v1/webhooks", { key: account.key, body: { url: hooks.url, events: ["subscriber.created"] } });
    const id = await publish("double-page");
    const sent = await signUp(id, "grace@example.com");
    assert.equal(sent.headers.location, `/${id}?signup=check#news`);
    assert.match((await visit(server, PRIMARY, `/${id}?signup=check`)).body, /open the link we just e-mailed you/);
    const [mail] = await until(() => mailsTo("grace@example.com"), (m) => m.length >= 1);
    assert.ok(mail, "the confirmation mail arrived");
    assert.match(mail.raw, /^Subject: Confirm your sign-up: Join my list/m);
    assert.match(mail.raw, /^List-Unsubscribe:\s+<https?:\/\/[^>]+\/__hop\/signup\/unsubscribe\?token=/m);
    assert.match(mail.raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const pending = (await list(id)).body.data[0];
    assert.deepEqual([pending.status, pending.optIn, pending.confirmedAt], ["pending", "double", null]);
    const confirm = linkIn(mail.raw, "confirm");
    const opened = await visit(server, confirm.host, confirm.path);
    assert.equal(opened.status, 200);
    assert.match(opened.body, /Confirm that <strong>grace@example.com<\/strong>/);
    assert.match(opened.body, /<form method="post"><button class="btn" type="submit">Confirm<\/button><\/form>/);
    assert.match(String(opened.headers["content-security-policy"]), /form-action 'self'/);
    assert.equal((await list(id)).body.data[0].status, "pending", "a mail scanner opening the link confirms nothing");
    assert.equal(hooks.received.length, 0, "no event while pending");
    const pressed = await postForm(server, confirm.host, confirm.path, {});
    assert.equal(pressed.status, 200);
    assert.match(pressed.body, /You are signed up/);
    assert.equal((await postForm(server, confirm.host, confirm.path, {})).status, 404, "a link confirms once");
    const confirmed = (await list(id)).body.data[0];
    assert.deepEqual([confirmed.status, confirmed.optIn, typeof confirmed.confirmedAt], ["confirmed", "double", "string"]);
    await until(() => hooks.received.length, (n) => n >= 1);
    const event = JSON.parse(hooks.received[0].body);
    assert.equal(event.type, "subscriber.created");
    assert.equal(event.data.email, "grace@example.com");
    assert.equal(event.data.optIn, "double");
    assert.equal((await signUp(id, "GRACE@example.com")).headers.location, `/${id}?signup=sent#news`, "an address on the list is simply thanked");
    assert.equal(mailsTo("grace@example.com").length, 1, "and not mailed again");
    assert.equal((await list(id)).body.pagination.totalCount, 1);
  });

  test("the unsubscribe link shows a button; pressing it (or a mail client's one-click POST) deletes the address", async () => {
    const id = await publish("unsub-page");
    await signUp(id, "leave@example.com", "192.0.2.70");
    await signUp(id, "oneclick@example.com", "192.0.2.70");
    const [leave] = await until(() => mailsTo("leave@example.com"), (m) => m.length >= 1);
    const [oneClick] = await until(() => mailsTo("oneclick@example.com"), (m) => m.length >= 1);
    const link = linkIn(leave.raw, "unsubscribe");
    const shown = await visit(server, link.host, link.path);
    assert.match(shown.body, /Remove <strong>leave@example.com<\/strong>/);
    assert.equal((await list(id)).body.pagination.totalCount, 2, "opening the link deletes nothing");
    const done = await postForm(server, link.host, link.path, {});
    assert.equal(done.status, 200);
    assert.match(done.body, /was removed and deleted/);
    const rfc8058 = linkIn(oneClick.raw, "unsubscribe");
    assert.equal((await postForm(server, rfc8058.host, rfc8058.path, { "List-Unsubscribe": "One-Click" })).status, 200);
    assert.equal((await list(id)).body.pagination.totalCount, 0);
    assert.match((await visit(server, link.host, link.path)).body, /not on the list/);
    assert.equal((await visit(server, link.host, "/__hop/signup/confirm?token=not-a-token")).status, 404);
  });

  test("a pending sign-up is mailed again at most hourly; unconfirmed ones expire after 48 hours and the address may sign up anew", async () => {
    const id = await publish("expiry-page");
    await signUp(id, "late@example.com", "192.0.2.80");
    await signUp(id, "late@example.com", "192.0.2.80");
    const [first] = await until(() => mailsTo("late@example.com"), (m) => m.length >= 1);
    assert.equal(mailsTo("late@example.com").length, 1, "a second sign-up within the hour sends no second mail");
    const confirm = linkIn(first.raw, "confirm");
    // 49 hours on: the test clock where the server has one; under `next start` (no admin endpoint) the row's time, by SQL.
    const clocked = server.app !== "next start";
    if (clocked) await admin(server, "test-clock", new Date(Date.now() + 49 * 60 * 60_000).toISOString());
    else await scalar(server.env.DATABASE_URL, `UPDATE "Subscriber" SET "expiresAt" = now() - interval '1 hour', "createdAt" = now() - interval '49 hours', "mailedAt" = now() - interval '49 hours' WHERE email = 'late@example.com' RETURNING 1 AS n`);
    try {
      assert.equal((await visit(server, confirm.host, confirm.path)).status, 404, "the link has expired");
      assert.equal((await postForm(server, confirm.host, confirm.path, {})).status, 404);
      assert.equal((await list(id)).body.pagination.totalCount, 0, "an expired sign-up is not listed");
      assert.equal((await signUp(id, "late@example.com", "192.0.2.81")).headers.location, `/${id}?signup=check#news`);
      const mails = await until(() => mailsTo("late@example.com"), (m) => m.length >= 2);
      assert.equal(mails.length, 2, "signing up anew mails a new link");
      const fresh = linkIn(mails[1].raw, "confirm");
      assert.equal((await postForm(server, fresh.host, fresh.path, {})).status, 200);
      assert.equal((await list(id)).body.data[0].status, "confirmed");
    } finally {
      if (clocked) await admin(server, "test-clock", new Date().toISOString());
    }
  });
});
