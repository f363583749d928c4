import type { Database } from "../lib/database";
import type { ImageStore } from "../storage/image-store";
import {
  createPartitionsAhead,
  dropRetiredPartition,
  forgetKeptReads,
  hasReadsBesides,
  keptReadIds,
  longestReadRetentionDays,
  partitionsEndingBy,
  retiredPartitions,
  retiredReadPictures,
  retirePartition,
  stagePartition,
} from "./retention.repository";
import type { JobDefinition } from "./scheduler";

/**
 * The time partitions of `detections` (issue 21 item 2; migration 20261130100000_detections_partitioned,
 * docs/scaling.md "Time partitions"). Odin's role owns no table, so every change goes through the
 * migration's SECURITY DEFINER functions.
 */

/** DETECTION_PARTITION: a month per partition, or a day (for about 10 M reads a day and more). */
export type PartitionUnit = "month" | "day";

/** How many partitions beyond the current one the job keeps ready. */
export const PARTITIONS_AHEAD: Record<PartitionUnit, number> = { month: 3, day: 14 };

const DAY_MS = 86_400_000;
/** Reads whose pictures are listed and removed per round when a partition is retired. */
const PICTURE_BATCH = 10_000;

/**
 * Creates the current partition and PARTITIONS_AHEAD more, where no partition covers the range yet
 * (after a switch from months to days, days start after the last month). Reads that waited in the
 * default partition for a range (a camera clock ahead) move into its new partition. Answers the names
 * created.
 */
export function createDetectionPartitionsAhead(prisma: Database, unit: PartitionUnit): Promise<string[]> {
  return createPartitionsAhead(prisma, unit, PARTITIONS_AHEAD[unit]);
}

/** The partitions ahead, as a background job run once across replicas (every 6 hours, and at start). */
export function detectionPartitionsJob(
  prisma: Database,
  unit: PartitionUnit,
  intervalMs = 6 * 3_600_000,
): JobDefinition {
  return {
    name: "detection-partitions",
    intervalMs,
    async run() {
      const created = await createDetectionPartitionsAhead(prisma, unit);
      return created.length > 0 ? { created } : undefined;
    },
  };
}

export interface PartitionRetirement {
  /** Partitions taken out of detections. */
  partitions: string[];
  /** Reads removed with them (kept reads excluded). */
  reads: number;
  /** Per partition: its kept reads and each step's time in ms (the log line, bench/partition-drop.ts). */
  steps: {
    name: string;
    kept: number;
    stageMs: number;
    /** The one transaction that holds a lock on detections (detach, attach the kept reads). */
    retireMs: number;
    /** The kept reads struck from the retired table, and its pictures listed and removed. */
    picturesMs: number;
    dropMs: number;
  }[];
}

/**
 * Retention by partition, before the row deletes (jobs/detection-retention.ts): every partition that
 * ends before the longest read retention in force holds only reads past their own agency's retention.
 * For each:
 *
 * 1. the reads that must stay (alerts, legal holds: keptReadIds) are staged into its replacement
 *    without a lock on detections;
 * 2. one short transaction detaches it and attaches the replacement, after copying the reads kept
 *    since step 1 (the set is read again) — or only detaches it when nothing is kept;
 * 3. the retired table's pictures are removed, then the table is dropped.
 *
 * A partition that holds only kept reads (swapped by an earlier run) is left as it is.
 *
 * Rows leave first, files after, as with row deletes: a run stopped between leaves a retired table,
 * which is no longer searchable, and the next run finishes it first. A partition that is only partly
 * past retention (agencies with shorter retentions) is left to the row deletes, which PostgreSQL
 * confines to it by its time range.
 */
export async function retireExpiredDetectionPartitions(options: {
  prisma: Database;
  images: ImageStore;
  retentionDays: number;
  now: Date;
}): Promise<PartitionRetirement> {
  const { prisma, images } = options;
  let reads = 0;
  for (const retired of await retiredPartitions(prisma)) {
    reads += (await finishRetired(prisma, images, retired)).reads;
  }
  const longest = await longestReadRetentionDays(prisma, options.retentionDays);
  const cutoff = new Date(options.now.getTime() - longest * DAY_MS);
  const steps: PartitionRetirement["steps"] = [];
  for (const partition of await partitionsEndingBy(prisma, cutoff)) {
    const started = performance.now();
    let keep = await keptReadIds(prisma, partition.starts_at, partition.ends_at);
    // Only kept reads left (it was swapped before): nothing to take out.
    if (
      keep.length > 0 &&
      !(await hasReadsBesides(prisma, partition.starts_at, partition.ends_at, keep.length))
    ) {
      continue;
    }
    let late: bigint[] = [];
    let released: bigint[] = [];
    if (keep.length > 0) {
      await stagePartition(prisma, partition.name, keep);
      const staged = new Set(keep);
      const now = await keptReadIds(prisma, partition.starts_at, partition.ends_at);
      const kept = new Set(now);
      late = now.filter((id) => !staged.has(id));
      released = keep.filter((id) => !kept.has(id));
      keep = now;
    }
    const staged = performance.now();
    const retired = await retirePartition(prisma, partition.name, { keeps: keep.length > 0, late, released });
    const retireMs = performance.now() - staged;
    const finished = await finishRetired(prisma, images, retired);
    reads += finished.reads;
    steps.push({
      name: partition.name,
      kept: keep.length,
      stageMs: staged - started,
      retireMs,
      picturesMs: finished.picturesMs,
      dropMs: finished.dropMs,
    });
  }
  return { partitions: steps.map((step) => step.name), reads, steps };
}

/**
 * Finishes a retired table: the reads kept in detections are struck from it, the pictures of the rest
 * are removed, then the table is dropped.
 */
async function finishRetired(prisma: Database, images: ImageStore, retired: string) {
  const started = performance.now();
  const reads = await forgetKeptReads(prisma, retired);
  let after = 0n;
  for (;;) {
    const rows = await retiredReadPictures(prisma, retired, after, PICTURE_BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    await images.remove(
      rows.flatMap((row) => [row.image_path, row.plate_image_path]).filter((key): key is string => !!key),
    );
  }
  const listed = performance.now();
  await dropRetiredPartition(prisma, retired);
  return { reads, picturesMs: listed - started, dropMs: performance.now() - listed };
}
