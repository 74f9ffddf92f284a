import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { totpCode } from "../../lib/auth/totp";
import { admin, startServer, type HopServer } from "../../scripts/harness/hop-server";
import { api } from "../helpers/api";
import { PRIMARY, postForm } from "../helpers/visit";
import { CASES } from "../helpers/dashboard-cases";
import { dashboardRoutes, fill, invitationToken, objectsOf, PASSWORD, person, send, signIn, type Objects, type Person, type Route } from "../helpers/dashboard-routes";

// Dashboard writes and the audit log (docs/decisions/032-audit-log.md): every write route of
// app/api/dashboard, called once by the owner on fresh objects and made to succeed, writes exactly
// one entry, naming the signed-in user, via the dashboard (or editor); none holds a secret. Only
// the routes that store nothing are in NOT_AUDITED, and the walk fails if one of them writes.

const NOT_AUDITED = new Set([
  // The editor's live preview draws the unsaved model; nothing is stored.
  "POST /api/dashboard/drafts/[id]/preview",
  // The workspace switcher sets a cookie of this browser; no row changes.
  "POST /api/dashboard/workspace",
  // Hands out a one-time WebAuthn challenge; the account's data does not change.
  "POST /api/dashboard/account/passkeys/options",
]);

// Routes that succeed only against what this walk's server cannot be: a relying party on
// `localhost` with a signing authenticator, a signed-in identity from an OpenID provider. Their
// entries are checked where those run.
const CHECKED_ELSEWHERE = new Map([
  ["POST /api/dashboard/account/passkeys", "tests/api/passkeys.test.ts"],
  ["PATCH /api/dashboard/account/passkeys/[id]", "tests/api/passkeys.test.ts"],
  ["DELETE /api/dashboard/account/passkeys/[id]", "tests/api/passkeys.test.ts"],
  ["DELETE /api/dashboard/account/sign-ins/[id]", "tests/api/sso-link.test.ts"],
]);

// Routes that succeed only with SMTP set up (the walk's server has none, and answers them 409): their
// one entry each is checked where a real SMTP server runs (tests/api/account-confirm-email.test.ts).
const NEEDS_MAIL = new Set(["POST /api/dashboard/account/email-confirmation"]);

const NEW_PASSWORD = "another long password";

/** What a route's call is made of, where the shared case (dashboard-cases.ts) is made to be refused. */
interface Call {
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
  raw?: Buffer | string;
  contentType?: string;
  /** The key reading the log the entry lands in (another team's owner's): default the owner's. */
  reader?: string;
  /** Secrets the setup made, none of which an entry may hold. */
  secrets?: string[];
}

type Setup = (server: HopServer, owner: Person, o: Objects) => Promise<Call>;

async function twoFactorSetup(server: HopServer, owner: Person): Promise<string> {
  const setup = await send(server, "POST", "/api/dashboard/account/two-factor/setup", { cookie: owner.cookie });
  assert.equal(setup.status, 200, setup.text);
  return setup.body.secret;
}

/** A membership of `owner` in the invitee's team, made by the operator. */
async function membershipIn(server: HopServer, o: Objects, owner: Person, status: "pending" | "active"): Promise<string> {
  return String((await admin(server, "team", "add", "--owner", o.invitee.email, "--member", owner.email, "--role", "editor", "--status", status)).id);
}

const SUCCEEDING: Record<string, Setup> = {
  "POST /api/dashboard/account/password": async () => ({ body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, secrets: [NEW_PASSWORD] }),
  "DELETE /api/dashboard/account/sessions/[id]": async (server, owner) => {
    const phone = await signIn(server, owner.email);
    assert.equal((await send(server, "GET", "/api/dashboard/account/sessions", { cookie: phone })).status, 200);
    const listed = await send(server, "GET", "/api/dashboard/account/sessions", { cookie: owner.cookie });
    const other = (listed.body.sessions as Array<{ id: string; current: boolean }>).find((s) => !s.current);
    assert.ok(other, listed.text);
    return { params: { id: other.id } };
  },
  "POST /api/dashboard/account/two-factor": async (server, owner) => {
    const secret = await twoFactorSetup(server, owner);
    return { body: { code: totpCode(secret) }, secrets: [secret] };
  },
  "DELETE /api/dashboard/account/two-factor": async (server, owner) => {
    const secret = await twoFactorSetup(server, owner);
    const on = await send(server, "POST", "/api/dashboard/account/two-factor", { cookie: owner.cookie, body: { code: totpCode(secret) } });
    assert.equal(on.status, 200, on.text);
    owner.cookie = String(on.headers["set-cookie"]).split(";")[0];
    return { body: { code: on.body.recoveryCodes[0] }, secrets: [secret, ...on.body.recoveryCodes] };
  },
  // The objects' domain is connected already.
  "POST /api/dashboard/domains": async () => ({ body: { domain: `new-${randomBytes(4).toString("hex")}.example.com` } }),
  "POST /api/dashboard/drafts/[id]/images": async (_server, _owner, o) => ({
    params: { id: o.draft },
    raw: await sharp({ create: { width: 12, height: 12, channels: 3, background: "#36c" } }).png().toBuffer(),
    contentType: "image/png",
  }),
  "POST /api/dashboard/drafts/[id]/publish-changes": async (server, owner, o) => {
    const published = await send(server, "POST", `/api/dashboard/drafts/${o.draft}/publish`, { cookie: owner.cookie, body: { version: 1, customSlug: `pc-${randomBytes(4).toString("hex")}` } });
    assert.equal(published.status, 201, published.text);
    return { params: { id: o.draft }, body: { version: published.body.version } };
  },
  // A real import (the shared case is a dry run, which changes nothing).
  "POST /api/dashboard/links/import": async () => ({ raw: `url,slug\nhttps://example.com/i,imp-${randomBytes(4).toString("hex")}\n`, contentType: "text/csv" }),
  "POST /api/dashboard/websites/import": async () => ({ raw: JSON.stringify({ name: "Moved", links: [{ button_id: 1, title: "Home", link: "https://example.com/", order: 1 }] }), contentType: "application/json" }),
  // The owner joins the invitee's team: the entries land in the invitee's log.
  "POST /api/dashboard/invitations/accept": async (server, owner, o) => {
    const invited = await send(server, "POST", "/api/dashboard/team", { cookie: o.invitee.cookie, body: { email: owner.email, role: "viewer" } });
    assert.equal(invited.status, 201, invited.text);
    const token = invitationToken(invited.body);
    return { body: { token }, reader: o.invitee.key, secrets: [token] };
  },
  "POST /api/dashboard/team/[id]/accept": async (server, owner, o) => ({ params: { id: await membershipIn(server, o, owner, "pending") }, reader: o.invitee.key }),
  "POST /api/dashboard/team/[id]/leave": async (server, owner, o) => ({ params: { id: await membershipIn(server, o, owner, "active") }, reader: o.invitee.key }),
  // Off is the default: setting it again changes nothing.
  "PUT /api/dashboard/team/two-factor": async () => ({ body: { required: true } }),
  "PUT /api/dashboard/team/sso": async () => ({ body: { required: true } }),
  // On is the default.
  "PUT /api/dashboard/account/notifications": async () => ({ body: { brokenLinksDigest: false } }),
  "POST /api/dashboard/links/[id]/variants/[index]/promote": async (server, owner, o) => {
    const test = await api(server, "PUT", `/v1/links/${o.link}`, { key: owner.key, body: { variants: [{ url: "https://example.com/a", weight: 50 }, { url: "https://example.com/b", weight: 50 }] } });
    assert.equal(test.status, 200, test.text);
    return { params: { id: o.link, index: "1" } };
  },
  "DELETE /api/dashboard/websites/subscribers": async (server, owner) => {
    const slug = `news-${randomBytes(4).toString("hex")}`;
    const site = await api(server, "POST", "/v1/websites", { key: owner.key, body: { websiteId: slug, templateId: "bonbon-card", customSlug: slug, data: { profile: { name: "News" }, links: [{ type: "signup", id: "news", title: "Join" }] } } });
    assert.equal(site.status, 201, site.text);
    assert.equal((await postForm(server, PRIMARY, "/__hop/signup", { page: site.body.id, block: "news", email: `${slug}@example.com` })).status, 303);
    const listed = await api(server, "GET", `/v1/websites/${site.body.id}/subscribers`, { key: owner.key });
    return { body: { id: site.body.id, subscriberId: listed.body.data[0].id } };
  },
};

describe("audit log: dashboard writes", () => {
  let server: HopServer;
  before(async () => {
    server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
  });
  after(() => server.stop());

  test("each write route writes exactly one entry, as the signed-in user, holding no secret; only routes that store nothing write none", async (t) => {
    const writes = dashboardRoutes().filter((r: Route) => !CASES[r.key]?.read && !CASES[r.key]?.signedOut);
    const problems: string[] = [];
    const audited: string[] = [];
    for (const route of writes) {
      const owner: Person = await person(server);
      const o: Objects = await objectsOf(server, owner);
      const c = CASES[route.key];
      const call: Call = (await SUCCEEDING[route.key]?.(server, owner, o)) ?? { params: c.params?.(o), body: c.body?.(o), query: c.query?.(o) };
      // Read with a key of its own: the walk revokes the owner's key and changes its e-mail.
      const reader = call.reader ?? String((await admin(server, "key", "create", "--email", owner.email, "--name", "reader")).key);
      const before = (await api(server, "GET", "/v1/audit-log?limit=1", { key: reader })).body.data[0]?.id;
      const target = fill(route.template, call.params ?? c.params?.(o) ?? {}) + (call.query ?? "");
      const answer = await send(server, route.method, target, { cookie: owner.cookie, body: call.body, raw: call.raw, contentType: call.contentType });
      if (CHECKED_ELSEWHERE.has(route.key)) continue;
      if (NEEDS_MAIL.has(route.key)) {
        if (answer.status !== 409) problems.push(`${route.key}: ${answer.status} without SMTP (expected 409)`);
        continue;
      }
      if (answer.status >= 300) {
        problems.push(`${route.key}: ${answer.status} ${answer.text.slice(0, 200)} (give it a call that succeeds in SUCCEEDING)`);
        continue;
      }
      const page = (await api(server, "GET", "/v1/audit-log?limit=100", { key: reader })).body.data as Array<Record<string, any>>;
      const fresh = before ? page.slice(0, page.findIndex((e) => e.id === before)) : page;
      if (NOT_AUDITED.has(route.key)) {
        if (fresh.length) problems.push(`${route.key} now writes ${fresh.map((e) => e.action).join(", ")}: take it off NOT_AUDITED`);
        continue;
      }
      if (fresh.length !== 1) problems.push(`${route.key}: ${fresh.length} entries (${fresh.map((e) => e.action).join(", ")})`);
      const secrets = [owner.key, PASSWORD, ...(call.secrets ?? [])];
      for (const entry of fresh) {
        if (entry.actor.type !== "user" || entry.actor.id !== owner.id || !["dashboard", "editor"].includes(entry.actor.via)) problems.push(`${route.key}: actor ${JSON.stringify(entry.actor)}`);
        const text = JSON.stringify(entry);
        for (const secret of secrets) if (text.includes(secret)) problems.push(`${route.key}: ${entry.action} holds a secret`);
        audited.push(`${route.key} → ${entry.action}`);
      }
    }
    t.diagnostic(`audited: ${audited.join(", ")}`);
    assert.deepEqual(problems, []);
    assert.equal(audited.length, writes.length - NOT_AUDITED.size - NEEDS_MAIL.size - CHECKED_ELSEWHERE.size, "every write route but the listed ones was audited");
  });
});
