import { Prisma, PREPARED_STATEMENT, queryPrepared, type PrismaClient } from "@odin/db";
import type { SourceQuery, SourceWindow } from "../detection-source";
import { areaBounds, camerasOf } from "../place";
import { similarPlatesSql } from "../similar-plates.repository";

/**
 * The search statements of the Axis source (axis.source.ts) over Odin's `detections` table. What
 * writes the table (ingest → match → alert) is modules/ingest/axis-ingest.repository.ts.
 */

/** What a search needs of a searched integration: its id, and its identifier for an area search. */
export interface AxisScope {
  integrationId: number;
  /** The integration's identifier: an area search names the camera by it ("Axis:hfd-lpv-01"). */
  identifier?: string;
}

export interface DetectionRow {
  id: bigint;
  plate: string;
  plate_state: string | null;
  make: string | null;
  color: string | null;
  body_type: string | null;
  camera_name: string | null;
  agency_name: string;
  timestamp: Date;
  latitude: number | null;
  longitude: number | null;
  image_path: string | null;
  plate_image_path: string | null;
  plate_x1: number | null;
  plate_x2: number | null;
  plate_x3: number | null;
  plate_x4: number | null;
  plate_y1: number | null;
  plate_y2: number | null;
  plate_y3: number | null;
  plate_y4: number | null;
  /** Stored by ingest (sources/read-time.ts); absent where a caller does not select it. */
  absurd_date?: boolean;
  /** Set by place queries: the read is at a named camera (else it matched the area's bounding box). */
  at_camera?: boolean;
}

const containing = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

function plateCondition(query: SourceQuery): Prisma.Sql {
  const plate = query.plate;
  if (!plate) return Prisma.sql`TRUE`;
  switch (plate.kind) {
    case "exact":
      return Prisma.sql`d.plate_normalized = ${plate.value}`;
    case "contains":
      // LIKE '%…%' is served by the pg_trgm GIN index on plate_normalized.
      return Prisma.sql`d.plate_normalized LIKE ${containing(plate.value)}`;
    case "similar":
      // A short text (not selective, see searchSimilar for the others): the reads that contain it in the
      // range, newest first, or are of a similar plate (found among distinct plates, in this statement).
      return Prisma.sql`(d.plate_normalized LIKE ${containing(plate.value)}
        OR d.plate_normalized = ANY(ARRAY(${similarPlatesSql(plate.value, { contains: false })})))`;
    case "wildcard":
      return Prisma.sql`d.plate_normalized LIKE ${plate.like}`;
  }
}

/**
 * A partial plate of 5 or more characters is selective: its pg_trgm index scan finds a few hundred
 * rows at most. PostgreSQL cannot estimate LIKE '%…%' (it assumes ~1% of the table), so it may AND that
 * scan with the time or camera index over a whole month of reads (330,000 entries, 150 ms). For those
 * patterns the time and camera conditions are written so no index serves them: they filter the
 * trigram scan's rows instead (docs/benchmarks.md, Axis store).
 */
function isSelectivePattern(query: SourceQuery): boolean {
  const plate = query.plate;
  return !!plate && plate.kind !== "exact" && plate.value.replace(/[*?]/g, "").length >= 5;
}

function scopeCondition(query: SourceQuery, targets: AxisScope[]): Prisma.Sql {
  const ids = Prisma.join(targets.map((target) => target.integrationId));
  return isSelectivePattern(query)
    ? Prisma.sql`d.axis_integration_id + 0 IN (${ids})
        AND d.timestamp + interval '0 seconds' >= ${query.start} AND d.timestamp + interval '0 seconds' <= ${query.end}`
    : Prisma.sql`d.axis_integration_id IN (${ids}) AND d.timestamp >= ${query.start} AND d.timestamp <= ${query.end}`;
}

/**
 * Reads at the place: by the named integrations or camera names, or inside the area's bounding box
 * (the exact circle or polygon test runs on the rows). The (axis_integration_id, timestamp) index
 * serves the time window; the box only filters its rows.
 */
function placeSql(query: SourceQuery, targets: AxisScope[]): { where: Prisma.Sql; atCamera: Prisma.Sql } {
  const place = query.place;
  if (!place) return { where: Prisma.sql`TRUE`, atCamera: Prisma.sql`TRUE` };
  const named = new Set(camerasOf(place, "Axis"));
  const ids = targets
    .filter((target) => target.identifier !== undefined && named.has(target.identifier))
    .map((target) => target.integrationId);
  const names = [...(place.cameraNames ?? [])];
  const atCamera = Prisma.sql`(d.axis_integration_id = ANY(${ids}::int[]) OR d.camera_name = ANY(${names}::text[]))`;
  if (!place.area) return { where: atCamera, atCamera };
  const box = areaBounds(place.area);
  return {
    where: Prisma.sql`(${atCamera} OR (d.latitude BETWEEN ${box.minLat} AND ${box.maxLat}
      AND d.longitude BETWEEN ${box.minLon} AND ${box.maxLon}))`,
    atCamera,
  };
}

const SELECT_COLUMNS = Prisma.sql`d.id, d.plate, d.plate_state, d.make, d.color, d.body_type, d.camera_name, a.name AS agency_name,
  d.timestamp, d.latitude, d.longitude, d.image_path, d.plate_image_path,
  d.plate_x1, d.plate_x2, d.plate_x3, d.plate_x4, d.plate_y1, d.plate_y2, d.plate_y3, d.plate_y4,
  d.absurd_date`;

function vehicleSql(query: SourceQuery): Prisma.Sql {
  return Prisma.sql`${query.plateState ? Prisma.sql`upper(d.plate_state) = upper(${query.plateState})` : Prisma.sql`TRUE`}
    AND ${equalsIgnoringCase(Prisma.sql`d.color`, query.color)}
    AND ${equalsIgnoringCase(Prisma.sql`d.make`, query.make)}
    AND ${equalsIgnoringCase(Prisma.sql`d.body_type`, query.bodyType)}`;
}

const equalsIgnoringCase = (column: Prisma.Sql, value: string | undefined) =>
  value ? Prisma.sql`lower(${column}) = lower(${value})` : Prisma.sql`TRUE`;

/**
 * A Similar search of a selective text (5 or more characters), in one statement: the candidate plates
 * among distinct plates (similar-plates.repository.ts: the typed skeleton's symmetric-delete variants,
 * verified in SQL, and the plates containing the text), then, for each, its newest reads in the range
 * through the (plate_normalized, timestamp) index, at most `limit` each, and the newest `limit` of all.
 * Every step is an index probe bounded by the candidates (docs/benchmarks.md, Similar).
 */
function searchSimilar(
  prisma: PrismaClient,
  query: SourceQuery,
  targets: AxisScope[],
  place: { where: Prisma.Sql; atCamera: Prisma.Sql },
): Promise<DetectionRow[]> {
  // Prepared once per connection: its text varies only with the number of integrations and filters,
  // and PostgreSQL then keeps a generic plan (planning was a third of the statement's time). Sent by
  // node-postgres on Prisma's own pool: Prisma's work per call and per row cost as much as the
  // statement (queryPrepared, docs/benchmarks.md).
  return queryPrepared<DetectionRow>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
    WITH candidates AS MATERIALIZED (${similarPlatesSql(query.plate!.value, { contains: true })})
    ${newestReadsOfPlatesSql(Prisma.sql`candidates c`, query.start, query, targets, place)}`,
  );
}

/**
 * The newest `query.limit` reads of the plates of `plates` (a FROM item `c` with a `plate_normalized`
 * column) from `from` to the range's end: each plate's newest through the (plate_normalized, timestamp)
 * index, with the integrations searched (the caller's visibility), the place and the vehicle filters,
 * at most `limit` each, then the newest `limit` of all.
 */
function newestReadsOfPlatesSql(
  plates: Prisma.Sql,
  from: Date,
  query: SourceQuery,
  targets: AxisScope[],
  place: { where: Prisma.Sql; atCamera: Prisma.Sql },
): Prisma.Sql {
  const ids = Prisma.join(targets.map((target) => target.integrationId));
  return Prisma.sql`SELECT r.* FROM ${plates}
    CROSS JOIN LATERAL (
      SELECT ${SELECT_COLUMNS}, ${place.atCamera} AS at_camera
      FROM detections d JOIN agencies a ON a.id = d.agency_id
      WHERE d.plate_normalized = c.plate_normalized
        AND d.timestamp >= ${from} AND d.timestamp <= ${query.end}
        AND d.axis_integration_id IN (${ids})
        AND ${place.where}
        AND ${vehicleSql(query)}
      ORDER BY d.timestamp DESC
      LIMIT ${query.limit}
    ) r
    ORDER BY r.timestamp DESC
    LIMIT ${query.limit}`;
}

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
async function searchPartial(
  prisma: PrismaClient,
  query: SourceQuery,
  targets: AxisScope[],
  place: { where: Prisma.Sql; atCamera: Prisma.Sql },
  like: string,
  {
    partialCandidateLimit: candidateLimit = PARTIAL_CANDIDATE_LIMIT,
    partialFirstBatch: firstBatch = Math.max(PARTIAL_FIRST_BATCH, query.limit),
    onPartialProbes,
  }: PartialSearchOptions,
): Promise<DetectionRow[]> {
  // The inner LIMIT stops a loose pattern's index scan early; only the rows it kept are sorted.
  const candidates = await queryPrepared<{ plate_normalized: string; bound: Date }>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
    SELECT c.plate_normalized, least(c.last_seen, ${query.end}::timestamptz) AS bound
    FROM (
      SELECT p.plate_normalized, p.last_seen FROM distinct_plates p
      WHERE p.plate_normalized LIKE ${like} AND p.axis_reads > 0
        AND p.last_seen >= ${query.start} AND p.first_seen <= ${query.end}
      LIMIT ${candidateLimit + 1}
    ) c
    ORDER BY c.last_seen DESC, c.plate_normalized`,
  );
  if (candidates.length > candidateLimit) {
    onPartialProbes?.({ candidates: candidates.length, probed: 0 });
    return searchReadsByScan(prisma, query, targets, place);
  }
  let rows: DetectionRow[] = [];
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
    const found = await queryPrepared<DetectionRow>(
      prisma,
      Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
      ${newestReadsOfPlatesSql(Prisma.sql`unnest(${plates}::text[]) AS c(plate_normalized)`, from, query, targets, place)}`,
    );
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

/**
 * The reads of a search: the selected integrations' reads in the time range that match the plate, the
 * vehicle filters and the place, newest first, at most `query.limit` (a selective Similar text: one
 * statement per candidate plate, searchSimilar; a partial plate: from its distinct plates,
 * searchPartial).
 */
export function searchAxisReads(
  prisma: PrismaClient,
  query: SourceQuery,
  targets: AxisScope[],
  options: PartialSearchOptions = {},
): Promise<DetectionRow[]> {
  const place = placeSql(query, targets);
  const plate = query.plate;
  if (plate?.kind === "similar" && isSelectivePattern(query)) {
    return searchSimilar(prisma, query, targets, place);
  }
  if (plate?.kind === "contains" || plate?.kind === "wildcard") {
    const like = plate.kind === "contains" ? containing(plate.value) : plate.like;
    return searchPartial(prisma, query, targets, place, like, options);
  }
  return searchReadsByScan(prisma, query, targets, place);
}

/**
 * Runs `run` in a transaction whose statements PostgreSQL stops after `ms` (SET LOCAL
 * statement_timeout, SQLSTATE 57014 when it does): an investigation cannot hold the database past the
 * time its answer would be waited for (issue 36, F17). Inside, queryPrepared falls back to $queryRaw.
 */
export function withStatementTimeout<T>(
  prisma: PrismaClient,
  ms: number,
  run: (db: PrismaClient) => Promise<T>,
): Promise<T> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(ms))}`);
      return run(tx as unknown as PrismaClient);
    },
    { timeout: ms + 10_000 },
  );
}

/**
 * The reads of a search in one pass over `detections`: an exact plate through its index, a short
 * Similar text (and a partial pattern before issue 21, or too loose for its distinct plates) through
 * the trigram or the time index.
 */
function scanSql(
  query: SourceQuery,
  targets: AxisScope[],
  place: { where: Prisma.Sql; atCamera: Prisma.Sql },
): Prisma.Sql {
  return Prisma.sql`
        SELECT ${SELECT_COLUMNS}, ${place.atCamera} AS at_camera
        FROM detections d JOIN agencies a ON a.id = d.agency_id
        WHERE ${scopeCondition(query, targets)}
          AND ${plateCondition(query)}
          AND ${place.where}
          AND ${vehicleSql(query)}
        ORDER BY d.timestamp DESC
        LIMIT ${query.limit}`;
}

/**
 * The reads of a search by scanSql alone: what answered every search before issue 21. Exported for
 * the test and the growth bench that hold searchPartial to the same answers and time it beside them.
 */
export function searchReadsByScan(
  prisma: PrismaClient,
  query: SourceQuery,
  targets: AxisScope[],
  place = placeSql(query, targets),
): Promise<DetectionRow[]> {
  // node-postgres on Prisma's pool, unnamed (planned for its values, as before): Prisma's own work
  // per call and per row cost the API more than the statement (queryPrepared).
  return queryPrepared<DetectionRow>(prisma, scanSql(query, targets, place));
}

/**
 * Reads in several camera windows at once, any plate (travelling-with). One statement for every window,
 * each window an index range scan of (axis_integration_id, timestamp). The LATERAL subquery is kept
 * apart (OFFSET 0) on purpose: flattened into a plain join, the planner hash-joined the windows with a
 * sequential scan of every read of the integrations (docs/benchmarks.md, "Investigations (issue 22)").
 */
export function searchAxisWindows(
  prisma: PrismaClient,
  windows: SourceWindow[],
  query: SourceQuery,
  targets: AxisScope[],
): Promise<DetectionRow[]> {
  const ids = Prisma.join(targets.map((target) => target.integrationId));
  return prisma.$queryRaw<DetectionRow[]>`
        SELECT DISTINCT ON (d.id) ${SELECT_COLUMNS}
        FROM unnest(${windows.map((w) => w.cameraName)}::text[], ${windows.map((w) => w.start)}::timestamptz[],
                    ${windows.map((w) => w.end)}::timestamptz[]) AS w(camera_name, start_at, end_at)
        CROSS JOIN LATERAL (
          SELECT * FROM detections d
          WHERE d.axis_integration_id IN (${ids})
            AND d.timestamp BETWEEN w.start_at AND w.end_at AND d.camera_name = w.camera_name
          OFFSET 0
        ) d
        JOIN agencies a ON a.id = d.agency_id
        WHERE ${vehicleSql(query)}
        ORDER BY d.id
        LIMIT ${query.limit}`;
}
