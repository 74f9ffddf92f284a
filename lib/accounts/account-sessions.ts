import { UAParser } from "ua-parser-js";
import { recordAudit } from "../audit/record-audit";
import { revokeSession } from "../auth/revoke-session";
import type { Db } from "../db/open";
import { HopError } from "../errors";

// The account page's sessions (lib/auth/session-seen.ts notes them): the ones still good — of the
// account's current session version, not expired, not revoked — newest use first, each ended on
// its own. Ending one is what signing out of it does: its `sid` is refused from then on.

export interface ListedSession {
  id: string;
  /** "Chrome on Linux"; "Unknown browser" when the agent says nothing useful. */
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const MAX_LISTED = 50;

export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const result = new UAParser(userAgent).getResult();
  const browser = result.browser.name;
  const os = result.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown browser";
}

export async function listSessions(db: Db, account: { id: string; sessionVersion: number }, currentSid: string | null, now = new Date()): Promise<ListedSession[]> {
  const rows = await db.accountSession.findMany({
    where: { accountId: account.id, sessionVersion: account.sessionVersion, expiresAt: { gt: now } },
    orderBy: { lastSeenAt: "desc" },
    take: MAX_LISTED,
  });
  // A sign-out that raced a note of the same session may leave its row: the revocation decides.
  const revoked = new Set((await db.revokedSession.findMany({ where: { sid: { in: rows.map((r) => r.sid) } }, select: { sid: true } })).map((r) => r.sid));
  return rows
    .filter((row) => !revoked.has(row.sid))
    .map((row) => ({
      id: row.id,
      device: deviceOf(row.userAgent),
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.sid === currentSid,
    }));
}

/** Ends one session of the account (another account's id is not found). */
export async function endSessionById(db: Db, accountId: string, id: string, now = new Date()): Promise<void> {
  const row = await db.accountSession.findFirst({ where: { id, accountId }, select: { sid: true, expiresAt: true, userAgent: true, ip: true } });
  if (!row) throw new HopError("not_found", { message: "There is no such session of this account." });
  await revokeSession(db, row.sid, row.expiresAt > now ? row.expiresAt : now, now, (tx) =>
    recordAudit(tx, accountId, { action: "account.session_ended", target: { type: "session", id, label: deviceOf(row.userAgent) }, details: { ip: row.ip } }),
  );
}
