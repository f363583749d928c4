import type { Prisma, PrismaClient, RekorCamera } from "@odin/db";

type Db = PrismaClient | Prisma.TransactionClient;

/** Every Rekor camera row (one per camera and key), by site, name and id. */
export function findRekorCameraRows(db: Db): Promise<RekorCamera[]> {
  return db.rekorCamera.findMany({ orderBy: [{ siteName: "asc" }, { cameraName: "asc" }, { id: "asc" }] });
}

/** The rows of one camera (seen through one key or several), oldest first. */
export function findRekorCameraRowsById(db: Db, cameraId: string): Promise<RekorCamera[]> {
  return db.rekorCamera.findMany({ where: { cameraId }, orderBy: { id: "asc" } });
}

export interface CameraCorrection {
  correctedLatitude: number | null;
  correctedLongitude: number | null;
  agencyId: number | null;
  isManual: boolean;
}

/** Sets the correction on these rows. */
export async function correctRekorCameraRows(
  tx: Prisma.TransactionClient,
  ids: number[],
  data: CameraCorrection,
): Promise<void> {
  await tx.rekorCamera.updateMany({ where: { id: { in: ids } }, data });
}

export function findRekorCameraRow(db: Db, id: number): Promise<RekorCamera> {
  return db.rekorCamera.findUniqueOrThrow({ where: { id } });
}
