import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { TeamRole } from "../accounts/add-team-member";
import { config } from "../config";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { newId } from "../ids";
import { sendMail } from "../mail/send-mail";
import { recordAudit } from "../audit/record-audit";

// Team invitations are one-time links. E-mails are never verified, so whoever registered an address
// first must not receive what was meant for its owner: an invitation names no account. The owner
// gets the link to share (and it is e-mailed to the address when SMTP is configured); whoever follows
// it and accepts joins with the invited role. Only the token's SHA-256 is stored; a used link is
// deleted, an expired one refused. Inviting never looks accounts up, so its answer cannot tell
// whether an account uses the address.

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Unexpired invitations one owner may have open at once (each may send an e-mail). */
export const MAX_PENDING_INVITATIONS = 50;

export const InviteMemberInput = z.object({
  email: z.string().trim().toLowerCase().max(320, "Use at most 320 characters.").pipe(z.email("Enter a valid e-mail address.")),
  role: TeamRole,
});
/** 32 random bytes in base64url: what a link carries after /invite/. */
export const InvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const AcceptInvitationInput = z.object({ token: z.string().max(100) });

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const invitationPath = (token: string) => `/invite/${token}`;
const notValid = () => new HopError("not_found", { message: "This invitation link is not valid: it was used, cancelled or has expired. Ask for a new one." });

/**
 * Creates (or, for an address already invited, replaces) the owner's invitation and returns its
 * link. The answer is the same whatever account exists: nothing here reads another account.
 */
/**
 * `invitedBy`: who asked, when not the owner (an admin of the owner's team, managed-team.ts); the
 * e-mail names them and the owner's team they are inviting to.
 */
export async function inviteMember(db: Db, ownerId: string, input: z.infer<typeof InviteMemberInput>, now = new Date(), invitedBy: string = ownerId) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { invitation, owner, sender } = await db.$transaction(async (tx) => {
    const owner = await tx.account.findUniqueOrThrow({ where: { id: ownerId }, select: { email: true, name: true } });
    const sender = invitedBy === ownerId ? null : await tx.account.findUniqueOrThrow({ where: { id: invitedBy }, select: { email: true, name: true } });
    if (owner.email === input.email) throw new HopError("invalid_request", { message: "You cannot invite yourself.", field: "email" });
    const open = await tx.teamInvitation.count({ where: { ownerId, expiresAt: { gt: now }, NOT: { email: input.email } } });
    if (open >= MAX_PENDING_INVITATIONS) {
      throw new HopError("invalid_request", { status: 409, field: "email", message: `You have ${MAX_PENDING_INVITATIONS} open invitations. Cancel some before inviting more.` });
    }
    const data = { role: input.role, tokenHash: tokenHash(token), expiresAt, createdAt: now };
    const invitation = await tx.teamInvitation.upsert({
      where: { ownerId_email: { ownerId, email: input.email } },
      create: { id: newId("inv"), ownerId, email: input.email, ...data },
      update: data,
      select: { id: true, email: true, role: true, expiresAt: true },
    });
    // The link's token never: it is a way in to the team.
    await recordAudit(tx, ownerId, { action: "invitation.created", target: { type: "invitation", id: invitation.id, label: invitation.email }, changes: { email: invitation.email, role: invitation.role, expiresAt } });
    return { invitation, owner, sender };
  });
  const link = `${config().appUrl}${invitationPath(token)}`;
  const named = (who: { name: string | null; email: string }) => (who.name ? `${who.name} (${who.email})` : who.email);
  const team = sender ? `${owner.name ?? owner.email}'s team` : "their team";
  const emailed = await sendMail({
    to: invitation.email,
    subject: `${(sender ?? owner).name ?? (sender ?? owner).email} invited you to ${team} on Hop`,
    text: [
      sender ? `${named(sender)}, an admin of ${named(owner)}'s team, invited you to join it on Hop as ${invitation.role}.` : `${named(owner)} invited you to join their team on Hop as ${invitation.role}.`,
      "",
      `Accept the invitation (you can sign up or sign in on the way): ${link}`,
      "",
      `The link works once and expires on ${expiresAt.toUTCString()}.`,
      "If you did not expect this invitation, ignore this e-mail.",
    ].join("\n"),
  });
  return { ...invitation, path: invitationPath(token), link, emailed };
}

/** The owner's invitations, open and expired (an expired one can be sent again). */
export function listInvitations(db: Db, ownerId: string) {
  return db.teamInvitation.findMany({
    where: { ownerId },
    orderBy: { createdAt: "asc" },
    select: { id: true, email: true, role: true, expiresAt: true, createdAt: true },
  });
}

/** The navigation's badge: the account's links nobody has used yet, and memberships waiting for its answer. */
export async function countPendingInvitations(db: Db, accountId: string, now = new Date()): Promise<number> {
  const [sent, waiting] = await Promise.all([
    db.teamInvitation.count({ where: { ownerId: accountId, expiresAt: { gt: now } } }),
    db.teamMembership.count({ where: { memberId: accountId, status: "pending" } }),
  ]);
  return sent + waiting;
}

export async function cancelInvitation(db: Db, ownerId: string, invitationId: string) {
  await db.$transaction(async (tx) => {
    const result = await tx.teamInvitation.deleteMany({ where: { id: invitationId, ownerId } });
    if (result.count === 0) throw new HopError("not_found", { message: "No such invitation from your team." });
    await recordAudit(tx, ownerId, { action: "invitation.cancelled", target: { type: "invitation", id: invitationId } });
  });
  return { id: invitationId, cancelled: true };
}

/** What the invitation page shows to whoever holds the link; null for a used, unknown or expired one. */
export async function findInvitationByToken(db: Db, token: string, now = new Date()) {
  if (!InvitationToken.safeParse(token).success) return null;
  return db.teamInvitation.findFirst({
    where: { tokenHash: tokenHash(token), expiresAt: { gt: now } },
    select: { ownerId: true, role: true, expiresAt: true, owner: { select: { email: true, name: true } } },
  });
}

/**
 * The signed-in account joins the team the link names, with its role (an existing membership takes
 * the new role). The link is used up in the same transaction, so two accepts cannot both succeed.
 */
export async function acceptInvitationLink(db: Db, accountId: string, token: string, now = new Date()) {
  if (!InvitationToken.safeParse(token).success) throw notValid();
  return db.$transaction(async (tx) => {
    const invitation = await tx.teamInvitation.findFirst({ where: { tokenHash: tokenHash(token), expiresAt: { gt: now } }, select: { id: true, ownerId: true, role: true } });
    if (!invitation) throw notValid();
    if (invitation.ownerId === accountId) throw new HopError("invalid_request", { message: "This invitation is to your own team: share the link with the person you invited." });
    const used = await tx.teamInvitation.deleteMany({ where: { id: invitation.id, tokenHash: tokenHash(token) } });
    if (used.count === 0) throw notValid();
    const membership = await tx.teamMembership.upsert({
      where: { ownerId_memberId: { ownerId: invitation.ownerId, memberId: accountId } },
      create: { id: newId("tm"), ownerId: invitation.ownerId, memberId: accountId, role: invitation.role, status: "active" },
      update: { role: invitation.role, status: "active" },
      select: { id: true, ownerId: true, role: true, status: true },
    });
    await recordAudit(tx, invitation.ownerId, { action: "member.joined", target: { type: "membership", id: membership.id }, changes: { role: membership.role, status: membership.status }, details: { invitationId: invitation.id } });
    return membership;
  });
}

/** What inviting answers, once: the link's path is never stored. */
export type MadeInvitation = Awaited<ReturnType<typeof inviteMember>>;
