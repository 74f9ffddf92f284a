import { z } from "zod";
import { Behavior } from "../links/schemas";
import { codedError } from "../validation/coded";
import { CREATE_TEMPLATES, LEGACY_TEMPLATES } from "./designs";
import { PageData } from "./page-data";

// The request schemas of the /v1/websites operations: the API wrapper validates with them,
// lib/websites reads their types, and the OpenAPI document (lib/api/openapi) is generated from them.
// Rules that need the database (a verified domain, a free slug) or the design's own data run in
// lib/websites after these.

const PUBLISHABLE_TEMPLATES = [...CREATE_TEMPLATES, ...LEGACY_TEMPLATES] as const;

/** A slug's own code (INVALID_SLUG) for a wrong type; a missing member stays missing_required_field. */
const slugError = (message = "") => {
  const coded = codedError("INVALID_SLUG", message);
  return (issue: { input?: unknown }) => (issue.input === undefined ? undefined : coded(issue));
};

export const CreateWebsiteBody = z
  .object({
    websiteId: z.string().min(1).meta({ description: "The caller's own id for the page (kept for the editor).", example: "site-ada" }),
    templateId: z
      .enum(PUBLISHABLE_TEMPLATES, {
        error: (issue) =>
          issue.input === undefined
            ? codedError("missing_required_field", "templateId is required.")(issue)
            : codedError("invalid_request", `Unknown design '${String(issue.input)}'.`)(issue),
      })
      .meta({ description: "A design of the create list; the older ids (`simple-stack`, `minimal-card` …) keep working." }),
    data: PageData.meta({ description: "The page's editor data: profile, links blocks, socials, background, advanced (SEO, tags), settings, spotlight. Unknown members are kept." }),
    customSlug: z
      .string({ error: slugError() })
      .optional()
      .meta({ description: "The slug on the primary or a system domain (3 to 50 letters, digits, `-`, `_`); default: a random `site-…` slug on the primary domain.", example: "ada" }),
    systemDomain: z.string().optional().meta({ description: "Publish on this system domain (needs customSlug); premium ones need a paid plan." }),
    useSystemDomain: z.boolean().optional(),
    customDomain: z.string().optional().meta({ description: "A verified custom domain of the account.", example: "links.example.com" }),
    customPath: z
      .string({ error: slugError("customPath must be a string.") })
      .nullable()
      .optional()
      .meta({ description: "Path on the custom domain (empty: its root). Letters, digits, `-`, `_` and `/`; at most 200; surrounding and repeated slashes dropped; else 400 INVALID_SLUG." }),
    deepLinkBehavior: Behavior.optional(),
    deployToHosting: z.boolean().optional().meta({ description: "For a custom-domain page: deploy it to the hosting now; the answer carries `deployment`." }),
  })
  .passthrough()
  .meta({ id: "CreateWebsiteBody" });
export type CreateWebsiteBody = z.infer<typeof CreateWebsiteBody>;

export const DuplicateWebsiteBody = z
  .object({
    slug: z.string().optional().meta({ description: "The copy's slug (its path on a custom domain). Required on the primary and system domains.", example: "ada-copy" }),
    domain: z.string().optional().meta({ description: "Default: the primary domain. A system domain or a verified custom domain of the account.", example: "links.example.com" }),
  })
  .passthrough()
  .meta({ id: "DuplicateWebsiteBody", description: "Send slug, domain or both." });
