import { config } from "../config";
import { backgroundSlice } from "../db/background-pace";
import type { Db } from "../db/open";
import { mailConfigured, sendMail } from "../mail/send-mail";
import { countOf } from "../text/plural";
import { shortUrlOf } from "./public-id";

// The broken-links digest (docs/link-health.md): with SMTP set up, an account that asked for it
// (the default; the account page turns it off) gets one mail listing the links that turned broken
// since its last digest, at most one a day. The link-health sweep's lease holder sends them after
// each pass, so one instance sends and a link is in one digest. A mail that does not leave is
// tried again at the next pass; the day counts from a digest that left.

export const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000;
/** Accounts mailed in one pass; the others' digests wait for the next pass. */
const ACCOUNTS_PER_PASS = 50;
/** Links named in one mail; the rest are counted, and the dashboard's filter lists them all. */
const LINKS_PER_MAIL = 20;

interface DueDigest {
  id: string;
  email: string;
  since: Date | null;
}

interface BrokenLink {
  domain: string;
  slug: string;
  destination: string | null;
  healthStatus: number | null;
  healthError: string | null;
}

function why(link: BrokenLink): string {
  if (link.healthStatus !== null) return `answered ${link.healthStatus}`;
  return link.healthError ?? "no answer";
}

export function digestText(links: BrokenLink[], total: number, appUrl: string): { subject: string; text: string } {
  const lines = links.map((link) => `- ${shortUrlOf(link.domain, link.slug)} → ${link.destination ?? "(no destination)"}: ${why(link)}`);
  const more = total > links.length ? [`…and ${countOf(total - links.length, "more link")}.`] : [];
  return {
    subject: total === 1 ? "A link on Hop is broken" : `${total} links on Hop are broken`,
    text: [
      `Hop's last check of ${total === 1 ? "this link's destination" : "these links' destinations"} found ${total === 1 ? "it" : "them"} not working:`,
      "",
      ...lines,
      ...more,
      "",
      `See every broken link: ${appUrl}/links?health=broken`,
      `Stop these mails: ${appUrl}/account#notifications`,
    ].join("\n"),
  };
}

/** Mails each account whose digest is due; answers how many left. */
export async function sendHealthDigests(db: Db, now = new Date()): Promise<number> {
  if (!mailConfigured()) return 0;
  const dayAgo = new Date(now.getTime() - DIGEST_EVERY_MS);
  // healthBrokenAt is set only while a link is broken: the index holds just those links.
  const { value: due } = await backgroundSlice(() =>
    db.$queryRaw<DueDigest[]>`
      SELECT a.id, a.email, a."healthDigestSentAt" AS since FROM "Account" a
      WHERE a."healthDigest" AND (a."healthDigestSentAt" IS NULL OR a."healthDigestSentAt" <= ${dayAgo})
        AND EXISTS (SELECT 1 FROM "Link" l WHERE l."accountId" = a.id AND l."healthBrokenAt" IS NOT NULL AND l."isActive"
          AND l."healthBrokenAt" > COALESCE(a."healthDigestSentAt", to_timestamp(0)))
      ORDER BY a.id LIMIT ${ACCOUNTS_PER_PASS}`,
  );
  let sent = 0;
  for (const account of due) {
    const where = { accountId: account.id, isActive: true, healthState: "broken", healthBrokenAt: { gt: account.since ?? new Date(0) } };
    const { value } = await backgroundSlice(() =>
      Promise.all([
        db.link.findMany({ where, orderBy: { healthBrokenAt: "asc" }, take: LINKS_PER_MAIL, select: { domain: true, slug: true, destination: true, healthStatus: true, healthError: true } }),
        db.link.count({ where }),
      ]),
    );
    const [links, total] = value;
    if (!total) continue;
    const mail = digestText(links, total, config().appUrl);
    if (!(await sendMail({ to: account.email, ...mail }))) continue;
    await db.account.update({ where: { id: account.id }, data: { healthDigestSentAt: now } });
    sent += 1;
  }
  return sent;
}
