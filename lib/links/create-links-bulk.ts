import type { Db } from "../db/open";
import { isHopError } from "../errors";
import { parseOrThrow } from "../validation/parse";
import { createLink, previewLink, type Caller } from "./create-link";
import { CreateLinkBody, type BulkCreateBody } from "./schemas";
import type { z } from "zod";
import { toLinkObject } from "./link-object";
import type { BulkCreateResult } from "./responses";
import { auditedBulk, partIds } from "../audit/record-audit";

const PLAIN_TO_CODE: Record<string, string> = {
  "Missing custom slug": "missing_required_field",
  "Custom slug or domain already taken": "slug_already_exists",
};

type Failure = { index: number; slug: unknown; error: { code: string; message: string } };

/** Each entry through `make`, in order; a refused entry is listed with the code the single create would answer. */
async function eachEntry<T>(links: unknown[], make: (body: CreateLinkBody) => Promise<T>): Promise<{ made: T[]; failed: Failure[] }> {
  const made: T[] = [];
  const failed: Failure[] = [];
  for (const [index, entry] of links.entries()) {
    try {
      made.push(await make(parseOrThrow(CreateLinkBody, entry)));
    } catch (error) {
      if (!isHopError(error)) throw error;
      const plain = error.body?.error;
      const code = typeof plain === "string" ? PLAIN_TO_CODE[plain] ?? "invalid_request" : error.code;
      failed.push({ index, slug: (entry as { slug?: unknown })?.slug ?? null, error: { code, message: error.message } });
    }
  }
  return { made, failed };
}

/** POST /v1/links/bulk: each entry follows every rule of the single create, in order. */
export async function createLinksBulk(db: Db, caller: Caller, body: z.infer<typeof BulkCreateBody>) {
  // One audit entry for the request; each created link's own is gathered into it.
  return auditedBulk(db, caller.id, () => createEach(db, caller, body), (result, parts) => ({
    action: "links.bulk_created",
    details: { created: result.createdCount, failed: result.results.failed.length, ids: partIds(parts) },
  }));
}

async function createEach(db: Db, caller: Caller, { links }: z.infer<typeof BulkCreateBody>) {
  const { made, failed } = await eachEntry(links, async (body) => toLinkObject(await createLink(db, caller, body)));
  return { success: true, results: { successful: made, failed }, createdCount: made.length } satisfies z.input<typeof BulkCreateResult>;
}

/** What POST /v1/links/bulk would make (a dry run): each entry through the single create's checks, nothing written. */
export async function previewLinksBulk(db: Db, caller: Caller, { links }: z.infer<typeof BulkCreateBody>) {
  const { made, failed } = await eachEntry(links, (body) => previewLink(db, caller, body));
  return { links: made, failed };
}
