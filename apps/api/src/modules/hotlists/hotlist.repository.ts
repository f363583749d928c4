import type { Prisma, PrismaClient } from "@odin/db";
import type { Actor } from "../../access/actor";
import { visibleGroupsWhere } from "./group-access";

type Db = PrismaClient | Prisma.TransactionClient;

/** Users who may be group members and appear in the pickers: the agency's approved, not-deleted users. */
/** People of the agency a group can name (never an API client's account, issue 38 item 2). */
const pickableUsers = (agencyId: number) => ({
  agencyId,
  approved: true,
  deletedAt: null,
  serviceAccount: false,
});

const PLATE_WITH_ADDER = {
  addedBy: { select: { name: true, agency: { select: { name: true } } } },
} as const;

/** The groups of GET /alerts-data with each one's latest alert (by the read's time). */
export function findGroupCards(prisma: Db, auth: Pick<Actor, "user">) {
  return prisma.hotlistGroup.findMany({
    where: visibleGroupsWhere(auth),
    select: {
      id: true,
      name: true,
      imagePath: true,
      alerts: {
        orderBy: [{ timestamp: "desc" }, { id: "desc" }],
        take: 1,
        select: { timestamp: true, imagePath: true, axisDetectionId: true },
      },
    },
  });
}

export function findGroupMembers(prisma: Db, groupId: number) {
  return prisma.user.findMany({
    where: { groupMemberships: { some: { groupId } } },
    select: { id: true, name: true, email: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

/** A group's plates, newest first, with who added them and from which agency. */
export function findGroupPlates(prisma: Db, groupId: number) {
  return prisma.hotlistPlate.findMany({
    where: { groupId },
    include: PLATE_WITH_ADDER,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export type PlateWithAdder = Awaited<ReturnType<typeof findGroupPlates>>[number];

/** The agency's pickable users, by name, with its name (the key of users_by_agency). */
export async function findPickableUsers(prisma: Db, agencyId: number | null) {
  if (agencyId === null) return { agencyName: null, users: [] };
  const [agency, users] = await Promise.all([
    prisma.agency.findUnique({ where: { id: agencyId }, select: { name: true } }),
    prisma.user.findMany({
      where: pickableUsers(agencyId),
      select: { id: true, name: true, email: true, hotlistAdmin: true, hotlistViewer: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    }),
  ]);
  return { agencyName: agency?.name ?? null, users };
}

/** Which of `userIds` are pickable users of the agency. */
export async function findPickableUserIds(prisma: Db, agencyId: number, userIds: readonly number[]) {
  if (userIds.length === 0) return new Set<number>();
  const users = await prisma.user.findMany({
    where: { id: { in: [...userIds] }, ...pickableUsers(agencyId) },
    select: { id: true },
  });
  return new Set(users.map((user) => user.id));
}

/** Makes the group's members exactly `userIds`. */
export async function replaceGroupMembers(tx: Prisma.TransactionClient, groupId: number, userIds: number[]) {
  await tx.hotlistGroupMember.deleteMany({ where: { groupId, userId: { notIn: userIds } } });
  if (userIds.length > 0) {
    await tx.hotlistGroupMember.createMany({
      data: userIds.map((userId) => ({ groupId, userId })),
      skipDuplicates: true,
    });
  }
}

/** Deletes plates and answers the attachment files they held (to remove once the work commits). */
export async function deletePlates(tx: Prisma.TransactionClient, where: Prisma.HotlistPlateWhereInput) {
  const plates = await tx.hotlistPlate.findMany({ where, select: { id: true, attachmentPath: true } });
  if (plates.length === 0) return { count: 0, attachments: [] as string[] };
  await tx.hotlistPlate.deleteMany({ where: { id: { in: plates.map((plate) => plate.id) } } });
  return {
    count: plates.length,
    attachments: plates.flatMap((plate) => (plate.attachmentPath ? [plate.attachmentPath] : [])),
  };
}

/** A plate row as the group forms and uploads insert it. */
export type NewPlateRow = Prisma.HotlistPlateCreateManyInput;

/** Creates a group with its members; answers it. */
export function insertGroup(
  tx: Prisma.TransactionClient,
  group: {
    agencyId: number;
    name: string;
    description: string | null;
    imagePath: string | null;
    createdById: number;
    memberIds: readonly number[];
  },
) {
  const { memberIds, ...fields } = group;
  return tx.hotlistGroup.create({
    data: { ...fields, members: { create: memberIds.map((userId) => ({ userId })) } },
  });
}

export async function insertPlates(tx: Prisma.TransactionClient, rows: NewPlateRow[]): Promise<void> {
  await tx.hotlistPlate.createMany({ data: rows });
}

export function insertPlate(tx: Prisma.TransactionClient, row: Prisma.HotlistPlateUncheckedCreateInput) {
  return tx.hotlistPlate.create({ data: row });
}

/** The group's picture path when it is not archived; null when it is (or does not exist). */
export function findActiveGroupImage(tx: Db, groupId: number) {
  return tx.hotlistGroup.findFirst({ where: { id: groupId, archived: false }, select: { imagePath: true } });
}

export async function updateGroupFields(
  tx: Prisma.TransactionClient,
  groupId: number,
  data: { name: string; description: string | null; imagePath?: string },
): Promise<void> {
  await tx.hotlistGroup.update({ where: { id: groupId }, data });
}

/** Archives the group unless it already is; answers whether this call archived it. */
export async function archiveGroupRow(tx: Prisma.TransactionClient, groupId: number): Promise<boolean> {
  const archived = await tx.hotlistGroup.updateMany({
    where: { id: groupId, archived: false },
    data: { archived: true, archivedAt: new Date() },
  });
  return archived.count > 0;
}

export function findPlateOfGroup(tx: Db, plateId: number, groupId: number) {
  return tx.hotlistPlate.findFirst({ where: { id: plateId, groupId } });
}

/** The group's entries among these normalized plates (read inside the transaction that adds them). */
export function findListedEntries(tx: Db, groupId: number, plateNormalized: string[]) {
  return tx.hotlistPlate.findMany({
    where: { groupId, plateNormalized: { in: plateNormalized } },
    select: { plateNormalized: true, state: true },
  });
}

/** A plate with this attachment in a group the caller may see. */
export function findVisiblePlateAttachment(
  db: Db,
  auth: Pick<Actor, "user">,
  plateId: number,
  filename: string,
) {
  return db.hotlistPlate.findFirst({
    where: { id: plateId, attachmentPath: filename, group: visibleGroupsWhere(auth) },
    select: { id: true },
  });
}

/** A plate with this attachment in a group not archived, with the attachment's checked type. */
export function findActivePlateAttachment(db: Db, plateId: number, filename: string) {
  return db.hotlistPlate.findFirst({
    where: { id: plateId, attachmentPath: filename, group: { archived: false } },
    select: { attachmentMime: true },
  });
}
