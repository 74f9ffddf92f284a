import { deletedLinkEvent } from "./link-object";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { actingTeamOwners } from "../accounts/add-team-member";
import { announce, type Invalidation } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError, isHopError } from "../errors";
import { redeployDomains } from "../hosting/hosting";
import { domainKind } from "./link-domain";
import { resolveLink } from "./resolve-identifier";
import type { BulkDeleteResult } from "./responses";
import type { BulkDeleteBody } from "./schemas";
import type { z } from "zod";
import { recordAudit } from "../audit/record-audit";

export const MAX_CUSTOM_DOMAINS_PER_BULK_DELETE = 10;

/** Bulk delete's 400 is API.md's `{ error: "Bad Request", message }`, for the body the wrapper refuses too. */
export function asBulkDeleteBadRequest(error: HopError): HopError {
  return error.status === 400 && !error.body ? HopError.titled(400, "Bad Request", error.message) : error;
}

/**
 * DELETE /v1/links/bulk. Identifiers are matched exactly (ids and short URLs only), duplicates are
 * deleted once and reported as skipped, everything is deleted in one transaction (contacts of
 * websites go with them by cascade), then each touched custom domain is redeployed once.
 */
export async function deleteLinksBulk(db: Db, callerId: string, { links: identifiers }: z.infer<typeof BulkDeleteBody>) {
  const teamOwnerIds = await actingTeamOwners(db, callerId);
  const targets = new Map<string, { publicId: string; domain: string; slug: string }>();
  const failed: Array<{ identifier: string; error: string }> = [];
  const skipped: Array<{ identifier: string; id: string; reason: "duplicate" }> = [];
  for (const identifier of identifiers) {
    if (typeof identifier !== "string" || identifier === "") {
      failed.push({ identifier: String(identifier), error: "Invalid identifier" });
      continue;
    }
    const found = await resolveLink(db, callerId, identifier, { mode: "exact", teamOwnerIds }).catch((error: unknown) => {
      if (isHopError(error)) return null;
      throw error;
    });
    if (!found) failed.push({ identifier, error: "Link not found" });
    else if (targets.has(found.link.id)) skipped.push({ identifier, id: found.link.publicId, reason: "duplicate" });
    else targets.set(found.link.id, { publicId: found.link.publicId, domain: found.link.domain, slug: found.link.slug });
  }

  const customDomains = [...new Set([...targets.values()].map((t) => t.domain).filter((d) => domainKind(d) === "custom"))];
  if (customDomains.length > MAX_CUSTOM_DOMAINS_PER_BULK_DELETE) {
    throw new HopError("TOO_MANY_CUSTOM_DOMAINS", {
      message: `These links are on ${customDomains.length} custom domains; one request may touch at most ${MAX_CUSTOM_DOMAINS_PER_BULK_DELETE}. Nothing was deleted.`,
      extras: { customDomains: customDomains.length, maxCustomDomains: MAX_CUSTOM_DOMAINS_PER_BULK_DELETE },
    });
  }

  const deleted = await db.$transaction(async (tx) => {
    const ids = [...targets.keys()];
    const existing = await tx.link.findMany({ where: { id: { in: ids } }, select: { id: true, publicId: true, accountId: true, domain: true, slug: true } });
    await tx.link.deleteMany({ where: { id: { in: ids } } });
    if (existing.length) {
      await recordAudit(tx, existing[0].accountId, { action: "links.bulk_deleted", details: { deleted: existing.length, failed: failed.length, ids: existing.map((row) => row.publicId) } });
    }
    // One event per link, to the account each belonged to.
    for (const accountId of new Set(existing.map((row) => row.accountId))) {
      await enqueueWebhookEvents(tx, accountId, "link.deleted", existing.filter((row) => row.accountId === accountId).map(deletedLinkEvent));
    }
    return new Set(existing.map((row) => row.id));
  });
  const successful: string[] = [];
  const gone: Invalidation[] = [];
  for (const [id, target] of targets) {
    if (deleted.has(id)) {
      successful.push(target.publicId);
      gone.push({ kind: "link", domain: target.domain, slug: target.slug, gone: true });
    } else {
      failed.push({ identifier: target.publicId, error: "Link not found" });
    }
  }
  await announce(...gone);
  const redeployPending = await redeployDomains(customDomains);
  const note = redeployPending.length ? ` ${redeployPending.length} custom domain(s) not confirmed redeployed; they may serve deleted paths until their next deploy.` : "";
  return {
    success: true,
    message: `Deleted ${successful.length}, failed ${failed.length}, skipped ${skipped.length}.${note}`,
    results: { successful, failed, skipped },
    deletedCount: successful.length,
    redeployPending,
  } satisfies z.input<typeof BulkDeleteResult>;
}
