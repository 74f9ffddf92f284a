import type { Db } from "../db/open";
import { isHopError } from "../errors";
import { parseOrThrow } from "../validation/parse";
import { createLink, type Caller } from "./create-link";
import { CreateLinkBody, type BulkCreateBody } from "./schemas";
import type { z } from "zod";
import { toLinkObject } from "./link-object";
import type { BulkCreateResult } from "./responses";

const PLAIN_TO_CODE: Record<string, string> = {
  "Missing custom slug": "missing_required_field",
  "Custom slug or domain already taken": "slug_already_exists",
};

/** POST /v1/links/bulk: each entry follows every rule of the single create, in order. */
export async function createLinksBulk(db: Db, caller: Caller, { links }: z.infer<typeof BulkCreateBody>) {
  const successful: ReturnType<typeof toLinkObject>[] = [];
  const failed: Array<{ index: number; slug: unknown; error: { code: string; message: string } }> = [];
  for (const [index, entry] of links.entries()) {
    try {
      const body = parseOrThrow(CreateLinkBody, entry);
      successful.push(toLinkObject(await createLink(db, caller, body)));
    } catch (error) {
      if (!isHopError(error)) throw error;
      const plain = error.body?.error;
      const code = typeof plain === "string" ? PLAIN_TO_CODE[plain] ?? "invalid_request" : error.code;
      failed.push({ index, slug: (entry as { slug?: unknown })?.slug ?? null, error: { code, message: error.message } });
    }
  }
  return { success: true, results: { successful, failed }, createdCount: successful.length } satisfies z.input<typeof BulkCreateResult>;
}
