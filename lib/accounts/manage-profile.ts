import bcrypt from "bcryptjs";
import { z } from "zod";
import type { Db } from "../db/open";
import { HopError } from "../errors";
import { isUniqueViolation } from "../db/errors";

export const UpdateProfileInput = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
});

export const ChangePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(200),
  newPassword: z.string().min(8, "Use at least 8 characters.").max(200, "Use at most 200 characters."),
});

export async function updateProfile(db: Db, accountId: string, input: z.infer<typeof UpdateProfileInput>) {
  try {
    const account = await db.account.update({ where: { id: accountId }, data: { name: input.name, email: input.email } });
    return { id: account.id, name: account.name, email: account.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HopError("invalid_request", { message: "Another account uses this e-mail.", field: "email", status: 409 });
    throw error;
  }
}

/** Checks the current password, stores the new one and ends every session (the caller re-issues its own). */
export async function changePassword(db: Db, accountId: string, input: z.infer<typeof ChangePasswordInput>) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { passwordHash: true } });
  if (!account.passwordHash || !(await bcrypt.compare(input.currentPassword, account.passwordHash))) {
    throw new HopError("invalid_request", { message: "The current password is not correct.", field: "currentPassword" });
  }
  const passwordHash = await bcrypt.hash(input.newPassword, 10);
  const updated = await db.account.update({
    where: { id: accountId },
    data: { passwordHash, sessionVersion: { increment: 1 } },
    select: { id: true, email: true, name: true, sessionVersion: true },
  });
  return updated;
}

/** "Sign out everywhere": every session token of the account stops being accepted. */
export async function endAllSessions(db: Db, accountId: string) {
  await db.account.update({ where: { id: accountId }, data: { sessionVersion: { increment: 1 } } });
}
