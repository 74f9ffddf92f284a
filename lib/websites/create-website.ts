import { enqueueWebhookEvents } from "../webhooks/outbox";
import { publishedWebsiteEvent } from "./website-events";
import type { z } from "zod";
import { isPaidPlan } from "../accounts/plans";
import { announce } from "../cache/invalidation";
import { config } from "../config";
import type { Db } from "../db/open";
import { isUniqueViolation } from "../db/errors";
import { HopError } from "../errors";
import { newId, randomSlug } from "../ids";
import { parseSlug } from "../links/create-link";
import { lockAccount, TX_OPTIONS } from "../links/link-owner";
import { checkNewItemLimits } from "../links/plan-limits";
import { publicIdOf, shortUrlOf, SITE_PREFIX } from "../links/public-id";
import { isReservedSlug } from "../links/reserved";
import { deployWebsite } from "./deploy-website";
import { isPublishableTemplate } from "./designs";
import { preparePageData } from "./page-data";
import type { WebsiteCreateResult } from "./responses";
import type { CreateWebsiteBody } from "./schemas";

/** Leading, trailing and repeated slashes dropped; letters, digits, `-`, `_` and `/` only; ≤ 200. */
export function normalizeCustomPath(value: unknown): string {
  if (value === undefined || value === null) return "";
  const invalid = (message: string) => new HopError("INVALID_SLUG", { field: "customPath", message });
  if (typeof value !== "string") throw invalid("customPath must be a string.");
  if (/[.#%?\s]/.test(value)) throw invalid("customPath may not contain '.', '#', '%', '?' or spaces.");
  const path = value.split("/").filter(Boolean).join("/");
  if (path.length > 200) throw invalid("customPath is at most 200 characters.");
  if (path && !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(path)) throw invalid("customPath may hold letters, digits, '-', '_' and '/'.");
  if (path && isReservedSlug(path.split("/")[0])) throw invalid(`'${path.split("/")[0]}' is reserved.`);
  return path;
}

interface Address {
  domain: string;
  slug: string;
  custom: boolean;
}

async function addressFor(db: Db, account: { id: string; plan: string }, body: CreateWebsiteBody): Promise<Address> {
  const { primaryDomain, systemDomains, premiumSystemDomains } = config();
  if (body.customDomain !== undefined) {
    const domain = body.customDomain.trim().toLowerCase();
    const found = await db.domain.findFirst({ where: { domain, accountId: account.id }, select: { verified: true } });
    if (!found) throw new HopError("DOMAIN_NOT_FOUND", { field: "customDomain", message: `${domain} is not connected to this account.` });
    if (!found.verified) throw new HopError("DOMAIN_NOT_VERIFIED", { field: "customDomain" });
    return { domain, slug: normalizeCustomPath(body.customPath), custom: true };
  }
  if (body.useSystemDomain || body.systemDomain !== undefined) {
    const domain = (body.systemDomain ?? "").trim().toLowerCase();
    if (!systemDomains.includes(domain)) throw new HopError("UNKNOWN_SYSTEM_DOMAIN", { field: "systemDomain", message: `'${body.systemDomain ?? ""}' is not a system domain of this service.` });
    if (premiumSystemDomains.includes(domain) && !isPaidPlan(account.plan)) {
      throw new HopError("plan_upgrade_required", { message: `${domain} needs a paid plan.`, extras: { currentPlan: account.plan } });
    }
    if (body.customSlug === undefined || body.customSlug === "") throw HopError.plain(400, "Missing custom slug");
    return { domain, slug: parseSlug(body.customSlug), custom: false };
  }
  if (body.customSlug !== undefined && body.customSlug !== "") return { domain: primaryDomain, slug: parseSlug(body.customSlug), custom: false };
  return { domain: primaryDomain, slug: `${SITE_PREFIX}${randomSlug(10)}`, custom: false };
}

/** POST /v1/websites: publish a page at its address under the account's limits. */
export async function createWebsite(db: Db, account: { id: string; plan: string; limits: { totalLimit: number | null; activeLimit: number | null } }, body: CreateWebsiteBody) {
  if (!isPublishableTemplate(body.templateId)) throw new HopError("invalid_request", { field: "templateId", message: `Unknown design '${body.templateId}'.` });
  if (body.customSlug !== undefined && typeof body.customSlug !== "string") throw new HopError("INVALID_SLUG", { field: "customSlug" });
  const address = await addressFor(db, account, body);
  const data = await preparePageData(db, account, body.data, address.domain === config().primaryDomain);
  const profile = (data.profile ?? {}) as { name?: unknown };
  try {
    const link = await db.$transaction(async (tx) => {
      await lockAccount(tx, account.id);
      const { active, atActiveLimit } = await checkNewItemLimits(tx, account);
      if (atActiveLimit && address.custom) {
        const activeLimit = account.limits.activeLimit;
        throw new HopError("ACTIVE_LINK_LIMIT_REACHED", { message: "A custom-domain page must be active, and the active limit is reached.", extras: { currentActive: active, activeLimit, plan: account.plan } });
      }
      const created = await tx.link.create({
        data: {
          id: newId("lnk"),
          publicId: publicIdOf(address.domain, address.slug),
          accountId: account.id,
          type: "website",
          domain: address.domain,
          slug: address.slug,
          title: typeof profile.name === "string" ? profile.name.slice(0, 500) : null,
          isActive: !atActiveLimit,
          inactiveReason: atActiveLimit ? "active_limit_reached" : null,
          behavior: isPaidPlan(account.plan) ? body.deepLinkBehavior ?? body.data.settings?.deepLinkBehavior ?? "conservative" : "conservative",
          templateId: body.templateId,
          data: data as object,
        },
      });
      await enqueueWebhookEvents(tx, account.id, "website.published", [publishedWebsiteEvent(created)]);
      return created;
    }, TX_OPTIONS);
    await announce({ kind: "link", domain: link.domain, slug: link.slug });
    const deployment = body.deployToHosting && address.custom ? await deployWebsite(db, link.id, link.domain) : undefined;
    return {
      message: link.isActive ? "Website published" : "Website saved inactive: the active limit is reached",
      id: link.publicId,
      url: shortUrlOf(link.domain, link.slug),
      isActive: link.isActive,
      ...(deployment ? { deployment } : {}),
    } satisfies z.input<typeof WebsiteCreateResult>;
  } catch (error) {
    if (isUniqueViolation(error)) throw HopError.plain(400, "Custom slug already taken");
    throw error;
  }
}
