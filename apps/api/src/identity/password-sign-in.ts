import { verifyPassword, type PrismaClient } from "@odin/db";
import { builtInSubject } from "./provider";
import { recordFailedSignIn } from "./sign-in-failures.repository";

export const SIGN_IN_MESSAGES = {
  invalid: "Invalid username or password.",
  locked:
    "This account is locked after too many failed sign-ins. Ask your agency's admin or the owner to unlock it.",
  notApproved: "Your account has not been approved yet. Ask your agency's admin to approve it.",
} as const;

export type SignInResult = { ok: true; subject: string } | { ok: false; message: string };

// Verified against when the username is unknown, so a miss costs as much time as a wrong password.
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$" + "A".repeat(86);

/**
 * Checks a username and password of the built-in provider. Five failures within 15 minutes lock the
 * account until an admin or the owner unlocks it; the counter restarts after a quiet 15 minutes.
 */
export async function signInWithPassword(
  prisma: PrismaClient,
  username: string,
  password: string,
  now = new Date(),
): Promise<SignInResult> {
  const user = await prisma.user.findFirst({
    where: { username: { equals: username.trim(), mode: "insensitive" }, deletedAt: null },
  });
  if (!user?.passwordHash) {
    await verifyPassword(password, DUMMY_HASH);
    return { ok: false, message: SIGN_IN_MESSAGES.invalid };
  }
  if (user.lockedAt) return { ok: false, message: SIGN_IN_MESSAGES.locked };

  if (!(await verifyPassword(password, user.passwordHash))) {
    const locked = await recordFailedSignIn(prisma, user.id, now);
    return { ok: false, message: locked ? SIGN_IN_MESSAGES.locked : SIGN_IN_MESSAGES.invalid };
  }
  if (!user.approved) return { ok: false, message: SIGN_IN_MESSAGES.notApproved };

  const subject = user.idpSubject ?? builtInSubject(user.id);
  await prisma.user.update({
    where: { id: user.id },
    data: { idpSubject: subject, failedLoginCount: 0, firstFailedLoginAt: null, lastLoginAt: now },
  });
  return { ok: true, subject };
}
