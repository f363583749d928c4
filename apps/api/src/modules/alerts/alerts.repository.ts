import { Prisma, type Alert, type PrismaClient, type User } from "@odin/db";
import { visibleGroupsWhere } from "../hotlists/group-access";

type Viewer = { user: User };

/** What the history may be narrowed to; `after` is the last alert of the previous page. */
export interface AlertHistoryFilter {
  plate?: string;
  camera?: string;
  from?: Date;
  to?: Date;
  disposition?: string;
  after?: { timestamp: Date; id: number };
}

/**
 * A page of a group's alerts, newest first by the read's time, then id (the (group_id, timestamp, id)
 * index): keyset paging, so a page costs the same however far back it is, and alerts arriving meanwhile
 * never shift the next page.
 */
export function findGroupAlerts(
  prisma: PrismaClient,
  groupId: number,
  limit: number,
  filter: AlertHistoryFilter = {},
): Promise<Alert[]> {
  const where: Prisma.AlertWhereInput[] = [{ groupId }];
  if (filter.plate) where.push({ plate: { contains: filter.plate, mode: "insensitive" } });
  if (filter.camera) where.push({ camera: { contains: filter.camera, mode: "insensitive" } });
  if (filter.from) where.push({ timestamp: { gte: filter.from } });
  if (filter.to) where.push({ timestamp: { lte: filter.to } });
  if (filter.disposition) {
    where.push({ disposition: filter.disposition === "none" ? null : filter.disposition });
  }
  if (filter.after) {
    const { timestamp, id } = filter.after;
    where.push({ OR: [{ timestamp: { lt: timestamp } }, { timestamp, id: { lt: id } }] });
  }
  return prisma.alert.findMany({
    where: { AND: where },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: limit,
  });
}

/** How many alerts of these groups nobody has acknowledged (the partial index on group_id). */
export function countUnacknowledged(prisma: PrismaClient, groupIds: readonly number[]): Promise<number> {
  if (groupIds.length === 0) return Promise.resolve(0);
  return prisma.alert.count({ where: { groupId: { in: [...groupIds] }, acknowledgedAt: null } });
}

export interface CameraMisreadRow {
  source_program: string;
  camera: string | null;
  misreads: number;
  judged: number;
  last_misread_at: Date;
}

/** Per camera of the agency's groups' alerts: how many were judged, and how many of them misreads. */
export function findMisreadsByCamera(prisma: PrismaClient, agencyId: number | "all") {
  const agency = agencyId === "all" ? Prisma.empty : Prisma.sql`AND g.agency_id = ${agencyId}`;
  return prisma.$queryRaw<CameraMisreadRow[]>`
    SELECT a.source_program, a.camera,
      count(*) FILTER (WHERE a.disposition = 'incorrect_read')::int AS misreads,
      count(*)::int AS judged,
      max(a.timestamp) FILTER (WHERE a.disposition = 'incorrect_read') AS last_misread_at
    FROM alerts a JOIN hotlist_groups g ON g.id = a.group_id
    WHERE a.disposition IS NOT NULL ${agency}
    GROUP BY a.source_program, a.camera
    HAVING count(*) FILTER (WHERE a.disposition = 'incorrect_read') > 0
    ORDER BY misreads DESC, a.camera`;
}

/** The alert, when its group is one the viewer may see. */
export function findVisibleAlert(prisma: PrismaClient, viewer: Viewer, id: number): Promise<Alert | null> {
  return prisma.alert.findFirst({ where: { id, group: visibleGroupsWhere(viewer) } });
}

/** Which of these groups (all the viewer's when `groupIds` is absent) the viewer may see. */
export async function findVisibleGroupIds(
  prisma: PrismaClient,
  viewer: Viewer,
  groupIds?: readonly number[],
): Promise<number[]> {
  const groups = await prisma.hotlistGroup.findMany({
    where: { ...visibleGroupsWhere(viewer), ...(groupIds ? { id: { in: [...groupIds] } } : {}) },
    select: { id: true },
  });
  return groups.map((group) => group.id);
}

/**
 * An alert of a group the viewer may see that shows this picture. The viewer's groups are listed
 * first, so the search runs on the alerts index by group instead of every alert's image path.
 */
export async function findVisibleAlertByImage(prisma: PrismaClient, viewer: Viewer, imagePath: string) {
  const groupIds = await findVisibleGroupIds(prisma, viewer);
  if (groupIds.length === 0) return null;
  return prisma.alert.findFirst({
    where: { groupId: { in: groupIds }, imagePath },
    select: { sourceProgram: true, imagePath: true, group: { select: { agencyId: true } } },
  });
}

/** The user again (a live stream outlasts the request that opened it). */
export function findUser(prisma: PrismaClient, id: number): Promise<User | null> {
  return prisma.user.findUnique({ where: { id } });
}

// ───────────── The alert bus's reads (stream/alert-bus.ts) ─────────────

/** These alerts, in id (commit) order; ids of deleted alerts are skipped. */
export function findAlertsByIds(prisma: PrismaClient, ids: number[]): Promise<Alert[]> {
  return prisma.alert.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
}

/** The newest alert's id (0 when there is none). */
export async function findLatestAlertId(prisma: PrismaClient): Promise<number> {
  const latest = await prisma.alert.aggregate({ _max: { id: true } });
  return latest._max.id ?? 0;
}

/** The ids of the alerts after `afterId`, oldest first, at most `take`. */
export async function findAlertIdsAfter(
  prisma: PrismaClient,
  afterId: number,
  take: number,
): Promise<number[]> {
  const rows = await prisma.alert.findMany({
    where: { id: { gt: afterId } },
    orderBy: { id: "asc" },
    take,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

// ───────────── The desk's writes (alerts.service.ts), inside the transaction of their audit row ─────────────

/** Sets or clears an alert's disposition; answers the alert as saved. */
export async function updateAlertDisposition(
  tx: Prisma.TransactionClient,
  id: number,
  data: Pick<
    Prisma.AlertUncheckedUpdateInput,
    "disposition" | "dispositionNote" | "dispositionById" | "dispositionBy" | "dispositionAt"
  >,
): Promise<Alert> {
  // By id alone: the key is (id, timestamp) since alerts are partitioned by the read's time.
  await tx.alert.updateMany({ where: { id }, data });
  return tx.alert.findFirstOrThrow({ where: { id } });
}

/**
 * Acknowledges an alert only if it still is unacknowledged (of two at once, the first one's name
 * stays); answers the alert as it then is.
 */
export async function acknowledgeAlertRow(
  tx: Prisma.TransactionClient,
  id: number,
  by: { id: number; name: string },
): Promise<Alert> {
  await tx.alert.updateMany({
    where: { id, acknowledgedAt: null },
    data: { acknowledgedAt: new Date(), acknowledgedById: by.id, acknowledgedBy: by.name },
  });
  return tx.alert.findFirstOrThrow({ where: { id } });
}
