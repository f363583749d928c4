import { hashPassword, hashToken, type Prisma, type PrismaClient, type User } from "@odin/db";
import { recordPasswordHistory } from "../../identity/password-history.repository";
import { revokeUserSessions } from "../admin/users.repository";

/** The owner account (OWNER_USERNAME), deleted or not: a username once used stays with its history. */
export function findOwnerAccount(prisma: PrismaClient, ownerUsername: string) {
  return prisma.user.findFirst({
    where: { username: { equals: ownerUsername, mode: "insensitive" } },
  });
}

export interface OwnerRow {
  username: string;
  name: string;
  email: string;
  /** Built-in provider: the password; an external issuer: null, and the subject links the account. */
  password: string | null;
  subject: string | null;
}

/**
 * Creates the owner (role admin, no agency: the one cross-agency account) and its audit row in one
 * transaction. The users table's unique username and e-mail make a second, concurrent setup fail.
 */
export async function insertOwner(
  prisma: PrismaClient,
  owner: OwnerRow,
  audit: { via: "command" | "setup page"; ip: string | null; requestId: string | null },
  consumeToken?: (tx: Prisma.TransactionClient) => Promise<void>,
) {
  const passwordHash = owner.password === null ? null : await hashPassword(owner.password);
  const created = await prisma.$transaction(async (tx) => {
    await consumeToken?.(tx);
    const user = await tx.user.create({
      data: {
        username: owner.username,
        name: owner.name,
        email: owner.email,
        role: "admin",
        agencyId: null,
        approved: true,
        idpSubject: owner.subject,
        passwordHash,
      },
    });
    await tx.auditLog.create({
      data: {
        userId: user.id,
        username: user.username,
        agencyId: null,
        agencyName: null,
        action: "owner_created",
        detail: { via: audit.via, email: user.email, ...(owner.subject ? { subject: owner.subject } : {}) },
        ip: audit.ip,
        requestId: audit.requestId,
      },
    });
    return user;
  });
  // Odin has its owner: no setup link, of this start or an earlier one, is kept (after the commit:
  // deleting inside it would wait on, and deadlock with, a concurrent setup's claim of its own link).
  await prisma.setupToken.deleteMany({});
  return created;
}

/** A new setup token's hash, valid until `expiresAt`. */
export async function insertSetupToken(prisma: PrismaClient, token: string, expiresAt: Date) {
  await prisma.setupToken.create({ data: { tokenHash: hashToken(token), expiresAt } });
}

/** A new start's setup token, the earlier starts' ones deleted in the same transaction. */
export async function replaceSetupTokens(prisma: PrismaClient, token: string, expiresAt: Date) {
  await prisma.$transaction([
    prisma.setupToken.deleteMany({}),
    prisma.setupToken.create({ data: { tokenHash: hashToken(token), expiresAt } }),
  ]);
}

export function findSetupToken(prisma: PrismaClient, token: string) {
  return prisma.setupToken.findUnique({ where: { tokenHash: hashToken(token) } });
}

/**
 * Marks a token used, only if it is still unused and unexpired: the conditional update is the check,
 * so two posts of one link cannot both pass it.
 */
export async function useSetupToken(tx: Prisma.TransactionClient, token: string, now: Date) {
  const { count } = await tx.setupToken.updateMany({
    where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

/**
 * The owner's way back in when locked out or its password is lost: a new password, the lockout lifted,
 * every session of the owner ended, and an audit row, together. Only from the server (odin setup).
 */
export async function replaceOwnerPassword(prisma: PrismaClient, owner: User, password: string) {
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await prisma.$transaction(async (tx) => {
    await recordPasswordHistory(tx, owner.id, passwordHash, owner.passwordHash);
    await tx.user.update({
      where: { id: owner.id },
      data: {
        passwordHash,
        lockedAt: null,
        failedLoginCount: 0,
        firstFailedLoginAt: null,
        mustChangePassword: false,
      },
    });
    await revokeUserSessions(tx, owner.id, now);
    await tx.auditLog.create({
      data: {
        userId: owner.id,
        username: owner.username,
        action: "owner_password_reset",
        detail: { via: "command", unlocked: Boolean(owner.lockedAt) },
      },
    });
  });
}
