import { Prisma, type PrismaClient, type User } from "@odin/db";
import type { TAdminUser, TOwnerUser } from "@odin/contract";
import { isLockedOut } from "../../identity/sign-in-failures.repository";

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Every account (deleted ones included: they keep their names) whose username matches one of
 * `usernames` without regard to case (the sign-in ignores case), or whose e-mail is one of `emails`.
 */
export function findNameClashes(db: Db, usernames: readonly string[], emails: readonly string[]) {
  return db.user.findMany({
    where: {
      OR: [
        ...usernames.map((username) => ({ username: { equals: username, mode: "insensitive" as const } })),
        { email: { in: [...emails] } },
      ],
    },
  });
}

/**
 * The agency's admins, locked until the transaction ends, so two admins demoting or deleting each
 * other at the same moment cannot leave the agency without one.
 */
export async function lockAgencyAdmins(tx: Prisma.TransactionClient, agencyId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM users
    WHERE agency_id = ${agencyId} AND role = 'admin' AND deleted_at IS NULL
    ORDER BY id
    FOR UPDATE`;
  return rows.map((row) => row.id);
}

/** Every token of the user stops working now: its sessions, and tokens issued without one. */
export async function revokeUserSessions(tx: Prisma.TransactionClient, userId: number, now: Date) {
  await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.user.update({
    where: { id: userId },
    // Whole seconds, as token `iat` has none (see account.service revokeSession).
    data: { tokensNotBefore: new Date(Math.ceil(now.getTime() / 1000) * 1000) },
  });
}

/** Users of one agency, or of every agency (`"all"`), by name. */
export function findActiveUsers(db: Db, agency: number | "all" | null) {
  if (agency === null) return Promise.resolve([]);
  return db.user.findMany({
    // API clients' accounts are not people: the admin screen lists them apart (issue 38 item 2).
    where: { deletedAt: null, serviceAccount: false, ...(agency === "all" ? {} : { agencyId: agency }) },
    include: { agency: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

type UserWithAgency = User & { agency: { name: string } | null };

/** An admin-table row; `locked_until` says until when a lockout (of `lockoutMs`) still holds. */
export function toAdminUser(user: UserWithAgency, lockoutMs: number, now = new Date()): TAdminUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    department: user.agency?.name ?? null,
    mfa_enabled: user.mfaSecret !== null,
    auditor: user.auditor,
    locked_until:
      user.lockedAt && isLockedOut(user, now, lockoutMs)
        ? new Date(user.lockedAt.getTime() + lockoutMs).toISOString()
        : null,
    sign_in: user.deactivatedAt
      ? "deactivated"
      : user.passwordHash !== null
        ? "password"
        : user.idpManaged
          ? "managed"
          : user.idpSubject
            ? "linked"
            : "pending",
    idp_subject: user.passwordHash !== null ? null : user.idpSubject,
  };
}

export function toOwnerUser(user: UserWithAgency, lockoutMs: number, now = new Date()): TOwnerUser {
  return {
    ...toAdminUser(user, lockoutMs, now),
    agency_id: user.agencyId,
    agency_name: user.agency?.name ?? null,
  };
}

/** A unique index refused the write: someone added the same name between the check and the insert. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** Gives or takes the auditor flag. */
export async function setUserAuditor(db: Prisma.TransactionClient, userId: number, auditor: boolean) {
  await db.user.update({ where: { id: userId }, data: { auditor } });
}

/**
 * A user the caller may administer: any user (`agencyId` "all", the owner), otherwise a not-deleted
 * user of that agency (null: of none, so nobody).
 */
export function findAdministrableUser(db: Db, userId: number, agencyId: number | "all" | null) {
  return db.user.findFirst({
    where: {
      id: userId,
      deletedAt: null,
      // An API client's account is changed through its own calls (modules/api-clients), never as a user.
      serviceAccount: false,
      ...(agencyId === "all" ? {} : { agencyId: agencyId ?? -1 }),
    },
  });
}

/** Changes these columns of one user. */
export function updateUser(db: Db, userId: number, data: Prisma.UserUncheckedUpdateInput) {
  return db.user.update({ where: { id: userId }, data });
}

export function insertUser(db: Db, data: Prisma.UserUncheckedCreateInput) {
  return db.user.create({ data });
}

export async function insertUsers(db: Db, data: Prisma.UserCreateManyInput[]): Promise<void> {
  await db.user.createMany({ data });
}

/**
 * What a deleted user leaves behind, in the transaction of the delete: no longer a member of any
 * group (alerts, member lists) and no usable reset link.
 */
export async function detachDeletedUser(
  tx: Prisma.TransactionClient,
  userId: number,
  now: Date,
): Promise<void> {
  await tx.hotlistGroupMember.deleteMany({ where: { userId } });
  await tx.passwordResetToken.updateMany({
    where: { userId, usedAt: null },
    data: { usedAt: now },
  });
}
