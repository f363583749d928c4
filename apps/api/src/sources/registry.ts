import { createAxisSource } from "./axis/axis.source";
import { createAxonSource } from "./axon/axon.source";
import { createRekorSource } from "./rekor/rekor.source";

export type { SourceDeps } from "./detection-source";
import type { DetectionSource, SourceDeps } from "./detection-source";

/**
 * Every source a search fans out to. Rekor and Axon are searched remotely through their APIs; Axis is
 * searched in Odin's own detections table.
 */
export function createSources(deps: SourceDeps): DetectionSource[] {
  return [
    createRekorSource(deps),
    createAxonSource(deps),
    createAxisSource(deps.prisma, deps.defaultRetentionDays, deps.statementTimeoutMs),
  ];
}
