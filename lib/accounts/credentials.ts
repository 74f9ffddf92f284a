import { checkPassword, hashPassword } from "../auth/password-hash";
import type { Db } from "../db/open";

// A hash of a random password at the same cost as real ones: an unknown e-mail is compared against
// it so that it takes as long as a wrong password and answers the same. Made once, off the thread.
let dummyHash: Promise<string> | undefined;

export interface SignedInAccount {
  id: string;
  email: string;
  name: string | null;
  sessionVersion: number;
}

/** The account whose e-mail and password match, or null; the same work whether the e-mail exists or not. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<SignedInAccount | null> {
  const account = await db.account.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true, passwordHash: true, sessionVersion: true },
  });
  const matches = await checkPassword(password, account?.passwordHash ?? (await (dummyHash ??= hashPassword(`unused-${Math.random()}`))));
  if (!account?.passwordHash || !matches) return null;
  return { id: account.id, email: account.email, name: account.name, sessionVersion: account.sessionVersion };
}

/** The account a session token names, only while the token's session version is the current one. */
export function findSessionAccount(db: Db, accountId: string, sessionVersion: number) {
  return db.account.findFirst({
    where: { id: accountId, sessionVersion },
    select: { id: true, email: true, name: true, plan: true, limitOverrides: true, sessionVersion: true, createdAt: true },
  });
}

/** `sso`: the provider of a single sign-on's session (absent for a password's). */
export type SessionAccount = NonNullable<Awaited<ReturnType<typeof findSessionAccount>>> & { sso?: string };
