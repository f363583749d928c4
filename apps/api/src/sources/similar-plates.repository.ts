import { Prisma } from "@odin/db";
import { maxEditsFor, plateSkeleton, skeletonTranspositions, skeletonVariants } from "./plate-skeleton";

const containing = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * The strings SQL tests a candidate against to keep it within `edits` edits of `target` counting a swap
 * of adjacent characters as one (fuzzystrmatch's C `levenshtein_less_equal` counts a swap as two):
 * `swapped`, `target` with one pair (bound 1) or two pairs (bound 2) swapped, which a candidate may
 * equal; `near`, with one pair swapped, which a candidate may be within one edit of (bound 2 only).
 * Within the bound means within it by Levenshtein, or one of those. That admits every string within
 * the bound and, rarely, one just over it (an edit inside a swapped pair), which the caller's
 * `compareSimilar` refuses.
 */
function swapsOf(target: string, edits: number): { swapped: string[]; near: string[] } {
  const swaps = skeletonTranspositions(target, edits);
  return edits >= 2 ? { swapped: swaps.twice, near: swaps.once } : { swapped: swaps.once, near: [] };
}

/**
 * The stored plates a Similar search may mean (issue 19; the rule is `compareSimilar`), as a SELECT of
 * `plate_normalized` to embed in the statement that reads their reads (one round trip). The SQL
 * function `odin_similar_plates` (migration 20261128200000; its plan is made once per connection)
 * finds them among distinct plates, not reads, each step an index probe:
 *
 * 1. the plates of the typed plate's skeleton: any look-alikes, nothing else changed;
 * 2. the skeletons within `maxEditsFor` edits: the typed skeleton with up to that many characters
 *    removed probes the symmetric-delete table (`skeleton_variants` primary key), which yields them and
 *    many more up to twice as far (about 550 for a 6-character plate among 350,000 plates); they are
 *    checked there (about 1 µs each), so only the 50-100 left are looked up in the (skeleton,
 *    plate_normalized) index, whose plates are checked as written, without reading the table: within
 *    the bound counting each look-alike character as an edit too;
 * 2b. skeletons seen for the first time a moment ago are still queued in `pending_skeletons` (the
 *    skeleton-index job empties it every second or so): the queue is checked whole by the same test;
 * 3. with `contains`, also the distinct plates that contain the typed text (pg_trgm index on
 *    `distinct_plates`), which Similar finds as Partial does.
 */
export function similarPlatesSql(typed: string, { contains }: { contains: boolean }): Prisma.Sql {
  const edits = maxEditsFor(typed);
  const skeleton = plateSkeleton(typed);
  const bySkeleton = swapsOf(skeleton, edits);
  const asTyped = swapsOf(typed, edits);
  return Prisma.sql`SELECT s.plate_normalized FROM odin_similar_plates(${typed}, ${skeleton}, ${edits}::int,
      ${skeletonVariants(skeleton, edits)}::text[], ${bySkeleton.swapped}::text[], ${bySkeleton.near}::text[],
      ${asTyped.swapped}::text[], ${asTyped.near}::text[], ${contains ? containing(typed) : null}::text) s`;
}
