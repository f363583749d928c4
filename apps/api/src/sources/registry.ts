import type { PrismaClient, SecretBox } from "@odin/db";
import { createAxisSource } from "./axis/axis.source";
import { createAxonSource } from "./axon/axon.source";
import type { DetectionSource } from "./detection-source";
import type { ImageHandles } from "./image-handle";

/** What the source adapters need: the database, the secrets box (vendor keys) and the image handles. */
export interface SourceDeps {
  prisma: PrismaClient;
  secrets: SecretBox;
  handles: ImageHandles;
}

/**
 * Every source a search fans out to. Rekor and Axon are searched remotely through their APIs; Axis is
 * searched in Odin's own detections table.
 */
export function createSources(deps: SourceDeps): DetectionSource[] {
  return [createAxonSource(deps), createAxisSource(deps.prisma)];
}
