import type { Database } from "../lib/database";
import type { ImageStore } from "../storage/image-store";
import type { JobDefinition } from "./scheduler";
import { purgeExpiredAlerts } from "./alert-retention";
import { retireExpiredDetectionPartitions } from "./detection-partitions";
import { deleteExpiredDetectionBatch } from "./retention.repository";

export interface RetentionOptions {
  prisma: Database;
  images: ImageStore;
  /** DETECTION_RETENTION_DAYS: for agencies without a retention of their own (agencies.retention_days). */
  retentionDays: number;
  /** ALERT_RETENTION_DAYS: when set, the scheduled run purges expired alerts first (jobs/alert-retention.ts). */
  alertRetentionDays?: number;
  /** Rows deleted per statement, so a large purge never holds long locks. */
  batchSize?: number;
  now?: () => number;
}

/**
 * Removes the stored Axis reads older than their agency's retention (its admin's policy for the
 * source, issue 23; else the owner's retention_days; else the default), with their pictures, except
 * the reads an active legal hold keeps (issue 23, heldByLegalHold in retention.repository.ts) and the
 * reads an alert points at (issue 17.6: evidence keeps its read and pictures while the alert exists;
 * alerts have their own retention).
 *
 * First whole partitions past every retention leave at once (issue 21, jobs/detection-partitions.ts),
 * then the rest row by row, in batches, oldest first. Rows go first, then their files: a crash in
 * between leaves orphan files at worst, never a row pointing at a missing picture. Answers how many
 * reads were purged.
 */
export async function purgeExpiredDetections(options: RetentionOptions): Promise<number> {
  const now = new Date(options.now?.() ?? Date.now());
  const retired = await retireExpiredDetectionPartitions({ ...options, now });
  return retired.reads + (await deleteExpiredReads({ ...options, now: () => now.getTime() }));
}

/** The row deletes of purgeExpiredDetections alone (bench/partition-drop.ts compares them with partitions). */
export async function deleteExpiredReads(options: RetentionOptions): Promise<number> {
  const now = new Date(options.now?.() ?? Date.now());
  const batchSize = options.batchSize ?? 5_000;
  let purged = 0;
  for (;;) {
    const rows = await deleteExpiredDetectionBatch(options.prisma, {
      now,
      retentionDays: options.retentionDays,
      batchSize,
    });
    if (rows.length === 0) return purged;
    purged += rows.length;
    await options.images.remove(
      rows
        .flatMap((row) => [row.image_path, row.plate_image_path])
        .filter((value): value is string => !!value),
    );
  }
}

/**
 * The purge as a background job (jobs/scheduler.ts: once per interval across replicas): alerts past
 * ALERT_RETENTION_DAYS first (so the reads and pictures they kept are free to go), then the reads.
 */
export function detectionRetentionJob(options: RetentionOptions & { intervalMs?: number }): JobDefinition {
  return {
    name: "detection-retention",
    intervalMs: options.intervalMs ?? 3_600_000,
    async run() {
      const alerts =
        options.alertRetentionDays === undefined
          ? 0
          : await purgeExpiredAlerts({ ...options, retentionDays: options.alertRetentionDays });
      const purged = await purgeExpiredDetections(options);
      return alerts > 0 || purged > 0
        ? { purgedAlerts: alerts, purged, retentionDays: options.retentionDays }
        : undefined;
    },
  };
}
