import { Prisma, type PrismaClient } from "@odin/db";

/**
 * CTEs `seen_plates` and `seen_skeletons` keeping `distinct_plates` (and the new skeletons' symmetric-
 * delete variants in `skeleton_variants`) up to date with the reads of the CTE `reads` (columns
 * `plate_normalized`, `timestamp`), counted in `countColumn`. Part of the statement that stores the
 * reads, so a read and its distinct plate are committed together. Plates are upserted in order, so
 * concurrent batches lock them in the same order.
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
    INSERT INTO skeleton_variants (variant, skeleton)
    SELECT DISTINCT v.variant, s.skeleton
    FROM seen_plates s, odin_skeleton_variants(s.skeleton) AS v(variant)
    WHERE s.created
    ON CONFLICT DO NOTHING
  )`;
}

/**
 * Records plates of reads Odin does not store (the Rekor webhook's groups and frames) in
 * `distinct_plates` and `skeleton_variants`, as Axis ingest does in its insert: one statement. Only
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
