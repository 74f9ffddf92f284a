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
import { withAccountLock } from "../db/account-lock";
import { checkNewItemLimits } from "../links/plan-limits";
import { publicIdOf, shortUrlOf, SITE_PREFIX } from "../links/public-id";
import { isReservedSlug } from "../links/reserved";
import { deployWebsite } from "./deploy-website";
import { isPublishableTemplate } from "./designs";
import { preparePageData } from "./page-data";
import type { WebsiteCreateResult } from "./responses";
import type { CreateWebsiteBody } from "./schemas";
import { currentRestrictions } from "../keys/acting-key";
import { allowsLink, outsideRestrictions } from "../keys/restrictions";
import { linkTarget, recordAudit } from "../audit/record-audit";

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

type PageOwner = { id: string; plan: string; limits: { totalLimit: number | null; activeLimit: number | null } };

/**
 * Every rule of POST /v1/websites that needs no lock, in the order the API checks them: the
 * design, the address (its domain, slug or path), the key's restrictions, the page's data.
 */
async function checkPage(db: Db, account: PageOwner, body: CreateWebsiteBody) {
  if (!isPublishableTemplate(body.templateId)) throw new HopError("invalid_request", { field: "templateId", message: `Unknown design '${body.templateId}'.` });
  if (body.customSlug !== undefined && typeof body.customSlug !== "string") throw new HopError("INVALID_SLUG", { field: "customSlug" });
  const address = await addressFor(db, account, body);
  if (!allowsLink(currentRestrictions(), { groupId: null, domain: address.domain })) throw outsideRestrictions();
  const data = await preparePageData(db, account, body.data, address.domain === config().primaryDomain);
  const profile = (data.profile ?? {}) as { name?: unknown };
  return { address, data, title: typeof profile.name === "string" ? profile.name.slice(0, 500) : null };
}

const addressTaken = () => HopError.plain(400, "Custom slug already taken");

/**
 * The rules counted under the account's lock: the plan's limits (a custom-domain page must be
 * active), then the address being free (any account's link or page holds it: the unique index is
 * the last word, this look-up answers first). Whether the page starts inactive.
 */
async function admitPage(tx: Pick<Db, "link">, account: PageOwner, address: Address): Promise<boolean> {
  const { active, atActiveLimit } = await checkNewItemLimits(tx, account);
  if (atActiveLimit && address.custom) {
    const activeLimit = account.limits.activeLimit;
    throw new HopError("ACTIVE_LINK_LIMIT_REACHED", { message: "A custom-domain page must be active, and the active limit is reached.", extras: { currentActive: active, activeLimit, plan: account.plan } });
  }
  if (await tx.link.findUnique({ where: { domain_slug: { domain: address.domain, slug: address.slug } }, select: { id: true } })) throw addressTaken();
  return atActiveLimit;
}

/** What POST /v1/websites would publish, after every rule createWebsite checks (a dry run): nothing is written or reserved. */
export async function previewWebsite(db: Db, account: PageOwner, body: CreateWebsiteBody) {
  const { address, title } = await checkPage(db, account, body);
  const atActiveLimit = await admitPage(db, account, address);
  return { id: publicIdOf(address.domain, address.slug), url: shortUrlOf(address.domain, address.slug), isActive: !atActiveLimit, templateId: body.templateId, title };
}

/** POST /v1/websites: publish a page at its address under the account's limits. */
export async function createWebsite(db: Db, account: PageOwner, body: CreateWebsiteBody) {
  const { address, data, title } = await checkPage(db, account, body);
  try {
    const link = await withAccountLock(db, account.id, async (tx) => {
      const atActiveLimit = await admitPage(tx, account, address);
      const created = await tx.link.create({
        data: {
          id: newId("lnk"),
          publicId: publicIdOf(address.domain, address.slug),
          accountId: account.id,
          type: "website",
          domain: address.domain,
          slug: address.slug,
          title,
          isActive: !atActiveLimit,
          inactiveReason: atActiveLimit ? "active_limit_reached" : null,
          behavior: isPaidPlan(account.plan) ? body.deepLinkBehavior ?? body.data.settings?.deepLinkBehavior ?? "conservative" : "conservative",
          templateId: body.templateId,
          data: data as object,
        },
      });
      await enqueueWebhookEvents(tx, account.id, "website.published", [publishedWebsiteEvent(created)]);
      await recordAudit(tx, account.id, { action: "website.published", target: linkTarget(created), changes: { templateId: created.templateId, title: created.title, isActive: created.isActive } });
      return created;
    });
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
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
}
