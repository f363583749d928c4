import { Prisma, type PrismaClient } from "@odin/db";
import { compareSimilar, maxEditsFor, plateSkeleton, skeletonVariants } from "./plate-skeleton";

/**
 * The stored plates a Similar search may mean (issue 19), found among distinct plates, not reads:
 * the typed plate's skeleton with up to `maxEditsFor` characters removed probes the symmetric-delete
 * table (`skeleton_variants`, primary-key lookups), which yields every skeleton within that many edits
 * and a few more; each candidate is then checked by the same rule the other sources are filtered by.
 */
export async function findSimilarPlates(prisma: PrismaClient, typed: string): Promise<string[]> {
  const variants = skeletonVariants(plateSkeleton(typed), maxEditsFor(typed));
  const rows = await prisma.$queryRaw<{ plate_normalized: string }[]>(Prisma.sql`
    SELECT p.plate_normalized
    FROM distinct_plates p
    WHERE p.skeleton IN (SELECT v.skeleton FROM skeleton_variants v WHERE v.variant = ANY(${variants}::text[]))`);
  return rows.map((row) => row.plate_normalized).filter((plate) => compareSimilar(typed, plate) !== null);
}
