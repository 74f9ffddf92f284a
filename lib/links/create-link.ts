import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId, randomSlug } from "../ids";
import { isPaidPlan } from "../accounts/plans";
import { assertNotBlocked, parseDestination } from "./destination";
import { assertNoSelfLoop } from "./self-loop";
import { resolveLinkDomain } from "./link-domain";
import { resolveLinkOwner, type LinkOwner } from "./link-owner";
import { withAccountLock } from "../db/account-lock";
import type { Prisma } from "../generated/prisma/client";
import { publicIdOf } from "./public-id";
import { isReservedSlug, SLUG_PATTERN } from "./reserved";
import { normalizeGeoRules, normalizeLanguageRules } from "./rules";
import { isUniqueViolation } from "../db/errors";
import { checkNewItemLimits } from "./plan-limits";
import { assertScheduleOrder, linkExtrasData } from "./link-extras";
import { toLinkObject } from "./link-object";
import { variantsColumn, variantUrlFields } from "./variants";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import type { CreateLinkBody } from "./schemas";
import { currentRestrictions } from "../keys/acting-key";
import { allowsLink, outsideRestrictions } from "../keys/restrictions";
import { linkTarget, recordAudit } from "../audit/record-audit";

export { Behavior, BEHAVIORS, CreateLinkBody } from "./schemas";

export interface Caller {
  id: string;
  plan: string;
  limitOverrides: unknown;
}

/** A slug as stored (lowercase), or 400 INVALID_SLUG; reserved words only count on the primary domain (`onPrimary`). */
export function parseSlug(value: unknown, { onPrimary = true }: { onPrimary?: boolean } = {}): string {
  if (typeof value !== "string" || !SLUG_PATTERN.test(value) || isReservedSlug(value, onPrimary)) {
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
    slug = parseSlug(body.slug, { onPrimary: kind === "primary" });
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
  if (!allowsLink(currentRestrictions(), { groupId: body.groupId ?? null, domain })) throw outsideRestrictions();
  const behavior = isPaidPlan(owner.plan) ? body.behavior ?? "conservative" : "conservative";
  const tags = (body.tags ?? []).filter((tag): tag is string => typeof tag === "string");
  const extras = await linkExtrasData(body, { onPrimary, creating: true });
  assertScheduleOrder(extras, null);
  assertNoSelfLoop(domain, slug, { url: destination, expiredUrl: extras.expiredUrl, ios: extras.ios, android: extras.android, ...variantUrlFields(extras.variants) }, { geoRules, languageRules });
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
    clientLabel: body.linkType ?? null,
    behavior,
    geoRules: geoRules as object[],
    languageRules: languageRules as object[],
    ...extras,
    variants: variantsColumn(extras.variants ?? null),
  } satisfies Prisma.LinkUncheckedCreateInput;
}
export type PreparedLink = Awaited<ReturnType<typeof prepareLink>>;

const addressTaken = () => HopError.plain(400, "Custom slug or domain already taken");

/**
 * The rules counted under the owner's lock: the total limit, then the address being free (any
 * account's link holds it: the unique index is the last word, this look-up answers first).
 * Whether the active limit is reached.
 */
async function admitLink(tx: Pick<Db, "link">, owner: LinkOwner, link: { domain: string; slug: string }): Promise<boolean> {
  const { atActiveLimit } = await checkNewItemLimits(tx, owner);
  if (await tx.link.findUnique({ where: { domain_slug: { domain: link.domain, slug: link.slug } }, select: { id: true } })) throw addressTaken();
  return atActiveLimit;
}

/** What POST /v1/links would make, checked by every rule createLink checks (a dry run): nothing is written or reserved. */
export async function previewLink(db: Db, caller: Caller, body: CreateLinkBody) {
  const owner = await resolveLinkOwner(db, caller, body.forTeamOwner === true);
  const data = await prepareLink(db, owner, body);
  const atActiveLimit = await admitLink(db, owner, data);
  return { id: data.publicId, domain: data.domain, slug: data.slug, destination: data.destination, title: data.title, tags: data.tags, groupId: data.groupId, behavior: data.behavior, isActive: !atActiveLimit };
}

/**
 * POST /v1/links: validates every rule, then creates under the owner's limits in one transaction.
 * `more`: columns the dashboard's form sets in the same create (lib/links/save-link-form.ts).
 */
export async function createLink(db: Db, caller: Caller, body: CreateLinkBody, more?: (link: PreparedLink) => Partial<Prisma.LinkUncheckedCreateInput>) {
  const owner = await resolveLinkOwner(db, caller, body.forTeamOwner === true);
  const prepared = await prepareLink(db, owner, body);
  const data = more ? { ...prepared, ...more(prepared) } : prepared;
  try {
    const link = await withAccountLock(db, owner.id, async (tx) => {
      const atActiveLimit = await admitLink(tx, owner, data);
      const created = await tx.link.create({ data: { ...data, isActive: !atActiveLimit, inactiveReason: atActiveLimit ? "active_limit_reached" : null } });
      await enqueueWebhookEvents(tx, owner.id, "link.created", [toLinkObject(created)]);
      await recordAudit(tx, owner.id, { action: "link.created", target: linkTarget(created), changes: { destination: created.destination, title: created.title, groupId: created.groupId, isActive: created.isActive } });
      return created;
    });
    await announce({ kind: "link", domain: link.domain, slug: link.slug });
    return link;
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken();
    throw error;
  }
}
