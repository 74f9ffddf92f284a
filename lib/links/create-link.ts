import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId, randomSlug } from "../ids";
import { isPaidPlan } from "../accounts/plans";
import { assertNotBlocked, parseDestination } from "./destination";
import { resolveLinkDomain } from "./link-domain";
import { lockAccount, resolveLinkOwner, TX_OPTIONS } from "./link-owner";
import { publicIdOf } from "./public-id";
import { isReservedSlug, SLUG_PATTERN } from "./reserved";
import { normalizeGeoRules, normalizeLanguageRules } from "./rules";
import { isUniqueViolation } from "../db/errors";
import { checkNewItemLimits } from "./plan-limits";
import type { CreateLinkBody } from "./schemas";

export { Behavior, BEHAVIORS, CreateLinkBody } from "./schemas";

export interface Caller {
  id: string;
  plan: string;
  limitOverrides: unknown;
}

export function parseSlug(value: unknown): string {
  if (typeof value !== "string" || !SLUG_PATTERN.test(value) || isReservedSlug(value)) {
    throw new HopError("INVALID_SLUG", { field: "slug" });
  }
  return value.toLowerCase();
}

/** POST /v1/links: validates every rule, then creates under the owner's limits in one transaction. */
export async function createLink(db: Db, caller: Caller, body: CreateLinkBody) {
  const owner = await resolveLinkOwner(db, caller, body.forTeamOwner === true);
  const destination = parseDestination(body.url, "url");
  const { domain, kind } = await resolveLinkDomain(db, owner, body.domain);
  let slug: string;
  if (body.slug === undefined || body.slug === null || body.slug === "") {
    if (kind !== "custom") throw HopError.plain(400, "Missing custom slug");
    slug = randomSlug();
  } else {
    slug = parseSlug(body.slug);
  }
  const onPrimary = kind === "primary";
  if (onPrimary) assertNotBlocked(destination, "url");
  const geoRules = await normalizeGeoRules(db, owner.id, body.geoRules, onPrimary);
  const languageRules = normalizeLanguageRules(body.languageRules, onPrimary);
  if (body.groupId !== undefined) {
    const group = await db.group.findFirst({ where: { id: body.groupId, accountId: owner.id }, select: { id: true } });
    if (!group) throw new HopError("GROUP_NOT_FOUND", { field: "groupId" });
  }
  const behavior = isPaidPlan(owner.plan) ? body.behavior ?? "conservative" : "conservative";
  const tags = (body.tags ?? []).filter((tag): tag is string => typeof tag === "string");

  try {
    const link = await db.$transaction(async (tx) => {
      await lockAccount(tx, owner.id);
      const { atActiveLimit } = await checkNewItemLimits(tx, owner);
      return tx.link.create({
        data: {
          id: newId("lnk"),
          publicId: publicIdOf(domain, slug),
          accountId: owner.id,
          type: "deeplink",
          domain,
          slug,
          destination,
          title: body.title ?? null,
          description: body.description ?? null,
          tags,
          groupId: body.groupId ?? null,
          isActive: !atActiveLimit,
          inactiveReason: atActiveLimit ? "active_limit_reached" : null,
          linkType: body.linkType ?? null,
          behavior,
          geoRules: geoRules as object[],
          languageRules: languageRules as object[],
        },
      });
    }, TX_OPTIONS);
    await announce({ kind: "link", domain: link.domain, slug: link.slug });
    return link;
  } catch (error) {
    if (isUniqueViolation(error)) throw HopError.plain(400, "Custom slug or domain already taken");
    throw error;
  }
}
