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
