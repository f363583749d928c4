import type { Database } from "../lib/database";
import { indexPendingSkeletons } from "../sources/distinct-plates.repository";
import type { JobDefinition } from "./scheduler";

/**
 * Issue 19: moves the skeletons ingest queued (plates seen for the first time) into the symmetric-delete
 * index a Similar search probes, in batches, until the queue is empty (jobs/scheduler.ts: once per
 * interval across replicas). Until then a search checks the queued skeletons directly, so nothing is
 * missed meanwhile; the job keeps that queue short.
 */
export function skeletonIndexJob(prisma: Database, intervalMs: number): JobDefinition {
  return {
    name: "skeleton-index",
    intervalMs,
    async run(signal) {
      let skeletons = 0;
      for (let moved = -1; moved !== 0 && !signal.aborted;) {
        moved = await indexPendingSkeletons(prisma);
        skeletons += moved;
      }
      return skeletons > 0 ? { skeletons } : undefined;
    },
  };
}
