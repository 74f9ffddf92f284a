import type { z } from "zod";
import type { Limits } from "../accounts/plans";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError, isHopError } from "../errors";
import { Behavior } from "../links/create-link";
import { createWebsite, previewWebsite } from "./create-website";
import { getWebsite } from "./get-website";
import type { WebsiteDuplicateResult } from "./responses";
import type { CreateWebsiteBody, DuplicateWebsiteBody } from "./schemas";

type PageOwner = { id: string; plan: string; limits: Pick<Limits, "totalLimit" | "activeLimit"> };

/** The copy as POST /v1/websites would be sent it, after the duplicate's own rules (an address named, the source found). */
async function copyOf(db: Db, account: PageOwner, sourceIdentifier: string, body: z.infer<typeof DuplicateWebsiteBody>) {
  if (body.slug === undefined && body.domain === undefined) throw HopError.plain(400, "Send slug, domain or both.");
  const source = await getWebsite(db, account.id, sourceIdentifier).catch((error: unknown) => {
    if (isHopError(error) && error.status === 404) throw HopError.plain(404, "Source website not found");
    throw error;
  });
  const domain = body.domain?.trim().toLowerCase();
  const { primaryDomain, systemDomains } = config();
  const onPrimary = domain === undefined || domain === primaryDomain;
  const onSystem = domain !== undefined && systemDomains.includes(domain);
  if ((onPrimary || onSystem) && !body.slug) throw HopError.plain(400, "Missing custom slug");
  const behavior = Behavior.safeParse((await db.link.findFirst({ where: { publicId: source.data.id }, select: { behavior: true } }))?.behavior);
  const copy: CreateWebsiteBody = {
    websiteId: source.data.id,
    templateId: (source.data.templateId ?? "simple-stack-v2") as CreateWebsiteBody["templateId"],
    data: (source.data.data ?? {}) as Record<string, unknown>,
    ...(onPrimary ? { customSlug: body.slug } : onSystem ? { useSystemDomain: true, systemDomain: domain, customSlug: body.slug } : { customDomain: domain, customPath: body.slug }),
    ...(behavior.success ? { deepLinkBehavior: behavior.data } : {}),
  };
  return { sourceId: source.data.id, copy };
}

/**
 * POST /v1/websites/{id}/duplicate: the source's design, data and behavior published again at a
 * new address: `{primary}/<slug>`, `<system domain>/<slug>`, or a custom domain (root or `slug` path).
 */
export async function duplicateWebsite(db: Db, account: PageOwner, sourceIdentifier: string, body: z.infer<typeof DuplicateWebsiteBody>) {
  const { sourceId, copy } = await copyOf(db, account, sourceIdentifier, body);
  const created = await createWebsite(db, account, copy);
  return { message: "Website duplicated", id: created.id, url: created.url, sourceId } satisfies z.input<typeof WebsiteDuplicateResult>;
}

/** What the duplicate would publish, after every rule duplicateWebsite checks (a dry run). */
export async function previewDuplicate(db: Db, account: PageOwner, sourceIdentifier: string, body: z.infer<typeof DuplicateWebsiteBody>) {
  const { sourceId, copy } = await copyOf(db, account, sourceIdentifier, body);
  return { ...(await previewWebsite(db, account, copy)), sourceId };
}
