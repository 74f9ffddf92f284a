import { randomBytes } from "node:crypto";
import { PASSWORD, type Objects } from "./dashboard-routes";

// One row per method of every dashboard route: how to call it on an account's objects (`o`), and
// what the route is for. The walk (dashboardRoutes) fails for a route with no row here, so a new
// route cannot go untested.
//   scope "workspace": changes the selected workspace's items (a viewer there gets 403);
//   "account": acts on the signed-in account's own items (drafts, keys, team), whatever workspace
//     is chosen, so another account's id is simply not found;
//   "self": names no object of anyone else (profile, password, sign-out, creating one's own things).
// `foreign`: what another account gets when it names o's objects; absent where nothing is named.

export type Scope = "workspace" | "owner" | "account" | "self";

export interface Case {
  scope: Scope;
  /** Meant for signed-out use (sign-up, sign-out): no 401. */
  signedOut?: boolean;
  /** A read: viewers may, and Origin is not required. */
  read?: boolean;
  /** A read only the workspace's owner and the team's admins may make (the audit log): a viewer gets 403. */
  adminsOnly?: boolean;
  params?: (o: Objects) => Record<string, string>;
  body?: (o: Objects) => unknown;
  query?: (o: Objects) => string;
  foreign?: number[];
}

const tag = () => randomBytes(4).toString("hex");
const NONCE = "dGVzdC1ub25jZS0xMjM0NQ==";
/** Well-formed WebAuthn answers to no challenge of the server's: every route refuses them (400). */
const CLIENT_DATA = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: "bm90LWEtY2hhbGxlbmdl", origin: "http://localhost" })).toString("base64url");
const MADE_UP_ASSERTION_PARTS = {
  registration: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: CLIENT_DATA, attestationObject: "AAAA" } },
  assertion: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: CLIENT_DATA, authenticatorData: "AAAA", signature: "AAAA" } },
};

export const CASES: Record<string, Case> = {
  "POST /api/dashboard/account/password": { scope: "self", body: () => ({ currentPassword: "not the password", newPassword: "another long password" }) },
  "PATCH /api/dashboard/account": { scope: "self", body: () => ({ name: "Renamed", email: `renamed-${tag()}@example.test`, currentPassword: PASSWORD }) },
  "DELETE /api/dashboard/account/sessions": { scope: "self" },
  "GET /api/dashboard/account/sessions": { scope: "self", read: true },
  // One session of the list: another account's session id is not found (tests/api/account-sessions.test.ts).
  "DELETE /api/dashboard/account/sessions/[id]": { scope: "account", params: () => ({ id: "ses_notasessionofanyone" }), foreign: [404] },
  // One linked single sign-on: another account's link is not found (tests/api/sso-link.test.ts).
  "DELETE /api/dashboard/account/sign-ins/[id]": { scope: "account", params: () => ({ id: "sso_notalinkofanyone" }), foreign: [404] },
  // Two-factor sign-in of the signed-in account (tests/api/two-factor.test.ts): a made-up code is refused.
  "POST /api/dashboard/account/two-factor/setup": { scope: "self" },
  "PUT /api/dashboard/account/notifications": { scope: "self", body: () => ({ brokenLinksDigest: true }) },
  "POST /api/dashboard/account/two-factor": { scope: "self", body: () => ({ code: "000000" }) },
  "DELETE /api/dashboard/account/two-factor": { scope: "self", body: () => ({ code: "aaaaa-aaaaa" }) },
  // Passkeys (tests/api/passkeys.test.ts signs with a software authenticator): a made-up answer is
  // refused; another account's passkey id is not found.
  "GET /api/dashboard/account/passkeys": { scope: "self", read: true },
  "POST /api/dashboard/account/passkeys/options": { scope: "self" },
  "POST /api/dashboard/account/passkeys": { scope: "self", body: () => ({ response: MADE_UP_ASSERTION_PARTS.registration }) },
  "PATCH /api/dashboard/account/passkeys/[id]": { scope: "account", params: () => ({ id: "pk_notapasskeyofanyone" }), body: () => ({ name: "Renamed" }), foreign: [404] },
  "DELETE /api/dashboard/account/passkeys/[id]": { scope: "account", params: () => ({ id: "pk_notapasskeyofanyone" }), foreign: [404] },
  // Signing in with a passkey: signed out by nature; a made-up answer is refused, a wrong password too.
  "POST /api/dashboard/passkey-sign-in/options": { scope: "self", signedOut: true },
  "POST /api/dashboard/passkey-sign-in": { scope: "self", signedOut: true, body: () => ({ response: MADE_UP_ASSERTION_PARTS.assertion }) },
  "POST /api/dashboard/passkey-sign-in/second-factor": { scope: "self", signedOut: true, body: () => ({ email: `nobody-${tag()}@example.test`, password: "not the password" }) },

  "POST /api/dashboard/domains": { scope: "owner", body: (o) => ({ domain: o.domain }), foreign: [409] },
  "PATCH /api/dashboard/domains/[domain]": { scope: "owner", params: (o) => ({ domain: o.domain }), body: () => ({ isDefault: true }), foreign: [404] },
  "DELETE /api/dashboard/domains/[domain]": { scope: "owner", params: (o) => ({ domain: o.domain }), foreign: [404] },
  "POST /api/dashboard/domains/[domain]/verify": { scope: "owner", params: (o) => ({ domain: o.domain }), foreign: [404] },

  // "New website": a draft of the selected workspace's owner (a viewer there gets 403).
  "POST /api/dashboard/drafts": { scope: "workspace", body: () => ({ name: "New website", templateId: "bento-grid" }) },
  "GET /api/dashboard/designs/[id]": { scope: "self", read: true, params: () => ({ id: "bento-grid" }) },
  "PUT /api/dashboard/drafts/[id]": { scope: "account", params: (o) => ({ id: o.draft }), body: () => ({ version: 1, semantic: { profile: { name: "Taken over" } } }), foreign: [404] },
  "POST /api/dashboard/drafts/[id]/preview": { scope: "account", params: (o) => ({ id: o.draft }), body: () => ({ semantic: { profile: { name: "Peek" } }, nonce: NONCE }), foreign: [404] },
  // The body is an image's bytes, not JSON: the picture tests send real ones (tests/api/editor-images.test.ts).
  "POST /api/dashboard/drafts/[id]/images": { scope: "account", params: (o) => ({ id: o.draft }), foreign: [404] },
  "POST /api/dashboard/drafts/[id]/publish": { scope: "account", params: (o) => ({ id: o.draft }), body: () => ({ version: 1, customSlug: `pub-${tag()}` }), foreign: [404] },
  "POST /api/dashboard/drafts/[id]/publish-changes": { scope: "account", params: (o) => ({ id: o.draft }), body: () => ({ version: 1 }), foreign: [404] },

  "POST /api/dashboard/geo-presets": { scope: "workspace", body: () => ({ name: "Preset", countries: ["DE"] }) },
  "PUT /api/dashboard/geo-presets/[id]": { scope: "workspace", params: (o) => ({ id: o.preset }), body: () => ({ name: "Taken over", countries: ["US"] }), foreign: [404] },
  "DELETE /api/dashboard/geo-presets/[id]": { scope: "workspace", params: (o) => ({ id: o.preset }), foreign: [404] },

  "POST /api/dashboard/groups": { scope: "workspace", body: () => ({ name: "Group" }) },
  "PATCH /api/dashboard/groups/[id]": { scope: "workspace", params: (o) => ({ id: o.group }), body: () => ({ name: "Taken over" }), foreign: [404] },
  "DELETE /api/dashboard/groups/[id]": { scope: "workspace", params: (o) => ({ id: o.group }), foreign: [404] },

  "POST /api/dashboard/keys": { scope: "self", body: () => ({ name: "A key", role: "full" }) },
  "DELETE /api/dashboard/keys/[id]": { scope: "account", params: (o) => ({ id: o.keyId }), foreign: [404] },

  // A link names another account's group: refused as the API refuses it (GROUP_NOT_FOUND).
  "POST /api/dashboard/links": { scope: "workspace", body: (o) => ({ url: "https://example.com/new", slug: `new-${tag()}`, groupId: o.group }), foreign: [400] },
  "PUT /api/dashboard/links/[id]": { scope: "workspace", params: (o) => ({ id: o.link }), body: () => ({ title: "Taken over", destination: "https://evil.example/" }), foreign: [404] },
  "DELETE /api/dashboard/links/[id]": { scope: "workspace", params: (o) => ({ id: o.link }), foreign: [404] },
  "PATCH /api/dashboard/links/[id]/status": { scope: "workspace", params: (o) => ({ id: o.link }), body: () => ({ setActive: false }), foreign: [404] },
  // "Make this the destination": the index of a variant (the walk's link has no test: 404 variant_not_found).
  "POST /api/dashboard/links/[id]/variants/[index]/promote": { scope: "workspace", params: (o) => ({ id: o.link, index: "0" }), foreign: [404] },
  "GET /api/dashboard/links/[id]/qr": { scope: "workspace", read: true, params: (o) => ({ id: o.link }), query: () => "?format=svg", foreign: [404] },
  // A download with a logo in the body: still a read (viewers may), though a POST.
  "POST /api/dashboard/links/[id]/qr": { scope: "workspace", read: true, params: (o) => ({ id: o.link }), body: () => ({ format: "svg" }), foreign: [404] },
  // The bulk bar answers per link: another account's ids come back under `failed`, untouched.
  "POST /api/dashboard/links/bulk": { scope: "workspace", body: (o) => ({ action: "delete", links: [o.link, o.slug] }), foreign: [200] },
  // Edit in bulk: another account's ids match nothing (matched 0), so nothing changes.
  "POST /api/dashboard/links/bulk-update": { scope: "workspace", body: (o) => ({ links: { by: "ids", ids: [o.link, o.slug] }, change: { tags: ["bulk-edited"] } }), foreign: [200] },
  // CSV in and out: the export names nothing (the workspace's links, filtered); the import's body
  // is a CSV, not JSON (its own tests: tests/api/links-import.test.ts), so the JSON walks skip it.
  // Webhooks are the owner's (full keys only in the API): a member of the workspace gets 403.
  "POST /api/dashboard/webhooks": { scope: "owner", body: () => ({ url: "https://8.8.4.4/hook", events: ["contact.submitted"] }) },
  "DELETE /api/dashboard/webhooks/[id]": { scope: "owner", params: (o) => ({ id: o.webhook }), foreign: [404] },
  "POST /api/dashboard/webhooks/[id]/test": { scope: "owner", params: (o) => ({ id: o.webhook }), foreign: [404] },
  "POST /api/dashboard/webhooks/[id]/enable": { scope: "owner", params: (o) => ({ id: o.webhook }), foreign: [404] },
  "GET /api/dashboard/links/export": { scope: "workspace", read: true, query: () => "?status=expired&search=x" },
  "GET /api/dashboard/analytics/export": { scope: "workspace", read: true, query: (o) => `?id=${encodeURIComponent(o.link)}&timeframe=last_7_days&audience=all`, foreign: [404] },
  "GET /api/dashboard/audit-log/export": { scope: "workspace", read: true, adminsOnly: true, query: () => "?action=link" },
  "POST /api/dashboard/links/import": { scope: "workspace", query: () => "?dryRun=true" },
  // "Move in": an empty body is refused (400) after the checks the walk is about.
  "POST /api/dashboard/websites/import": { scope: "workspace", query: () => "?source=linkstack" },

  // "Forgot password": signed out by nature; the walk's server sends no mail (409), a made-up link is 404.
  "POST /api/dashboard/password-reset": { scope: "self", signedOut: true, body: () => ({ email: `reset-${tag()}@example.test` }) },
  "POST /api/dashboard/password-reset/complete": { scope: "self", signedOut: true, body: () => ({ token: "A".repeat(43), password: "long enough password" }) },
  // A confirmation link (docs/decisions/047): the link is the proof, signed in or not; a made-up one is 404.
  "POST /api/dashboard/email-confirmation": { scope: "self", signedOut: true, body: () => ({ token: "A".repeat(43) }) },
  // "Resend the link": the walks' servers send no mail, so there is nothing to confirm (409).
  "POST /api/dashboard/account/email-confirmation": { scope: "self" },
  "POST /api/dashboard/signout": { scope: "self", signedOut: true },
  // A provider's sign-in linked after the password (tests/api/sso-link.test.ts): a made-up ticket is refused.
  "POST /api/dashboard/sso-link": { scope: "self", signedOut: true, body: () => ({ ticket: "not-a-ticket", password: "long enough password" }) },
  "POST /api/dashboard/signup": { scope: "self", signedOut: true, body: () => ({ name: "Pat", email: `s-${tag()}@example.test`, password: "long enough password" }) },

  "PUT /api/dashboard/team/two-factor": { scope: "self", body: () => ({ required: false }) },
  // The owner's single sign-on rule (tests/e2e/sso.spec.ts): their own team only.
  "PUT /api/dashboard/team/sso": { scope: "self", body: () => ({ required: false }) },
  "POST /api/dashboard/team": { scope: "self", body: (o) => ({ email: o.invitee.email, role: "viewer" }) },
  "PATCH /api/dashboard/team/[id]": { scope: "account", params: (o) => ({ id: o.membership }), body: () => ({ role: "admin" }), foreign: [404] },
  "DELETE /api/dashboard/team/[id]": { scope: "account", params: (o) => ({ id: o.membership }), foreign: [404] },
  "POST /api/dashboard/team/[id]/accept": { scope: "account", params: (o) => ({ id: o.membership }), foreign: [404] },
  "POST /api/dashboard/team/[id]/leave": { scope: "account", params: (o) => ({ id: o.membership }), foreign: [404] },
  "DELETE /api/dashboard/team/invitations/[id]": { scope: "account", params: (o) => ({ id: o.invitation }), foreign: [404] },
  // Whoever holds a link's token may accept it (that is the point); o's own token is refused to o.
  "POST /api/dashboard/invitations/accept": { scope: "self", body: (o) => ({ token: o.invitationToken }) },

  "GET /api/dashboard/websites/contacts": { scope: "workspace", read: true, query: (o) => `?id=${encodeURIComponent(o.website)}`, foreign: [404] },
  "GET /api/dashboard/websites/subscribers": { scope: "workspace", read: true, query: (o) => `?id=${encodeURIComponent(o.website)}`, foreign: [404] },
  // No sign-up exists in the walk: the owner's own delete is a 404 subscriber_not_found, another account's a 404 for the page.
  "DELETE /api/dashboard/websites/subscribers": { scope: "workspace", body: (o) => ({ id: o.website, subscriberId: "sub_notasubscriber" }), foreign: [404] },
  "POST /api/dashboard/websites/duplicate": { scope: "workspace", body: (o) => ({ id: o.website, slug: `copy-${tag()}` }), foreign: [404] },
  "DELETE /api/dashboard/websites": { scope: "workspace", body: (o) => ({ id: o.website }), foreign: [404] },
  "PATCH /api/dashboard/websites/status": { scope: "workspace", body: (o) => ({ id: o.website, setActive: false }), foreign: [404] },

  "POST /api/dashboard/workspace": { scope: "account", body: (o) => ({ ownerId: o.owner }), foreign: [404] },
};
