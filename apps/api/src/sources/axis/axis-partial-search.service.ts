import type { SourceQuery } from "../detection-source";

/**
 * The partial-plate search's algorithm (issue 21): which distinct plates to probe, in what batches,
 * and when no plate left can change the answer. Logic only: the statements it runs are given to it
 * (axis-detections.repository.ts, searchAxisReads), so this file holds no SQL and no database handle.
 */

/**
 * The most distinct plates a partial plate (substring or wildcard) is answered from (searchPartial).
 * Each costs one probe of the (plate_normalized, timestamp) index; past this many, a pattern is too
 * loose for that to pay (`*`, `A*`, `??`) and the statement scans the reads as before (scanSql),
 * which stops at the newest `limit` reads of the range.
 */
export const PARTIAL_CANDIDATE_LIMIT = 10_000;

/** How many candidate plates searchPartial probes at first (at least `limit`), doubling after. */
export const PARTIAL_FIRST_BATCH = 64;

/** Options of searchAxisReads: the bounds of searchPartial (tests and benches set them). */
export interface PartialSearchOptions {
  partialCandidateLimit?: number;
  /** Plates probed in the first batch (then twice as many each batch). Infinity: all at once. */
  partialFirstBatch?: number;
  /** Told how many candidate plates a partial search found and how many it probed. */
  onPartialProbes?: (probes: { candidates: number; probed: number }) => void;
}

/** A distinct plate that matches the pattern, and the newest its reads in the range can be. */
export interface PartialCandidate {
  plate_normalized: string;
  bound: Date;
}

/** The statements searchPartial runs, each bound to the search's query, integrations and place. */
export interface PartialSearchStatements<Row extends { timestamp: Date }> {
  /** The candidates (step 1), at most `limit` of them, newest bound first. */
  candidates(limit: number): Promise<PartialCandidate[]>;
  /** The newest `query.limit` reads of these plates from `from` to the range's end (step 3). */
  newestReads(plates: string[], from: Date): Promise<Row[]>;
  /** The one scan over the reads, for a pattern too loose for its distinct plates (step 2). */
  scan(): Promise<Row[]>;
}

/**
 * A partial plate (substring or wildcard, issue 21), from distinct plates rather than from every read:
 * a part of a plate matches ten times as many reads in a store ten times as dense, and the trigram
 * scan of `detections` read and rechecked every one of them, over all time, to keep the newest `limit`
 * of the range (docs/benchmarks.md, Growth).
 *
 * 1. The candidates: the distinct plates that match the same LIKE pattern (pg_trgm index on
 *    `distinct_plates`, one narrow row per plate), read by Axis at least once (a plate only Rekor
 *    delivered has no stored read) and seen in the range (first/last seen, kept by ingest with the
 *    read), at most `candidateLimit` + 1, each with its bound: its last read's time, or the range's end
 *    if that is earlier. No read of the plate in the range is newer than its bound.
 * 2. More than `candidateLimit`: the pattern is too loose, and the scan answers (scanSql).
 * 3. Otherwise the candidates are probed newest bound first, in batches (PARTIAL_FIRST_BATCH plates or
 *    `limit`, whichever is more; then at most twice as many each time, as many as the reads found per
 *    plate say are missing; once `limit` reads are found, only the plates whose bound reaches the last
 *    of them). Each batch reads each plate's newest reads in the range
 *    through the (plate_normalized, timestamp) index, with the same integrations (the caller's
 *    visibility), place and vehicle filters, no older than the newest `limit` found so far. It stops
 *    when `limit` reads are found and the last of them is newer than the next candidate's bound: no
 *    plate left can have a read among the newest `limit`. So a page of a loose pattern in a dense store
 *    probes about as many plates as the page shows, not every plate the pattern matches (a store ten
 *    times as dense has ten times as many; docs/benchmarks.md, Growth).
 *
 * The answer is the scan's: the newest `limit` reads of the range. Every stored read's plate is a
 * distinct plate whose last seen is at least the read's time (Axis ingest writes both in one statement
 * with GREATEST, the migration that made the table backfilled it, retention deletes reads and never
 * distinct plates), so a matching read's plate is always among the candidates and never after its bound.
 * Reads retention removed or the caller may not see only make a bound later than it need be.
 */
export async function searchPartial<Row extends { timestamp: Date }>(
  statements: PartialSearchStatements<Row>,
  query: SourceQuery,
  {
    partialCandidateLimit: candidateLimit = PARTIAL_CANDIDATE_LIMIT,
    partialFirstBatch: firstBatch = Math.max(PARTIAL_FIRST_BATCH, query.limit),
    onPartialProbes,
  }: PartialSearchOptions,
): Promise<Row[]> {
  const candidates = await statements.candidates(candidateLimit + 1);
  if (candidates.length > candidateLimit) {
    onPartialProbes?.({ candidates: candidates.length, probed: 0 });
    return statements.scan();
  }
  let rows: Row[] = [];
  let probed = 0;
  let batch = firstBatch;
  while (probed < candidates.length) {
    const last = rows.length >= query.limit ? rows[query.limit - 1]! : undefined;
    if (last && last.timestamp > candidates[probed]!.bound) break;
    // Short of `limit` reads, about as many plates as the reads found per plate so far say are missing
    // (a quarter more, at most the batch); once `limit` are found, only the plates whose bound
    // reaches the last of them, as they alone can change the answer.
    let take = Math.min(batch, candidates.length - probed);
    if (last) take = countWhile(candidates, probed, take, (candidate) => candidate.bound >= last.timestamp);
    else if (rows.length > 0)
      take = Math.min(take, Math.ceil((1.25 * (query.limit - rows.length) * probed) / rows.length));
    const plates = candidates.slice(probed, probed + take).map((candidate) => candidate.plate_normalized);
    probed += take;
    batch *= 2;
    const from = last ? last.timestamp : query.start;
    const found = await statements.newestReads(plates, from);
    rows =
      rows.length === 0
        ? found
        : [...rows, ...found]
            .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
            .slice(0, query.limit);
  }
  onPartialProbes?.({ candidates: candidates.length, probed });
  return rows;
}

/** How many of the `most` items from `from` on satisfy `test`, counting until the first that does not. */
function countWhile<T>(items: readonly T[], from: number, most: number, test: (item: T) => boolean): number {
  let count = 0;
  while (count < most && from + count < items.length && test(items[from + count]!)) count += 1;
  return count;
}
