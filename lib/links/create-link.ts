import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId, randomSlug } from "../ids";
import { isPaidPlan } from "../accounts/plans";
import { assertNotBlocked, parseDestination } from "./destination";
import { resolveLinkDomain } from "./link-domain";
import { lockAccount, resolveLinkOwner, TX_OPTIONS, type LinkOwner } from "./link-owner";
import type { Prisma } from "../generated/prisma/client";
import { publicIdOf } from "./public-id";
import { isReservedSlug, SLUG_PATTERN } from "./reserved";
import { normalizeGeoRules, normalizeLanguageRules } from "./rules";
import { isUniqueViolation } from "../db/errors";
import { checkNewItemLimits } from "./plan-limits";
import { linkExtrasData } from "./link-extras";
import { toLinkObject } from "./link-object";
import { enqueueWebhookEvents } from "../webhooks/outbox";
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

/** Answers of the database checks a batch repeats (the same domain, the same group, row after row). */
export type LinkChecks = Map<string, Promise<unknown>>;

function checked<T>(checks: LinkChecks | undefined, key: string, run: () => Promise<T>): Promise<T> {
  if (!checks) return run();
  let answer = checks.get(key) as Promise<T> | undefined;
  if (!answer) checks.set(key, (answer = run()));
  return answer;
}

/**
 * Every rule of POST /v1/links that needs no lock, in the order the API has always checked them:
 * the row to insert (active; the limits are counted under the lock), or a HopError. An import
 * passes `checks` to ask the database once per domain and group, and `generateSlug` to draw a
 * slug on any domain.
 */
export async function prepareLink(db: Db, owner: LinkOwner, body: CreateLinkBody, options: { checks?: LinkChecks; generateSlug?: boolean } = {}) {
  const destination = parseDestination(body.url, "url");
  const { domain, kind } = await checked(options.checks, `domain:${String(body.domain ?? "")}`, () => resolveLinkDomain(db, owner, body.domain));
  let slug: string;
  if (body.slug === undefined || body.slug === null || body.slug === "") {
    if (kind !== "custom" && !options.generateSlug) throw HopError.plain(400, "Missing custom slug");
    slug = randomSlug();
  } else {
    slug = parseSlug(body.slug);
  }
  const onPrimary = kind === "primary";
  if (onPrimary) assertNotBlocked(destination, "url");
  const geoRules = await normalizeGeoRules(db, owner.id, body.geoRules, onPrimary);
  const languageRules = normalizeLanguageRules(body.languageRules, onPrimary);
  if (body.groupId !== undefined) {
    const groupId = body.groupId;
    const group = await checked(options.checks, `group:${groupId}`, () => db.group.findFirst({ where: { id: groupId, accountId: owner.id }, select: { id: true } }));
    if (!group) throw new HopError("GROUP_NOT_FOUND", { field: "groupId" });
  }
  const behavior = isPaidPlan(owner.plan) ? body.behavior ?? "conservative" : "conservative";
  const tags = (body.tags ?? []).filter((tag): tag is string => typeof tag === "string");
  const extras = await linkExtrasData(body, { onPrimary, creating: true });
  return {
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
    isActive: true,
    inactiveReason: null as string | null,
    linkType: body.linkType ?? null,
    behavior,
    geoRules: geoRules as object[],
    languageRules: languageRules as object[],
    ...extras,
  } satisfies Prisma.LinkUncheckedCreateInput;
}
export type PreparedLink = Awaited<ReturnType<typeof prepareLink>>;

/** POST /v1/links: validates every rule, then creates under the owner's limits in one transaction. */
export async function createLink(db: Db, caller: Caller, body: CreateLinkBody) {
  const owner = await resolveLinkOwner(db, caller, body.forTeamOwner === true);
  const data = await prepareLink(db, owner, body);
  try {
    const link = await db.$transaction(async (tx) => {
      await lockAccount(tx, owner.id);
      const { atActiveLimit } = await checkNewItemLimits(tx, owner);
      const created = await tx.link.create({ data: { ...data, isActive: !atActiveLimit, inactiveReason: atActiveLimit ? "active_limit_reached" : null } });
      await enqueueWebhookEvents(tx, owner.id, "link.created", [toLinkObject(created)]);
      return created;
    }, TX_OPTIONS);
    await announce({ kind: "link", domain: link.domain, slug: link.slug });
    return link;
  } catch (error) {
    if (isUniqueViolation(error)) throw HopError.plain(400, "Custom slug or domain already taken");
    throw error;
  }
}
