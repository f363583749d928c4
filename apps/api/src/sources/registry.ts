import type { PrismaClient } from "@odin/db";
import { createAxisSource } from "./axis/axis.source";
import type { DetectionSource } from "./detection-source";

/**
 * Every source a search fans out to. Rekor and Axon (searched remotely through their APIs) join here
 * with their adapters; Axis is searched in Odin's own detections table.
 */
export function createSources(deps: { prisma: PrismaClient }): DetectionSource[] {
  return [createAxisSource(deps.prisma)];
}
