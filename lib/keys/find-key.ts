import type { Db } from "../db/open";

/** Looks a presented key up by its hash, across all accounts: only the auth step may call it. */
export function findKeyByHashAcrossAccounts(db: Db, keyHash: string) {
  return db.apiKey.findUnique({
    where: { keyHash },
    select: {
      id: true,
      name: true,
      prefix: true,
      role: true,
      scopes: true,
      groupIds: true,
      domains: true,
      expiresAt: true,
      revokedAt: true,
      totalRequests: true,
      hourWindowStart: true,
      hourCount: true,
      dayWindowStart: true,
      dayCount: true,
      account: { select: { id: true, email: true, name: true, plan: true, limitOverrides: true, createdAt: true } },
    },
  });
}

export type AuthenticatedKey = NonNullable<Awaited<ReturnType<typeof findKeyByHashAcrossAccounts>>>;
