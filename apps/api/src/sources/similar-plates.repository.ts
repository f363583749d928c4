import { Prisma } from "@odin/db";
import { maxEditsFor, plateSkeleton, skeletonTranspositions, skeletonVariants } from "./plate-skeleton";

const containing = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * The stored plates a Similar search may mean (issue 19), as a SELECT of `plate_normalized` to embed in
 * the statement that reads their reads (one round trip). Found among distinct plates, not reads:
 *
 * 1. the typed plate's skeleton with up to `maxEditsFor` characters removed probes the symmetric-delete
 *    table (`skeleton_variants` primary key), which yields every skeleton within that many edits and
 *    others up to twice as far; their plates come from the `distinct_plates` skeleton index;
 * 2. those are kept only if within the bound counting a swap as one edit: Levenshtein (fuzzystrmatch's
 *    C `levenshtein_less_equal`) within the bound, or within one less of the typed skeleton with one
 *    adjacent pair swapped, or equal to it with two pairs swapped (`skeletonTranspositions`). This
 *    admits everything `compareSimilar` admits and, rarely, a plate it refuses (an edit inside a swapped
 *    pair); the caller filters the reads by `plateMatches`, the rule every source is filtered by;
 * 2b. skeletons seen for the first time a moment ago are still queued in `pending_skeletons` (the
 *    skeleton-index job empties it every second or so): the queue is checked whole by the same filter;
 * 3. with `contains`, also the distinct plates that contain the typed text (pg_trgm index on
 *    `distinct_plates`), which Similar finds as Partial does.
 */
export function similarPlatesSql(typed: string, { contains }: { contains: boolean }): Prisma.Sql {
  const edits = maxEditsFor(typed);
  const skeleton = plateSkeleton(typed);
  const swaps = skeletonTranspositions(skeleton, edits);
  const byContents = contains
    ? Prisma.sql`
    UNION
    SELECT p.plate_normalized FROM distinct_plates p WHERE p.plate_normalized LIKE ${containing(typed)}`
    : Prisma.empty;
  const within = (
    column: Prisma.Sql,
  ) => Prisma.sql`(levenshtein_less_equal(${column}, ${skeleton}, ${edits}::int) <= ${edits}::int
        OR EXISTS (SELECT 1 FROM unnest(${swaps.once}::text[]) AS t(swapped)
          WHERE levenshtein_less_equal(${column}, t.swapped, ${edits - 1}::int) <= ${edits - 1}::int)
        OR ${column} = ANY(${swaps.twice}::text[]))`;
  return Prisma.sql`
    SELECT p.plate_normalized FROM distinct_plates p
    WHERE p.skeleton IN (
        SELECT v.skeleton FROM skeleton_variants v WHERE v.variant = ANY(${skeletonVariants(skeleton, edits)}::text[])
        UNION ALL
        SELECT q.skeleton FROM pending_skeletons q WHERE ${within(Prisma.sql`q.skeleton`)})
      AND ${within(Prisma.sql`p.skeleton`)}${byContents}`;
}
