import { deletedLinkEvent } from "./link-object";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { ownerPlan } from "../accounts/account-plan";
import { actingTeamOwners } from "../accounts/add-team-member";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { isRecordGone } from "../db/errors";
import { HopError, isHopError, shapeOf } from "../errors";
import { toLinkDetails } from "./link-object";
import { resolveLink } from "./resolve-identifier";
import type { BulkStatusResult, LinkDeleteResult, LinkGetResult, LinkStatusResult } from "./responses";
import { BulkStatusBody, type StatusBody, type UpdateLinkBody } from "./schemas";
import { setLinkStatus, statusMessage } from "./set-link-status";
import { updateLink, type FormUpdateOptions } from "./update-link";
import { parseOrThrow } from "../validation/parse";
import type { z } from "zod";
import { auditedBulk, linkTarget, partIds, recordAudit } from "../audit/record-audit";

// The single-link endpoints, each: resolve the identifier (own links, then team owners' for active
// admin/editor members), then act. Error bodies follow what API.md shows for each endpoint.

async function find(db: Db, callerId: string, identifier: string) {
  return resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds: await actingTeamOwners(db, callerId) });
}

function linkNotFound(identifier: string): HopError {
  return new HopError("link_not_found", { message: `No link '${identifier}'.` });
}

export async function getLinkByIdentifier(db: Db, callerId: string, identifier: string) {
  const found = await find(db, callerId, identifier);
  if (!found) throw linkNotFound(identifier);
  return { data: toLinkDetails(found.link) } satisfies z.input<typeof LinkGetResult>;
}

export async function deleteLinkByIdentifier(db: Db, callerId: string, identifier: string) {
  const found = await find(db, callerId, identifier);
  if (!found) throw linkNotFound(identifier);
  const link = found.link;
  await db.$transaction(async (tx) => {
    await tx.link.delete({ where: { id: link.id } });
    await recordAudit(tx, link.accountId, { action: link.type === "website" ? "website.deleted" : "link.deleted", target: linkTarget(link) });
    await enqueueWebhookEvents(tx, link.accountId, "link.deleted", [deletedLinkEvent(link)]);
  });
  await announce({ kind: "link", domain: found.link.domain, slug: found.link.slug, gone: true });
  return { success: true, id: found.link.publicId, message: `Link ${found.link.publicId} deleted` } satisfies z.input<typeof LinkDeleteResult>;
}

/**
 * PUT's 400: API.md's `{ error: "Bad Request", message, field }`; a flat code (INVALID_DESTINATION_URL …)
 * is kept as in every flat body. Used for the body the wrapper refuses too.
 */
export function asUpdateBadRequest(error: HopError): HopError {
  if (error.status !== 400 || error.body) return error;
  const code = shapeOf(error.code) === "flat" ? { code: error.code } : {};
  return HopError.titled(400, "Bad Request", error.message, { ...code, ...(error.field ? { field: error.field } : {}) });
}

/** PUT answers its own shapes: `{ error: "Not Found" | "Bad Request" | "Forbidden", message, field? }`. */
export async function updateLinkByIdentifier(db: Db, callerId: string, identifier: string, body: UpdateLinkBody, form?: FormUpdateOptions) {
  try {
    const found = await find(db, callerId, identifier);
    if (!found) {
      const viewerOf = await db.teamMembership.findMany({ where: { memberId: callerId, status: "active", role: "viewer" }, select: { ownerId: true } });
      const seen = viewerOf.length
        ? await resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds: viewerOf.map((m) => m.ownerId) })
        : null;
      if (seen && !seen.ownedByCaller) throw HopError.titled(403, "Forbidden", "Your team role (viewer) may not modify the owner's links.");
      throw HopError.titled(404, "Not Found", `No link '${identifier}'.`);
    }
    return await updateLink(db, found.link, (await ownerPlan(db, found.link.accountId)).plan, body, form);
  } catch (error) {
    if (isHopError(error) && error.status === 400 && !error.body) throw asUpdateBadRequest(error);
    if (isRecordGone(error)) throw HopError.titled(404, "Not Found", `Link '${identifier}' was deleted while this request ran.`);
    throw error;
  }
}

export async function setStatusByIdentifier(db: Db, callerId: string, identifier: string, { setActive }: z.infer<typeof StatusBody>) {
  const found = await find(db, callerId, identifier);
  if (!found) throw HopError.plain(404, "Deeplink not found");
  const link = await setLinkStatus(db, found.link, setActive);
  return { success: true, id: link.publicId, isActive: link.isActive, message: statusMessage(link.isActive) } satisfies z.input<typeof LinkStatusResult>;
}

/**
 * PATCH /v1/links/bulk/status: applied in order; failures (limit included) are listed, not fatal.
 * `PATCH /v1/links/BULK/status` reaches the single-link route with a looser body, hence the parse.
 */
export async function setStatusBulk(db: Db, callerId: string, rawBody: z.infer<typeof BulkStatusBody> | Record<string, unknown>) {
  const body = parseOrThrow(BulkStatusBody, rawBody);
  // One audit entry for the whole request: each link's own is gathered into it.
  return auditedBulk(db, callerId, () => setEachStatus(db, callerId, body), (result, parts) => ({
    action: body.setActive ? "links.bulk_activated" : "links.bulk_deactivated",
    details: { updated: result.updatedCount, failed: result.results.failed.length, ids: partIds(parts) },
  }));
}

async function setEachStatus(db: Db, callerId: string, body: z.infer<typeof BulkStatusBody>) {
  const teamOwnerIds = await actingTeamOwners(db, callerId);
  const successful: string[] = [];
  const failed: Array<{ identifier: string; error: string }> = [];
  for (const identifier of body.links) {
    const found = await resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds }).catch((error: unknown) => {
      if (isHopError(error)) return { error: error.code };
      throw error;
    });
    if (!found || "error" in found) {
      failed.push({ identifier, error: found ? found.error : "link_not_found" });
      continue;
    }
    try {
      successful.push((await setLinkStatus(db, found.link, body.setActive)).publicId);
    } catch (error) {
      if (!isHopError(error)) throw error;
      failed.push({ identifier, error: error.code === "invalid_request" ? "link_not_found" : error.code });
    }
  }
  return { success: true, results: { successful, failed }, updatedCount: successful.length } satisfies z.input<typeof BulkStatusResult>;
}
