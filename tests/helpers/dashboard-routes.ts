import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { api } from "./api";
import { admin, ROOT, type HopServer } from "../../scripts/harness/hop-server";

// What the dashboard-routes tests share: the walk of app/api/dashboard (every route.ts and the
// methods it exports, so a new route is tested the day it is added), sign-in as the login page
// does, raw requests with a deadline (a hang fails), the project's error shapes, and a snapshot of
// an account's state read back through /v1 (to show that a refused request changed nothing).

export const PASSWORD = "correct horse battery";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

export interface Route {
  /** `POST /api/dashboard/links/[id]/status`: the key of the table of cases. */
  key: string;
  method: string;
  template: string;
  params: string[];
}

/** Every method every route.ts under app/api/dashboard exports, found by reading the files. */
export function dashboardRoutes(): Route[] {
  const base = path.join(ROOT, "app", "api", "dashboard");
  const routes: Route[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "route.ts") {
        // The catch-all only answers unknown paths (404); dashboard-routes.test.ts checks it apart.
        if (dir.includes("[...")) continue;
        const template = "/" + path.relative(path.join(ROOT, "app"), dir).split(path.sep).join("/");
        const source = readFileSync(full, "utf8");
        const params = [...template.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
        for (const method of METHODS) {
          if (new RegExp(`export (const|async function|function) ${method}\\b`).test(source)) routes.push({ key: `${method} ${template}`, method, template, params });
        }
      }
    }
  };
  walk(base);
  return routes;
}

export function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    assert.ok(params[name] !== undefined, `no value for [${name}] in ${template}`);
    return params[name];
  });
}

export interface Answer {
  status: number;
  type: string;
  text: string;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export interface RawOptions {
  cookie?: string;
  origin?: string | null;
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** One request sent byte for byte (the path is not normalised: `..` and `%00` reach the server as written). */
export function send(server: HopServer, method: string, target: string, options: RawOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? server.url : options.origin;
  if (origin !== null) headers.origin = origin;
  let payload: string | Buffer | undefined = options.raw;
  if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) {
    const type = options.contentType === undefined ? "application/json" : options.contentType;
    if (type !== null) headers["content-type"] = type;
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, method, path: Buffer.from(target, "utf8").toString("latin1"), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text, body, headers: res.headers });
      });
      res.on("error", reject);
    });
    // A request the server leaves unanswered fails the test instead of holding it.
    const timer = setTimeout(() => req.destroy(new Error(`no answer in 20 s: ${method} ${target.slice(0, 200)}`)), 20_000);
    req.on("error", (error) => (clearTimeout(timer), reject(error)));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** lib/errors.ts's shapes: nested `{ error: { code, message } }`, flat `{ error, code, message }`, plain `{ error }`. */
export function isErrorShape(body: any): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  if (body.error && typeof body.error === "object") return typeof body.error.code === "string" && typeof body.error.message === "string";
  return typeof body.error === "string" && body.error.length > 0;
}

/** A refusal as the project answers one: 4xx, JSON, the documented shape, no stack or SQL. */
export function refusalProblem(answer: Answer, expected?: number | number[]): string | null {
  const allowed = expected === undefined ? null : [expected].flat();
  if (allowed ? !allowed.includes(answer.status) : answer.status < 400 || answer.status >= 500) {
    return `status ${answer.status} (wanted ${allowed?.join("/") ?? "4xx"}): ${answer.text.slice(0, 200)}`;
  }
  if (!/application\/json/.test(answer.type) || !isErrorShape(answer.body)) return `not the error shape: ${answer.type} ${answer.text.slice(0, 200)}`;
  if (/prisma|at \w+ \(|\bSELECT\b|\bINSERT\b|node_modules/i.test(answer.text)) return `leaks internals: ${answer.text.slice(0, 300)}`;
  return null;
}

/** Signs in as the login page does and returns the session cookie. */
export async function signIn(server: HopServer, email: string, password = PASSWORD): Promise<string> {
  const { session } = await signInAttempt(server, email, password);
  assert.ok(session, `signed in as ${email}`);
  return session;
}

/** One sign-in as the login page makes it (the CSRF token, then the credentials callback): its status and the session cookie, if one was set. */
export async function signInAttempt(server: HopServer, email: string, password: string): Promise<{ status: number; session: string | null }> {
  const csrf = await fetch(`${server.url}/api/auth/csrf`);
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  return { status: response.status, session: session?.split(";")[0] ?? null };
}

export interface Person {
  id: string;
  email: string;
  key: string;
  keyId: string;
  cookie: string;
}

export async function person(server: HopServer, plan = "growth"): Promise<Person> {
  const email = `r-${randomBytes(5).toString("hex")}@example.test`;
  const account = await admin(server, "account", "create", "--email", email, "--password", PASSWORD, "--plan", plan);
  const key = await admin(server, "key", "create", "--email", email, "--role", "full");
  return { id: String(account.id), email, key: String(key.key), keyId: String(key.id), cookie: await signIn(server, email) };
}

/** One of each object the dashboard routes name, owned by `who`. */
export interface Objects {
  owner: string;
  link: string;
  slug: string;
  group: string;
  preset: string;
  domain: string;
  website: string;
  draft: string;
  webhook: string;
  keyId: string;
  /** `invitee`'s membership of `who`'s team (editor), joined through an invitation link. */
  membership: string;
  invitee: Person;
  /** An open invitation of `who`'s, and the token of its link. */
  invitation: string;
  invitationToken: string;
}

/** The token an invitation answer's link carries (/invite/<token>). */
export function invitationToken(answer: { path: string }): string {
  return answer.path.slice("/invite/".length);
}

export async function objectsOf(server: HopServer, who: Person): Promise<Objects> {
  const tag = randomBytes(4).toString("hex");
  const call = async (method: string, url: string, body: unknown) => {
    const res = await api(server, method, url, { key: who.key, body });
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${res.text}`);
    return res.body;
  };
  const group = await call("POST", "/v1/groups", { name: `Group ${tag}` });
  const link = await call("POST", "/v1/links", { url: "https://example.com/owned", slug: `own-${tag}`, groupId: group.data?.id ?? group.id });
  const preset = await call("POST", "/v1/geo-presets", { name: `Preset ${tag}`, countries: ["FR"] });
  const domain = `shop-${tag}.example.com`;
  await call("POST", "/v1/domains", { domain });
  const website = await call("POST", "/v1/websites", { websiteId: `site-${tag}`, templateId: "bonbon-card", customSlug: `site-${tag}`, data: { profile: { name: "Secret Owner Page" }, links: [{ type: "simple", title: "Site", url: "https://example.com" }] } });
  const draft = await call("POST", "/v1/websites/drafts", { semantic: { profile: { name: "Draft" } } });
  // A public address (no delivery is made: the walk subscribes to an event it never causes).
  const webhook = await call("POST", "/v1/webhooks", { url: "https://8.8.8.8/hook", events: ["contact.submitted"] });
  const invitee = await person(server);
  const invited = await send(server, "POST", "/api/dashboard/team", { cookie: who.cookie, body: { email: invitee.email, role: "editor" } });
  assert.equal(invited.status, 201, invited.text);
  const joined = await send(server, "POST", "/api/dashboard/invitations/accept", { cookie: invitee.cookie, body: { token: invitationToken(invited.body) } });
  assert.equal(joined.status, 200, joined.text);
  const open = await send(server, "POST", "/api/dashboard/team", { cookie: who.cookie, body: { email: `later-${tag}@example.test`, role: "viewer" } });
  assert.equal(open.status, 201, open.text);
  return {
    owner: who.id,
    link: link.data.id,
    slug: `own-${tag}`,
    group: group.data?.id ?? group.id,
    preset: preset.data?.id ?? preset.id,
    domain,
    website: website.id,
    draft: draft.data.id,
    webhook: webhook.data.id,
    keyId: who.keyId,
    membership: joined.body.id,
    invitee,
    invitation: open.body.id,
    invitationToken: invitationToken(open.body),
  };
}

/** Everything of an account the routes could change, read back through /v1 with its own key. */
export async function snapshot(server: HopServer, who: Person): Promise<string> {
  const parts: unknown[] = [];
  for (const url of ["/v1/links?limit=100", "/v1/groups", "/v1/geo-presets", "/v1/domains", "/v1/webhooks", "/v1/account/profile"]) {
    const res = await api(server, "GET", url, { key: who.key });
    assert.equal(res.status, 200, `${url} with the owner's key (a revoked key would be 401): ${res.text}`);
    parts.push(res.body);
  }
  return JSON.stringify(parts);
}
