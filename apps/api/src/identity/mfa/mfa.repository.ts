import type { PrismaClient } from "@odin/db";

/** Prisma for multi-factor sign-in: secrets arrive sealed, codes arrive hashed. */

export async function readInstanceMfaRequired(prisma: PrismaClient): Promise<boolean> {
  const row = await prisma.instanceSetting.findUnique({ where: { id: 1 }, select: { mfaRequired: true } });
  return row?.mfaRequired ?? false;
}

export async function writeInstanceMfaRequired(prisma: PrismaClient, required: boolean): Promise<void> {
  await prisma.instanceSetting.upsert({
    where: { id: 1 },
    create: { id: 1, mfaRequired: required },
    update: { mfaRequired: required },
  });
}

export async function writeAgencyMfaRequired(prisma: PrismaClient, agencyId: number, required: boolean) {
  await prisma.agency.update({ where: { id: agencyId }, data: { mfaRequired: required } });
}

export async function readAgencyMfaRequired(prisma: PrismaClient, agencyId: number | null): Promise<boolean> {
  if (agencyId === null) return false;
  const agency = await prisma.agency.findUnique({ where: { id: agencyId }, select: { mfaRequired: true } });
  return agency?.mfaRequired ?? false;
}

export async function savePendingSecret(prisma: PrismaClient, userId: number, sealed: string) {
  await prisma.user.update({ where: { id: userId }, data: { mfaPendingSecret: sealed } });
}

/**
 * Puts the pending secret in force with its first code's step and a fresh set of recovery codes, in
 * one transaction; false when the pending secret changed meanwhile (another set-up started).
 */
export async function activatePendingSecret(
  prisma: PrismaClient,
  userId: number,
  sealed: string,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const updated = await tx.user.updateMany({
      where: { id: userId, mfaPendingSecret: sealed },
      data: { mfaSecret: sealed, mfaPendingSecret: null, mfaEnabledAt: new Date(), mfaLastStep: step },
    });
    if (updated.count !== 1) return false;
    await tx.mfaRecoveryCode.deleteMany({ where: { userId } });
    await tx.mfaRecoveryCode.createMany({ data: codeHashes.map((codeHash) => ({ userId, codeHash })) });
    return true;
  });
}

/**
 * Claims a TOTP time step in one statement: only a step later than the last accepted one passes, so
 * a code (or an older code of the window) is never accepted twice, even by requests racing each other.
 */
export async function claimTotpStep(prisma: PrismaClient, userId: number, step: number): Promise<boolean> {
  const claimed = await prisma.$executeRaw`
    UPDATE users SET mfa_last_step = ${step}, updated_at = now()
    WHERE id = ${userId} AND mfa_secret IS NOT NULL AND (mfa_last_step IS NULL OR mfa_last_step < ${step})`;
  return claimed === 1;
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function claimRecoveryCode(prisma: PrismaClient, userId: number, codeHash: string) {
  const claimed = await prisma.mfaRecoveryCode.updateMany({
    where: { userId, codeHash, usedAt: null },
    data: { usedAt: new Date() },
  });
  return claimed.count === 1;
}

export function countUnusedRecoveryCodes(prisma: PrismaClient, userId: number): Promise<number> {
  return prisma.mfaRecoveryCode.count({ where: { userId, usedAt: null } });
}

/** The user has no second factor any more: secret, set-up in progress and recovery codes gone. */
export async function clearMfa(prisma: PrismaClient, userId: number): Promise<void> {
  await prisma.$transaction([
    prisma.user.update({
      where: { id: userId },
      data: { mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null },
    }),
    prisma.mfaRecoveryCode.deleteMany({ where: { userId } }),
  ]);
}
