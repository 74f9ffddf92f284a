import type { OAuthConfig } from "next-auth/providers/oauth";
import { config, type OidcProviderConfig } from "../config";

// The operator's OpenID Connect providers (OIDC_PROVIDERS, docs/operations.md) as next-auth 4
// OAuth providers: discovery through the issuer's .well-known/openid-configuration, the
// authorization code flow with PKCE and state checked (openid-client 5 verifies the ID token's
// signature, issuer, audience and expiry), and the ID token's claims as the person. A provider
// that leaves the address out of the ID token is asked its userinfo endpoint for it.

/** What the sign-in callback reads (lib/auth/oidc-sign-in.ts). */
export interface OidcClaims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  preferred_username?: string;
}

export function oidcProviderConfigs(): OidcProviderConfig[] {
  return config().oidcProviders;
}

/** The providers the sign-in page offers: id and display name only (never the secret). */
export function oidcButtons(): { id: string; name: string }[] {
  return oidcProviderConfigs().map(({ id, name }) => ({ id, name }));
}

export function isOidcProvider(id: string): boolean {
  return oidcProviderConfigs().some((provider) => provider.id === id);
}

export function oidcProviderName(id: string): string {
  return oidcProviderConfigs().find((provider) => provider.id === id)?.name ?? id;
}

export function nextAuthOidcProviders(): OAuthConfig<OidcClaims>[] {
  return oidcProviderConfigs().map((provider) => ({
    id: provider.id,
    name: provider.name,
    type: "oauth",
    wellKnown: `${provider.issuer}/.well-known/openid-configuration`,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"],
    userinfo: {
      async request({ tokens, client }) {
        // next-auth's types name the parameters; at run time this is openid-client's TokenSet.
        const set = tokens as unknown as { claims(): OidcClaims; access_token?: string };
        const claims = set.claims();
        if (claims.email !== undefined || !set.access_token) return claims as never;
        // openid-client checks that userinfo's `sub` is the ID token's.
        const info = (await client.userinfo(set as never)) as unknown as OidcClaims;
        return { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name } as never;
      },
    },
    profile(claims) {
      return { id: claims.sub, email: claims.email ?? null, name: claims.name ?? claims.preferred_username ?? null };
    },
  }));
}
