import { actingTeamOwners } from "../accounts/add-team-member";
import { announce } from "../cache/invalidation";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { linkTarget, recordAudit } from "../audit/record-audit";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { healthReset } from "./link-health";
import { toLinkDetails, toLinkObject } from "./link-object";
import { resolveLink } from "./resolve-identifier";
import type { LinkGetResult } from "./responses";
import { storedVariants } from "./variants";
import type { z } from "zod";

// "Make this the destination" (POST /v1/links/{identifier}/variants/{index}/promote): the A/B test
// ends with the chosen variant's URL as the link's destination and no variants, audited and sent
// as a link.updated event like any other change of the link.

function variantNotFound(index: string): HopError {
  return new HopError("variant_not_found", { field: "index", message: `The link has no A/B variant ${index} (variants are numbered from 0).` });
}

export async function promoteVariant(db: Db, callerId: string, identifier: string, index: string) {
  const found = await resolveLink(db, callerId, identifier, { mode: "search", teamOwnerIds: await actingTeamOwners(db, callerId) });
  if (!found) throw new HopError("link_not_found", { message: `No link '${identifier}'.` });
  const at = /^[0-3]$/.test(index) ? Number(index) : -1;
  const updated = await db.$transaction(async (tx) => {
    // Read again inside the transaction: the test may have changed since the look-up.
    const link = await tx.link.findUnique({ where: { id: found.link.id } });
    if (!link) throw new HopError("link_not_found", { message: `No link '${identifier}'.` });
    const chosen = storedVariants(link.variants)?.[at];
    if (!chosen) throw variantNotFound(index);
    const health = chosen.url !== link.destination ? healthReset() : {};
    const saved = await tx.link.update({ where: { id: link.id }, data: { destination: chosen.url, variants: Prisma.DbNull, ...health } });
    await recordAudit(tx, link.accountId, {
      action: "link.updated",
      target: linkTarget(link),
      changes: { destination: chosen.url, variants: null },
      details: { promotedVariant: at, variants: link.variants },
    });
    await enqueueWebhookEvents(tx, link.accountId, "link.updated", [toLinkObject(saved)]);
    return saved;
  });
  await announce({ kind: "link", domain: updated.domain, slug: updated.slug });
  return { data: toLinkDetails(updated) } satisfies z.input<typeof LinkGetResult>;
}
