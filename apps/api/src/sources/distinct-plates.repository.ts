import { Prisma, type PrismaClient } from "@odin/db";
import { skeletonVariants } from "./plate-skeleton";

/**
 * CTEs `seen_plates` and `seen_skeletons` keeping `distinct_plates` up to date with the reads of the CTE
 * `reads` (columns `plate_normalized`, `timestamp`), counted in `countColumn`, and queueing the skeletons
 * seen for the first time in `pending_skeletons` (one row each; `indexPendingSkeletons` later writes
 * their symmetric-delete neighbourhood). Part of the statement that stores the reads, so a read and its
 * distinct plate are committed together. Plates and skeletons are written in order, so concurrent
 * batches lock them in the same order. Writing the neighbourhood here (27 rows of a large index for a
 * 7-character skeleton) cost more than the read itself (docs/benchmarks.md, matcher with lenient entries).
 */
export function recordDistinctPlatesCte(
  reads: string,
  countColumn: "axis_reads" | "rekor_reads",
  { counted = true }: { counted?: boolean } = {},
): Prisma.Sql {
  const count = Prisma.raw(countColumn);
  const added = counted ? Prisma.sql`count(*)::int` : Prisma.sql`0`;
  return Prisma.sql`seen_plates AS (
    INSERT INTO distinct_plates AS p (plate_normalized, skeleton, first_seen, last_seen, ${count})
    SELECT r.plate_normalized, odin_plate_skeleton(r.plate_normalized), min(r.timestamp), max(r.timestamp), ${added}
    FROM ${Prisma.raw(reads)} r
    GROUP BY r.plate_normalized
    ORDER BY r.plate_normalized
    ON CONFLICT (plate_normalized) DO UPDATE SET
      first_seen = LEAST(p.first_seen, EXCLUDED.first_seen),
      last_seen = GREATEST(p.last_seen, EXCLUDED.last_seen),
      ${count} = p.${count} + EXCLUDED.${count}
    RETURNING p.skeleton, (xmax = 0) AS created
  ),
  seen_skeletons AS (
    INSERT INTO pending_skeletons (skeleton)
    SELECT DISTINCT s.skeleton FROM seen_plates s
    WHERE s.created
      AND NOT EXISTS (SELECT 1 FROM skeleton_variants v WHERE v.variant = s.skeleton AND v.skeleton = s.skeleton)
    ORDER BY s.skeleton
    ON CONFLICT DO NOTHING
  )`;
}

/**
 * Moves up to `batchSize` queued skeletons into `skeleton_variants` (each with 0, 1 or 2 characters
 * removed, `skeletonVariants()`: computing them here costs microseconds, `odin_skeleton_variants()`
 * about 0.3 ms a skeleton). The move is one statement, so a Similar search, whose statement sees one
 * snapshot, finds each skeleton either queued or indexed, never neither; a skeleton another runner
 * took meanwhile is not deleted twice and its variants are written by that runner. Answers how many
 * were moved (0: the queue is empty).
 */
export async function indexPendingSkeletons(
  db: Pick<PrismaClient, "$queryRaw">,
  batchSize = 2_000,
): Promise<number> {
  const queued = await db.$queryRaw<{ skeleton: string }[]>`
    SELECT skeleton FROM pending_skeletons ORDER BY skeleton LIMIT ${batchSize}`;
  if (queued.length === 0) return 0;
  const variants: string[] = [];
  const owners: string[] = [];
  for (const { skeleton } of queued) {
    for (const variant of skeletonVariants(skeleton)) {
      variants.push(variant);
      owners.push(skeleton);
    }
  }
  const [moved] = await db.$queryRaw<{ skeletons: number }[]>`
    WITH taken AS (
      DELETE FROM pending_skeletons WHERE skeleton = ANY(${queued.map((row) => row.skeleton)}::text[])
      RETURNING skeleton
    ),
    indexed AS (
      INSERT INTO skeleton_variants (variant, skeleton)
      SELECT v.variant, v.skeleton FROM unnest(${variants}::text[], ${owners}::text[]) AS v(variant, skeleton)
      WHERE v.skeleton IN (SELECT skeleton FROM taken)
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING
    )
    SELECT count(*)::int AS skeletons FROM taken`;
  return moved?.skeletons ?? 0;
}
/**
 * Records plates of reads Odin does not store (the Rekor webhook's groups and frames) in
 * `distinct_plates` (queueing new skeletons), as Axis ingest does in its insert: one statement. Only
 * `counted` reads add to `countColumn` (a webhook group is one vehicle pass; its frames are the same
 * pass again, so they only make the plate known and widen first/last seen). Tests that store reads
 * without ingest record their plates with it too.
 */
export async function recordRemotePlates(
  db: Pick<PrismaClient, "$queryRaw">,
  reads: readonly { plateNormalized: string; timestamp: Date }[],
  countColumn: "axis_reads" | "rekor_reads",
  options: { counted: boolean },
): Promise<void> {
  const usable = reads.filter((read) => read.plateNormalized !== "");
  if (usable.length === 0) return;
  await db.$queryRaw`
    WITH reads AS (
      SELECT * FROM unnest(
        ${usable.map((read) => read.plateNormalized)}::text[],
        ${usable.map((read) => read.timestamp.toISOString())}::timestamptz[]
      ) AS t(plate_normalized, timestamp)
    ),
    ${recordDistinctPlatesCte("reads", countColumn, options)}
    SELECT count(*)::int AS plates FROM seen_plates`;
}
