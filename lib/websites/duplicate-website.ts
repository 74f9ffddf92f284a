import type { z } from "zod";
import type { Limits } from "../accounts/plans";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError, isHopError } from "../errors";
import { Behavior } from "../links/create-link";
import { createWebsite } from "./create-website";
import { getWebsite } from "./get-website";
import type { WebsiteDuplicateResult } from "./responses";
import type { CreateWebsiteBody, DuplicateWebsiteBody } from "./schemas";

/**
 * POST /v1/websites/{id}/duplicate: the source's design, data and behavior published again at a
 * new address: `{primary}/<slug>`, `<system domain>/<slug>`, or a custom domain (root or `slug` path).
 */
export async function duplicateWebsite(db: Db, account: { id: string; plan: string; limits: Pick<Limits, "totalLimit" | "activeLimit"> }, sourceIdentifier: string, body: z.infer<typeof DuplicateWebsiteBody>) {
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
  const created = await createWebsite(db, account, {
    websiteId: source.data.id,
    templateId: (source.data.templateId ?? "simple-stack-v2") as CreateWebsiteBody["templateId"],
    data: (source.data.data ?? {}) as Record<string, unknown>,
    ...(onPrimary ? { customSlug: body.slug } : onSystem ? { useSystemDomain: true, systemDomain: domain, customSlug: body.slug } : { customDomain: domain, customPath: body.slug }),
    ...(behavior.success ? { deepLinkBehavior: behavior.data } : {}),
  });
  return { message: "Website duplicated", id: created.id, url: created.url, sourceId: source.data.id } satisfies z.input<typeof WebsiteDuplicateResult>;
}
