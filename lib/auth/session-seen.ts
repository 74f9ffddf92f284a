import { LRUCache } from "lru-cache";
import type { Db } from "../db/open";
import { newId } from "../ids";
import { errorFields, log } from "../log";
import { shared } from "../shared";

// The account page lists its dashboard sessions (lib/accounts/account-sessions.ts): each session
// id gets a row the first time its token is used, and the row's last-seen time, address and
// browser are refreshed as it is used — at most once a minute per session per instance, so a
// busy dashboard makes no write per request. Noting is best effort: a failed write is logged and
// the request goes on.

const NOTE_EVERY_MS = 60_000;
const lastNoted = () => shared("sessionLastNoted", () => new LRUCache<string, number>({ max: 10_000 }));

export interface SessionSighting {
  sid: string;
  accountId: string;
  sessionVersion: number;
  /** When the token expires (its `exp`). */
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export async function noteSessionSeen(db: Db, seen: SessionSighting, now = new Date()): Promise<void> {
  const last = lastNoted().get(seen.sid);
  if (last !== undefined && now.getTime() - last < NOTE_EVERY_MS) return;
  lastNoted().set(seen.sid, now.getTime());
  const fields = { userAgent: seen.userAgent?.slice(0, 512) ?? null, ip: seen.ip?.slice(0, 64) ?? null, lastSeenAt: now, expiresAt: seen.expiresAt };
  try {
    await db.accountSession.upsert({
      where: { sid: seen.sid },
      create: { id: newId("ses"), sid: seen.sid, accountId: seen.accountId, sessionVersion: seen.sessionVersion, createdAt: now, ...fields },
      update: fields,
    });
    // Sessions that ran out on their own leave with the next new one's note.
    if (last === undefined) await db.accountSession.deleteMany({ where: { expiresAt: { lt: now } } });
  } catch (error) {
    lastNoted().delete(seen.sid);
    log.warn("session not noted", { page: "session", ...errorFields(error) });
  }
}

/** Forgets a session's row (it was ended): the next note of its id, if any, starts afresh. */
export function forgetNotedSession(sid: string): void {
  lastNoted().delete(sid);
}
