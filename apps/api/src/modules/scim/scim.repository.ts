import type { Prisma, PrismaClient } from "@odin/db";

type Db = PrismaClient | Prisma.TransactionClient;

// ---------------------------------------------------------------------------------------------------
// Tokens

/** A live SCIM token by its hash, with whether its agency is deactivated. */
export function findLiveScimToken(db: Db, tokenHash: string) {
  return db.scimToken.findFirst({
    where: { tokenHash, revokedAt: null },
    include: { agency: { select: { deactivatedAt: true } } },
  });
}

/** Notes a token's use, at most once a minute (one conditional statement). */
export async function touchScimToken(db: Db, id: number, now: Date): Promise<void> {
  await db.scimToken.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - 60_000) } }] },
    data: { lastUsedAt: now },
  });
}

/** The agency's live token, if any. */
export function findAgencyScimToken(db: Db, agencyId: number) {
  return db.scimToken.findFirst({ where: { agencyId, revokedAt: null }, orderBy: { id: "desc" } });
}

/** Revokes every live token of the agency, answering how many there were. */
export async function revokeAgencyScimTokens(db: Db, agencyId: number, now: Date): Promise<number> {
  const { count } = await db.scimToken.updateMany({
    where: { agencyId, revokedAt: null },
    data: { revokedAt: now },
  });
  return count;
}

export function insertScimToken(db: Db, data: { agencyId: number; tokenHash: string; createdBy: number }) {
  return db.scimToken.create({ data });
}

/** Holds the agency's row until the transaction ends, so two rotations at once leave one live token. */
export async function lockAgency(tx: Prisma.TransactionClient, agencyId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM agencies WHERE id = ${agencyId} FOR UPDATE`;
}

// ---------------------------------------------------------------------------------------------------
// Users

/** The users SCIM sees: the agency's, not deleted, never the owner. */
function agencyUsers(agencyId: number, ownerUsername: string): Prisma.UserWhereInput {
  return {
    agencyId,
    deletedAt: null,
    serviceAccount: false,
    NOT: { username: { equals: ownerUsername, mode: "insensitive" } },
  };
}

export interface ScimUserFilter {
  userName?: string;
  email?: string;
  externalId?: string | null;
  id?: number;
}

function userFilter(filter: ScimUserFilter): Prisma.UserWhereInput {
  return {
    ...(filter.userName !== undefined ? { username: { equals: filter.userName, mode: "insensitive" } } : {}),
    ...(filter.email !== undefined ? { email: filter.email.toLowerCase() } : {}),
    ...(filter.externalId !== undefined ? { scimExternalId: filter.externalId } : {}),
    ...(filter.id !== undefined ? { id: filter.id } : {}),
  };
}

/** One page of the agency's users, by id (a stable order, as Okta's paging needs), and the total. */
export async function findScimUsers(
  db: Db,
  agencyId: number,
  ownerUsername: string,
  filter: ScimUserFilter,
  skip: number,
  take: number,
) {
  const where = { AND: [agencyUsers(agencyId, ownerUsername), userFilter(filter)] };
  const [rows, total] = await Promise.all([
    take > 0 ? db.user.findMany({ where, orderBy: { id: "asc" }, skip, take }) : Promise.resolve([]),
    db.user.count({ where }),
  ]);
  return { rows, total };
}

export function findScimUser(db: Db, agencyId: number, ownerUsername: string, userId: number) {
  return db.user.findFirst({ where: { AND: [agencyUsers(agencyId, ownerUsername), { id: userId }] } });
}

/** Which of these ids are users SCIM may put in a group of the agency. */
export async function findScimUserIds(
  db: Db,
  agencyId: number,
  ownerUsername: string,
  userIds: number[],
): Promise<Set<number>> {
  const rows = await db.user.findMany({
    where: { AND: [agencyUsers(agencyId, ownerUsername), { id: { in: userIds } }] },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}

/** A live user of the agency holding this external id, but `exceptUserId`. */
export function findExternalIdHolder(db: Db, agencyId: number, externalId: string, exceptUserId?: number) {
  return db.user.findFirst({
    where: {
      agencyId,
      scimExternalId: externalId,
      ...(exceptUserId !== undefined ? { NOT: { id: exceptUserId } } : {}),
    },
  });
}

/** A deleted user leaves the agency's SCIM groups. */
export async function removeUserFromScimGroups(tx: Prisma.TransactionClient, userId: number): Promise<void> {
  await tx.scimGroupMember.deleteMany({ where: { userId } });
}

// ---------------------------------------------------------------------------------------------------
// Groups

const withMembers = {
  members: { include: { user: { select: { id: true, username: true } } }, orderBy: { userId: "asc" } },
} as const;

export interface ScimGroupFilter {
  displayName?: string;
  externalId?: string | null;
  id?: string;
}

function groupFilter(agencyId: number, filter: ScimGroupFilter): Prisma.ScimGroupWhereInput {
  return {
    agencyId,
    ...(filter.displayName !== undefined ? { displayName: filter.displayName } : {}),
    ...(filter.externalId !== undefined ? { externalId: filter.externalId } : {}),
    ...(filter.id !== undefined ? { id: filter.id } : {}),
  };
}

export async function findScimGroups(
  db: Db,
  agencyId: number,
  filter: ScimGroupFilter,
  skip: number,
  take: number,
) {
  const where = groupFilter(agencyId, filter);
  const [rows, total] = await Promise.all([
    take > 0
      ? db.scimGroup.findMany({
          where,
          include: withMembers,
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          skip,
          take,
        })
      : Promise.resolve([]),
    db.scimGroup.count({ where }),
  ]);
  return { rows, total };
}

export function findScimGroup(db: Db, agencyId: number, groupId: string) {
  return db.scimGroup.findFirst({ where: { agencyId, id: groupId }, include: withMembers });
}

export function insertScimGroup(
  db: Db,
  data: { agencyId: number; displayName: string; externalId: string | null },
) {
  return db.scimGroup.create({ data, include: withMembers });
}

export async function updateScimGroup(
  db: Db,
  groupId: string,
  data: { displayName: string; externalId: string | null },
): Promise<void> {
  await db.scimGroup.update({ where: { id: groupId }, data });
}

/** Makes the group's members exactly `userIds`. */
export async function setScimGroupMembers(
  tx: Prisma.TransactionClient,
  groupId: string,
  userIds: number[],
): Promise<void> {
  await tx.scimGroupMember.deleteMany({ where: { groupId, userId: { notIn: userIds } } });
  if (userIds.length > 0) {
    await tx.scimGroupMember.createMany({
      data: userIds.map((userId) => ({ groupId, userId })),
      skipDuplicates: true,
    });
  }
  // A membership change is a change of the group (meta.lastModified).
  await tx.scimGroup.update({ where: { id: groupId }, data: { updatedAt: new Date() } });
}

export async function deleteScimGroup(tx: Prisma.TransactionClient, groupId: string): Promise<void> {
  await tx.scimGroup.delete({ where: { id: groupId } });
}

// ---------------------------------------------------------------------------------------------------
// Group mapping rules

/** The agency's mapping rules on the claim `groups` (idp_role_rules). */
export function findGroupRules(db: Db, agencyId: number) {
  return db.idpRoleRule.findMany({ where: { agencyId, claim: "groups" }, orderBy: { id: "asc" } });
}

/** These users (their role and flags) and the names, external ids and ids of their SCIM groups. */
export function findUsersWithScimGroups(db: Db, userIds: number[]) {
  return db.user.findMany({
    where: { id: { in: userIds }, deletedAt: null },
    include: {
      scimGroupMemberships: {
        include: { group: { select: { id: true, displayName: true, externalId: true } } },
      },
    },
  });
}
