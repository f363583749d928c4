import { Prisma } from "@odin/db";
import { maxEditsFor, plateSkeleton, skeletonTranspositions, skeletonVariants } from "./plate-skeleton";

const containing = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * `column` within `edits` edits of `target`, counting a swap of adjacent characters as one: within
 * `edits` by Levenshtein (fuzzystrmatch's C `levenshtein_less_equal`, which counts a swap as two), or
 * equal to `target` with one pair (one edit) or two pairs (two edits) swapped, or, for two edits, within
 * one of `target` with one pair swapped (`skeletonTranspositions`). Admits every string within the
 * bound and, rarely, one just over it (an edit inside a swapped pair), which the caller's
 * `compareSimilar` refuses. Most rows tested are further away and fail every test, so the costly tests
 * come last: one swap and one edit is at most 3 by Levenshtein, so the swapped forms are tried only then.
 */
function withinSql(column: Prisma.Sql, target: string, edits: number): Prisma.Sql {
  const swaps = skeletonTranspositions(target, edits);
  const swappedOnly = Prisma.sql`${column} = ANY(${edits === 1 ? swaps.once : swaps.twice}::text[])`;
  const lev = (bound: number) => Prisma.sql`levenshtein_less_equal(${column}, ${target}, ${bound}::int) <= ${bound}::int`;
  if (edits < 2 || swaps.once.length === 0) return Prisma.sql`(${lev(edits)} OR ${swappedOnly})`;
  const swappedNear = swaps.once.map((swapped) => Prisma.sql`levenshtein_less_equal(${column}, ${swapped}, 1) <= 1`);
  return Prisma.sql`(${lev(edits)} OR ${swappedOnly}
        OR (${lev(edits + 1)} AND (${Prisma.join(swappedNear, " OR ")})))`;
}

/**
 * The stored plates a Similar search may mean (issue 19, the rule is `compareSimilar`), as a SELECT of
 * `plate_normalized` to embed in the statement that reads their reads (one round trip). Found among
 * distinct plates, not reads, each step an index probe:
 *
 * 1. the plates of the typed plate's skeleton (`distinct_plates` skeleton index): any look-alikes;
 * 2. the skeletons within `maxEditsFor` edits: the typed skeleton with up to that many characters
 *    removed probes the symmetric-delete table (`skeleton_variants` primary key), which yields them and
 *    many more up to twice as far (550 for a 6-character plate among 350,000); they are verified there
 *    (`withinSql`, 2 µs each) so only the 50-100 left probe `distinct_plates`, whose plates are then
 *    verified as written: within the bound counting each look-alike as an edit too;
 * 2b. skeletons seen for the first time a moment ago are still queued in `pending_skeletons` (the
 *    skeleton-index job empties it every second or so): the queue is checked whole by the same filter;
 * 3. with `contains`, also the distinct plates that contain the typed text (pg_trgm index on
 *    `distinct_plates`), which Similar finds as Partial does.
 *
 * With `seen`, only plates read within that range (`first_seen` / `last_seen`), so a plate with no read
 * in the searched range costs no probe of the reads.
 */
export function similarPlatesSql(
  typed: string,
  { contains, seen }: { contains: boolean; seen?: { start: Date; end: Date } },
): Prisma.Sql {
  const edits = maxEditsFor(typed);
  const skeleton = plateSkeleton(typed);
  const inRange = seen
    ? Prisma.sql` AND p.last_seen >= ${seen.start} AND p.first_seen <= ${seen.end}`
    : Prisma.empty;
  const byContents = contains
    ? Prisma.sql`
    UNION
    SELECT p.plate_normalized FROM distinct_plates p WHERE p.plate_normalized LIKE ${containing(typed)}${inRange}`
    : Prisma.empty;
  return Prisma.sql`
    SELECT p.plate_normalized FROM distinct_plates p WHERE p.skeleton = ${skeleton}${inRange}
    UNION
    SELECT p.plate_normalized FROM distinct_plates p
    WHERE p.skeleton IN (
        SELECT s.skeleton FROM (
          SELECT v.skeleton FROM skeleton_variants v WHERE v.variant = ANY(${skeletonVariants(skeleton, edits)}::text[])
          UNION
          SELECT q.skeleton FROM pending_skeletons q) s
        WHERE s.skeleton <> ${skeleton} AND ${withinSql(Prisma.sql`s.skeleton`, skeleton, edits)})
      AND ${withinSql(Prisma.sql`p.plate_normalized`, typed, edits)}${inRange}${byContents}`;
}
