import type { Db } from "./open";

// A background job that one instance at a time runs (the link-health sweep): a row per job in
// "JobLease", taken when it is free or has lapsed, renewed by its holder at every pass, given
// back at a clean stop. An instance that dies holds it until `expiresAt`, then another takes over.

/** Takes or renews `name` for `holder` until now + `ms`; whether this holder has it. */
export async function takeJobLease(db: Db, name: string, holder: string, ms: number, now = new Date()): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ holder: string }>>`
    INSERT INTO "JobLease" (name, holder, "expiresAt") VALUES (${name}, ${holder}, ${new Date(now.getTime() + ms)})
    ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, "expiresAt" = EXCLUDED."expiresAt"
    WHERE "JobLease"."expiresAt" < ${now} OR "JobLease".holder = EXCLUDED.holder
    RETURNING holder`;
  return rows.length > 0;
}

/** Gives the lease back (another instance may take it at once); nothing when another holds it. */
export async function releaseJobLease(db: Db, name: string, holder: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "JobLease" WHERE name = ${name} AND holder = ${holder}`;
}
