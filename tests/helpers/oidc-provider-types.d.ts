// The little of oidc-provider (v9, no bundled types) that tests/helpers/oidc-provider.ts uses.
declare module "oidc-provider" {
  import type { RequestListener } from "node:http";

  interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  interface Context {
    oidc: {
      provider: { Grant: new (init: { clientId: string; accountId: string }) => Grant };
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }
  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: Context, sub: string) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
    loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): RequestListener;
  }
}
