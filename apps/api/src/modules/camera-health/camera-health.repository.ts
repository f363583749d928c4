import { Prisma, type PrismaClient } from "@odin/db";

/** The agency a caller reaches: its own, or every agency for the owner. */
export type AgencyScope = number | "all";

export interface AxisActivityRow {
  id: number;
  last_read_at: Date | null;
  reads_24h: number;
}

/**
 * Last read and reads since `since` of each Axis integration, from `detections` through its
 * (axis_integration_id, timestamp) index: one index probe for the newest read, one range count.
 * `last_event_at` still answers once retention has purged every read.
 */
export async function findAxisActivity(
  prisma: Pick<PrismaClient, "$queryRaw">,
  integrationIds: number[],
  since: Date,
): Promise<Map<number, AxisActivityRow>> {
  if (integrationIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<AxisActivityRow[]>(Prisma.sql`
    SELECT i.id, GREATEST(i.last_event_at, latest.timestamp) AS last_read_at, recent.reads AS reads_24h
    FROM axis_integrations i
    LEFT JOIN LATERAL (
      SELECT d.timestamp FROM detections d WHERE d.axis_integration_id = i.id ORDER BY d.timestamp DESC LIMIT 1
    ) latest ON TRUE
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS reads FROM detections d WHERE d.axis_integration_id = i.id AND d.timestamp >= ${since}
    ) recent
    WHERE i.id = ANY(${integrationIds}::int[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The Axis integrations (not deleted) of the scope, with their agency's name. */
export function findLiveAxisIntegrations(prisma: PrismaClient, scope: AgencyScope) {
  return prisma.axisIntegration.findMany({
    where: { deletedAt: null, ...(scope === "all" ? {} : { axisAgency: { agencyId: scope } }) },
    select: {
      id: true,
      identifier: true,
      label: true,
      pausedAt: true,
      axisAgency: { select: { agencyId: true, agency: { select: { name: true } } } },
    },
    orderBy: { id: "asc" },
  });
}

/**
 * The Rekor cameras of the scope: those assigned to the agency, and the unassigned ones learnt through
 * one of its keys.
 */
export function findRekorCamerasOf(prisma: PrismaClient, scope: AgencyScope) {
  return prisma.rekorCamera.findMany({
    where:
      scope === "all"
        ? {}
        : { OR: [{ agencyId: scope }, { agencyId: null, rekorApiKey: { agencyId: scope } }] },
    select: {
      id: true,
      cameraId: true,
      cameraName: true,
      siteName: true,
      lastSeenAt: true,
      lastReadInSearchAt: true,
      agencyId: true,
      agency: { select: { name: true } },
      rekorApiKey: { select: { agencyId: true, agency: { select: { name: true } } } },
    },
    orderBy: { id: "asc" },
  });
}
