import type { PrismaClient } from "@odin/db";

/** A stored Axis read's integration and picture path, by detection id. */
export function findAxisDetectionImage(db: Pick<PrismaClient, "detection">, id: bigint) {
  return db.detection.findUnique({ where: { id }, select: { axisIntegrationId: true, imagePath: true } });
}
