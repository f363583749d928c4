import { Prisma, type PrismaClient } from "@odin/db";
import type { TSearchResult } from "@odin/contract";
import type { mapAxisDetection } from "../../sources/axis/axis.source";

type Db = Pick<PrismaClient, "searchSnapshot" | "$queryRaw">;

/** A stored Axis read as the export re-reads it, with the integration that took it. */
export type AxisRow = Parameters<typeof mapAxisDetection>[0] & { axis_integration_id: number };

/** Keeps a search's remote (Rekor, Axon) results until `expiresAt`, for the export of their records. */
export async function insertSearchSnapshot(
  db: Db,
  snapshot: {
    id: string;
    userId: number;
    agencyId: number | null;
    records: TSearchResult[];
    expiresAt: Date;
  },
): Promise<void> {
  await db.searchSnapshot.create({ data: snapshot });
}

/** The stored Axis reads among `ids` taken by one of the `integrationIds`. */
export function findAxisReads(db: Db, ids: bigint[], integrationIds: number[]): Promise<AxisRow[]> {
  return db.$queryRaw<AxisRow[]>`
              SELECT d.id, d.axis_integration_id, d.plate, d.plate_state, d.make, d.color, d.body_type,
                     d.camera_name, a.name AS agency_name, d.timestamp, d.latitude, d.longitude,
                     d.image_path, d.plate_image_path, d.plate_x1, d.plate_x2, d.plate_x3, d.plate_x4,
                     d.plate_y1, d.plate_y2, d.plate_y3, d.plate_y4
              FROM detections d JOIN agencies a ON a.id = d.agency_id
              WHERE d.id IN (${Prisma.join(ids)}) AND d.axis_integration_id IN (${Prisma.join(integrationIds)})`;
}

/** The user's snapshots among `ids` that have not expired by `now`, with their records. */
export async function findSearchSnapshots(
  db: Db,
  ids: string[],
  userId: number,
  now: Date,
): Promise<Map<string, TSearchResult[]>> {
  const snapshots = await db.searchSnapshot.findMany({
    where: { id: { in: ids }, userId, expiresAt: { gt: now } },
  });
  return new Map(snapshots.map((row) => [row.id, row.records as unknown as TSearchResult[]]));
}

/** Deletes the snapshots expired by `now`; answers how many. */
export async function deleteExpiredSearchSnapshots(db: Db, now: Date): Promise<number> {
  const { count } = await db.searchSnapshot.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
