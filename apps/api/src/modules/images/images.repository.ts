import type { PrismaClient } from "@odin/db";

/**
 * A stored Axis read's integration and picture path, by detection id (one probe of each partition's
 * primary-key index: the key is (id, timestamp), issue 21, and id alone is unique in practice).
 */
export function findAxisDetectionImage(db: Pick<PrismaClient, "detection">, id: bigint) {
  return db.detection.findFirst({ where: { id }, select: { axisIntegrationId: true, imagePath: true } });
}
