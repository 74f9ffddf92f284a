import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Db } from "../db/open";
import type { Prisma } from "../generated/prisma/client";
import { shared } from "../shared";
import { forgetNotedSession } from "./session-seen";

// Signing out of one dashboard session ends it on the server: every session JWT carries a random
// session id (`sid`), and signing out stores that id until any token carrying it has expired.
// Instances behind a load balancer share the table, so a sign-out on one is seen by all. A
// revocation is final, so each instance remembers the ids it found revoked (a replayed cookie
// costs no query); "not revoked" is never cached, as another instance may revoke at any moment.

const knownRevoked = () => shared("revokedSessionIds", () => new LRUCache<string, true>({ max: 10_000 }));

export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Refuses the session id from now on. `expiresAt` is when every token carrying it has expired: a
 * revoked token is never refreshed (lib/auth/options.ts), so that is now plus the session lifetime.
 */
/** `alongside`: more of the same change, in its transaction (the audit entry of ending a listed session). */
export async function revokeSession(db: Db, sid: string, expiresAt: Date, now = new Date(), alongside?: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.revokedSession.deleteMany({ where: { expiresAt: { lt: now } } });
    await tx.revokedSession.createMany({ data: [{ sid, expiresAt }], skipDuplicates: true });
    // The account page no longer lists it.
    await tx.accountSession.deleteMany({ where: { sid } });
    await alongside?.(tx);
  });
  knownRevoked().set(sid, true);
  forgetNotedSession(sid);
}

export async function isSessionRevoked(db: Db, sid: string): Promise<boolean> {
  if (knownRevoked().has(sid)) return true;
  const row = await db.revokedSession.findUnique({ where: { sid }, select: { sid: true } });
  if (row) knownRevoked().set(sid, true);
  return row !== null;
}
