import { MESSAGES } from "@odin/contract";
import type { Prisma, PrismaClient } from "@odin/db";
import { AppError } from "../../lib/app-error";

type Db = PrismaClient | Prisma.TransactionClient;

/** Every agency by name (GET /agencies-data, camera assignment): active or not, `{ id, name }` only. */
export function findAgencies(prisma: PrismaClient) {
  return prisma.agency.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

/** The agencies new users may join (the owner's add-user select): deactivated ones are left out. */
export function findActiveAgencies(prisma: PrismaClient) {
  return prisma.agency.findMany({
    where: { deactivatedAt: null },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

/** The agency a form names; an unknown id is the form's mistake (400 on agency_id), not a missing page. */
export async function findAgencyOrFail(prisma: PrismaClient, agencyId: number) {
  const agency = await prisma.agency.findUnique({ where: { id: agencyId } });
  if (!agency) {
    throw new AppError("VALIDATION_FAILED", "Select an agency that exists.", [
      { path: "agency_id", message: "No agency has this id." },
    ]);
  }
  return agency;
}

/** As findAgencyOrFail, and the agency must be active: a deactivated agency takes no new users. */
export async function findActiveAgencyOrFail(prisma: PrismaClient, agencyId: number) {
  const agency = await findAgencyOrFail(prisma, agencyId);
  if (agency.deactivatedAt) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.agencyDeactivatedNoNewUsers, [
      { path: "agency_id", message: MESSAGES.agencyDeactivatedNoNewUsers },
    ]);
  }
  return agency;
}

// ───────────── The owner's agency management (issue 15) ─────────────

export interface AgencyFields {
  name: string;
  code: string;
  timeZone: string;
  retentionDays: number | null;
}

export interface UserCounts {
  users: number;
  admins: number;
}

/** Every agency, active or not, by name. */
export function findAllAgencies(db: Db) {
  return db.agency.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export function findAgencyById(db: Db, id: number) {
  return db.agency.findUnique({ where: { id } });
}

/** Users (not deleted) and admins per agency id, in one query. */
export async function countUsersByAgency(db: Db, agencyIds?: number[]): Promise<Map<number, UserCounts>> {
  const groups = await db.user.groupBy({
    by: ["agencyId", "role"],
    where: { deletedAt: null, agencyId: agencyIds ? { in: agencyIds } : { not: null } },
    _count: { _all: true },
  });
  const counts = new Map<number, UserCounts>();
  for (const group of groups) {
    if (group.agencyId === null) continue;
    const entry = counts.get(group.agencyId) ?? { users: 0, admins: 0 };
    entry.users += group._count._all;
    if (group.role === "admin") entry.admins += group._count._all;
    counts.set(group.agencyId, entry);
  }
  return counts;
}

/** Another agency already using this name (in any case) or code; null when both are free. */
export async function findAgencyClash(
  db: Db,
  fields: Partial<Pick<AgencyFields, "name" | "code">>,
  exceptId?: number,
) {
  const or: Prisma.AgencyWhereInput[] = [];
  if (fields.name !== undefined) or.push({ name: { equals: fields.name, mode: "insensitive" } });
  if (fields.code !== undefined) or.push({ code: fields.code });
  if (or.length === 0) return null;
  return db.agency.findFirst({ where: { OR: or, ...(exceptId ? { id: { not: exceptId } } : {}) } });
}

export function insertAgency(db: Db, fields: AgencyFields) {
  return db.agency.create({ data: fields });
}

export function updateAgencyFields(db: Db, id: number, fields: Partial<AgencyFields>) {
  return db.agency.update({ where: { id }, data: fields });
}

/**
 * Deactivates (a date) or reactivates (null) an agency, only if it is not already so: answers whether
 * this call changed it, so two clicks at once record one change.
 */
export async function setAgencyDeactivatedAt(db: Db, id: number, deactivatedAt: Date | null) {
  const { count } = await db.agency.updateMany({
    where: { id, deactivatedAt: deactivatedAt ? null : { not: null } },
    data: { deactivatedAt },
  });
  return count === 1;
}

/** An agency by id that must exist (the caller's own: its id came from its user row). */
export function findAgencyByIdOrThrow(db: Db, id: number) {
  return db.agency.findUniqueOrThrow({ where: { id } });
}

/** An agency by id (all digits) or by code (any case). */
export function findAgencyByIdOrCode(db: Db, wanted: string) {
  return db.agency.findFirst({
    where: /^\d+$/.test(wanted) ? { id: Number(wanted) } : { code: wanted.toUpperCase() },
  });
}

/** An agency's name (null: no such agency). */
export function findAgencyName(db: Db, id: number) {
  return db.agency.findUnique({ where: { id }, select: { name: true } });
}
