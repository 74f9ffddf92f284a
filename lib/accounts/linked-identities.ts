import { recordAudit } from "../audit/record-audit";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import type { PlanName } from "./plans";
import type { SignedInAccount } from "./credentials";
import { mayJoin, transact } from "./sign-up";

// Sign-ins through an OpenID Connect provider (docs/decisions/051). A (provider, subject) pair is
// one person at one provider; it signs in to the account it is linked to. A first sign-in is
// linked by the provider's verified address: to a new account, to an existing one only after its
// password (or at once when the operator allows it), never on an unverified address.

/** What a provider said about the person, from its ID token (and user info). */
export interface ProviderPerson {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface SsoRules {
  signup: "open" | "oidc-only" | "closed";
  linkExisting: "password" | "auto";
  defaultPlan: PlanName;
}

export type SsoOutcome =
  | { kind: "signed-in"; account: SignedInAccount; created: boolean }
  | { kind: "needs-password"; accountId: string; email: string }
  | { kind: "refused"; reason: "email-unverified" | "signup-closed" };

const ACCOUNT_FIELDS = { id: true, email: true, name: true, sessionVersion: true } as const;

/** Where a provider's sign-in leads: its linked account, a new one, a link to prove, or a refusal. */
export async function resolveSsoSignIn(db: Db, person: ProviderPerson, rules: SsoRules, now = new Date()): Promise<SsoOutcome> {
  const linked = await db.linkedIdentity.findUnique({ where: { provider_subject: { provider: person.provider, subject: person.subject } }, select: { id: true, account: { select: ACCOUNT_FIELDS } } });
  if (linked) {
    await db.linkedIdentity.update({ where: { id: linked.id }, data: { lastUsedAt: now } });
    return { kind: "signed-in", account: linked.account, created: false };
  }
  // Only an address the provider vouches for may name a Hop account, existing or new.
  if (!person.email || !person.emailVerified) return { kind: "refused", reason: "email-unverified" };
  const email = person.email.trim().toLowerCase();
  const existing = await db.account.findUnique({ where: { email }, select: ACCOUNT_FIELDS });
  if (existing) {
    if (rules.linkExisting === "password") return { kind: "needs-password", accountId: existing.id, email };
    await linkIdentity(db, existing.id, { ...person, email });
    return { kind: "signed-in", account: existing, created: false };
  }
  const made = await transact(db, async (tx, accounts) => {
    // Password sign-up's rule, with SIGNUP=oidc-only letting single sign-on in as well.
    if (!mayJoin(rules.signup === "oidc-only" ? "open" : rules.signup, accounts)) return null;
    const data = { id: newId("acc"), email, name: person.name?.trim().slice(0, 100) || null, passwordHash: null, plan: accounts === 0 ? "unlimited" : rules.defaultPlan, emailConfirmedAt: now };
    const { count } = await tx.account.createMany({ data: [data], skipDuplicates: true });
    // An account made for this address a moment ago (a second tab): sign in through the usual rule next time.
    if (count === 0) throw new HopError("invalid_request", { status: 409, message: "An account with this address was just created. Sign in again." });
    await recordAudit(tx, data.id, { action: "account.created", target: { type: "account", id: data.id, label: email }, changes: { email, name: data.name, plan: data.plan, via: person.provider } });
    await createIdentity(tx, data.id, { ...person, email }, now);
    return { id: data.id, email, name: data.name, sessionVersion: 0 };
  });
  return made ? { kind: "signed-in", account: made, created: true } : { kind: "refused", reason: "signup-closed" };
}

type IdentityTx = Pick<Db, "linkedIdentity" | "auditEntry">;

async function createIdentity(tx: IdentityTx, accountId: string, person: ProviderPerson & { email: string }, now = new Date()) {
  const id = newId("sso");
  await tx.linkedIdentity.create({ data: { id, accountId, provider: person.provider, subject: person.subject, email: person.email, createdAt: now, lastUsedAt: now } });
  await recordAudit(tx, accountId, { action: "account.sign_in_linked", target: { type: "sign_in", id, label: person.provider }, changes: { provider: person.provider, email: person.email } });
}

/**
 * Links the provider's sign-in to the account. A pair already linked to this account is fine; one
 * linked to another account meanwhile is a 409 (the unique key decides, not a read before it).
 */
export async function linkIdentity(db: Db, accountId: string, person: ProviderPerson & { email: string }): Promise<void> {
  const taken = await db.linkedIdentity.findUnique({ where: { provider_subject: { provider: person.provider, subject: person.subject } }, select: { accountId: true } });
  if (taken?.accountId === accountId) return;
  if (taken) throw new HopError("invalid_request", { status: 409, message: "This sign-in is already linked to another account." });
  try {
    await db.$transaction((tx) => createIdentity(tx, accountId, person));
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new HopError("invalid_request", { status: 409, message: "This sign-in is already linked to another account." });
    throw error;
  }
}

export interface ListedIdentity {
  id: string;
  provider: string;
  email: string;
  createdAt: string;
  lastUsedAt: string;
}

export async function listIdentities(db: Db, accountId: string): Promise<ListedIdentity[]> {
  const rows = await db.linkedIdentity.findMany({ where: { accountId }, orderBy: { createdAt: "asc" }, take: 100 });
  return rows.map((row) => ({ id: row.id, provider: row.provider, email: row.email, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt.toISOString() }));
}


/**
 * Unlinks one of the account's sign-ins (another account's id is not found). The last way in of
 * an account without a password stays: it would lock the account out for good.
 */
export async function unlinkIdentity(db: Db, accountId: string, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.linkedIdentity.findFirst({ where: { id, accountId }, select: { provider: true } });
    if (!row) throw new HopError("not_found", { message: "There is no such linked sign-in on this account." });
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { passwordHash: true } });
    const others = await tx.linkedIdentity.count({ where: { accountId, id: { not: id } } });
    if (!account.passwordHash && others === 0) {
      throw new HopError("invalid_request", { status: 409, message: "This is your only way to sign in. Set a password first (Forgot your password? on the sign-in page sends a link), then unlink it." });
    }
    await tx.linkedIdentity.deleteMany({ where: { id, accountId } });
    await recordAudit(tx, accountId, { action: "account.sign_in_unlinked", target: { type: "sign_in", id, label: row.provider } });
  });
}
