import { z } from "zod";
import { codedError } from "../validation/coded";

// The request schemas of the /v1/domains operations: the API wrapper validates with them,
// lib/domains reads their types, and the OpenAPI document (lib/api/openapi) is generated from them.
// The name rules that need the URL parser (punycode, labels, the service's own domains) run in
// normalizeDomain after these, with the same `invalid_domain` code.

const DOMAIN_REQUIRED = "domain is required, e.g. links.example.com.";

export const ConnectDomainBody = z
  .object({
    domain: z.string({ error: codedError("invalid_domain", DOMAIN_REQUIRED) }).meta({
      description:
        "A hostname without protocol, path or port; IDNs are stored as punycode, lower case. The service's own domains and names under them are refused (400 invalid_domain).",
      example: "links.example.com",
    }),
    isDefault: z.boolean().default(false).meta({ description: "Make it the account's default domain (the previous default loses it)." }),
  })
  .meta({ id: "ConnectDomainBody" });
export type ConnectDomainBody = z.infer<typeof ConnectDomainBody>;

export const SetDefaultBody = z
  .object({ isDefault: z.boolean().meta({ description: "true makes it the default (the previous default loses it); false: it is no longer the default." }) })
  .meta({ id: "SetDefaultDomainBody" });
