import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

// A real OpenID Connect provider on loopback for the single sign-on tests (oidc-provider, the
// certified implementation): discovery, authorization code with PKCE, signed ID tokens, userinfo.
// Its development login page takes any login as the subject (`sub`); `people` says what the
// provider claims about each — an address and whether it is verified. Consent is granted at once.

export interface Person {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims by subject; a subject not listed claims `<sub>@example.test`, verified. */
  people: Map<string, Person>;
  /** The OIDC_PROVIDERS value naming this provider as `id`. */
  providersEnv(id: string, name: string): string;
  /** Registers Hop's redirect URI (known once Hop listens) and starts answering. */
  register(redirectUri: string): void;
  close(): Promise<void>;
}

export async function startTestIdp(): Promise<TestIdp> {
  let handler: RequestListener | null = null;
  const server = createServer((request, response) => {
    if (handler) return handler(request, response);
    response.statusCode = 503;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, Person>();
  const clientId = "hop-test";
  const clientSecret = "a-client-secret-for-the-tests-only";
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    providersEnv: (id, name) => JSON.stringify([{ id, name, issuer, clientId, clientSecret }]),
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ["authorization_code"], response_types: ["code"] }],
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        cookies: { keys: ["test-cookie-key-not-a-secret"] },
        features: { devInteractions: { enabled: true } },
        async findAccount(_ctx, sub) {
          return {
            accountId: sub,
            async claims() {
              return { sub, ...(people.get(sub) ?? { email: `${sub}@example.test`, email_verified: true }) };
            },
          };
        },
        // No consent screen: every client is granted what it asks.
        async loadExistingGrant(ctx) {
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
          grant.addOIDCScope("openid email profile");
          grant.addOIDCClaims(["email", "email_verified", "name"]);
          await grant.save();
          return grant;
        },
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies by name, as a browser keeps them for one host (the port does not separate cookies). */
class Jar {
  private readonly values = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(index + 1) === "";
      if (expired) this.values.delete(name);
      else this.values.set(name, pair.slice(index + 1));
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get(name: string): string | undefined {
    return [...this.values].find(([key]) => key.endsWith(name))?.[1];
  }
}

export interface SsoAnswer {
  /** Where Hop's callback sent the browser (a path of Hop). */
  location: string;
  /** The session cookie Hop set (`name=value`), when it signed someone in. */
  session: string | null;
}

/**
 * A single sign-on without a browser: Hop's CSRF token and sign-in start, the provider's login as
 * `subject`, and Hop's callback, following redirects by hand with one cookie jar.
 */
export async function ssoOverHttp(hopUrl: string, providerId: string, subject: string): Promise<SsoAnswer> {
  const jar = new Jar();
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.take(response);
    return response;
  };
  const csrf = (await (await go(`${hopUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const start = await go(`${hopUrl}/api/auth/signin/${providerId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: "/", json: "true" }),
  });
  let url = ((await start.json()) as { url: string }).url;
  // The provider: its authorization endpoint, the login interaction, then back to Hop's callback.
  for (let hop = 0; hop < 10 && !url.startsWith(`${hopUrl}/api/auth/callback/`); hop++) {
    const response = await go(url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get("location")!, url).href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no login form at ${url}: ${page.slice(0, 200)}`);
    const login = await go(new URL(action, url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login: subject, password: "anything" }),
    });
    url = new URL(login.headers.get("location")!, url).href;
  }
  const back = await go(url);
  const location = back.headers.get("location") ?? "";
  const token = jar.get("next-auth.session-token");
  return { location, session: token ? `next-auth.session-token=${token}` : null };
}
