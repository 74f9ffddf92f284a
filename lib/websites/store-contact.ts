import { publicIdOf } from "../links/public-id";
import { enqueueWebhookEvents } from "../webhooks/outbox";
import { z } from "zod";
import { config } from "../config";
import { contactFields, type ContactField } from "../bio/blocks";
import { contactBlockById } from "../bio/page-settings";
import type { Db } from "../db/open";
import { newId } from "../ids";
import { isPageHost } from "./page-host";

// A visitor's submission of a page's contact block, checked against the block it names (its
// fields and which are required) and stored as a Contact row of the page; the row goes when the
// page is deleted (foreign key with cascade). A page stores at most CONTACTS_PER_PAGE_PER_HOUR
// (config, default 1,000) in any hour, so a botnet (each address under the per-address limit of
// lib/visit/visitor-limits.ts) cannot fill the owner's list without bound; it is set far above
// what one address may send, so closing the form for everyone takes hundreds of addresses.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const ContactSubmission = z.object({
  page: z.string().min(1).max(300),
  block: z.string().min(1).max(200),
  name: optionalText(200),
  email: optionalText(320).pipe(z.email().optional()),
  phone: optionalText(40).pipe(z.string().regex(/^\+?[\d\s().-]{5,40}$/).optional()),
  message: optionalText(2000),
  /** Honeypot: hidden from people; a bot that fills it is answered as if stored. */
  website: z.string().max(2000).optional(),
});
export type ContactSubmission = z.infer<typeof ContactSubmission>;

export interface PostedPage {
  id: string;
  accountId: string;
  type: string;
  domain: string;
  slug: string;
  isActive: boolean;
  data: unknown;
}

/**
 * The website a visitor POST (click beacon, contact form) names by public id, when it answers on
 * that request's host. Read across accounts, as a visitor has none.
 */
export async function findPostedPageAcrossAccounts(db: Db, publicId: string, hostHeader: string | undefined): Promise<PostedPage | null> {
  const page = await db.link.findUnique({ where: { publicId }, select: { id: true, accountId: true, type: true, domain: true, slug: true, isActive: true, data: true } });
  return page && page.type === "website" && isPageHost(page.domain, hostHeader) ? page : null;
}

export type StoreResult = "stored" | "invalid" | "no-such-form" | "page-full";

export async function storeContact(db: Db, page: PostedPage, raw: Record<string, string>, now: number = Date.now()): Promise<StoreResult> {
  const parsed = ContactSubmission.safeParse(raw);
  const blockIdSent = typeof raw.block === "string" ? raw.block : "";
  const block = page.isActive ? contactBlockById(page.data, blockIdSent, now) : null;
  if (!block) return "no-such-form";
  if (!parsed.success) return "invalid";
  const { fields, required } = contactFields(block);
  const values: Partial<Record<ContactField, string>> = {};
  for (const field of fields) if (parsed.data[field] !== undefined) values[field] = parsed.data[field];
  for (const field of required) if (values[field] === undefined) return "invalid";
  if (!values.email && !values.phone) return "invalid";
  return db.$transaction(async (tx) => {
    // The page's row lock makes count-then-insert one step for concurrent submissions.
    await tx.$queryRaw`SELECT id FROM "Link" WHERE id = ${page.id} FOR UPDATE`;
    const lastHour = await tx.contact.count({ where: { linkId: page.id, accountId: page.accountId, createdAt: { gt: new Date(Date.now() - 3_600_000) } } });
    if (lastHour >= config().contactsPerPagePerHour) return "page-full" as const;
    const contact = await tx.contact.create({
      data: { id: newId("cnt"), linkId: page.id, accountId: page.accountId, blockId: parsed.data.block, name: values.name ?? null, email: values.email ?? null, phone: values.phone ?? null, message: values.message ?? null },
    });
    await enqueueWebhookEvents(tx, page.accountId, "contact.submitted", [
      { id: contact.id, websiteId: publicIdOf(page.domain, page.slug), blockId: contact.blockId, name: contact.name, email: contact.email, phone: contact.phone, message: contact.message, createdAt: contact.createdAt.toISOString() },
    ]);
    return "stored" as const;
  });
}
