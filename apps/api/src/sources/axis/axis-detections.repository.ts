import { Prisma, PREPARED_STATEMENT, queryPrepared, type PrismaClient } from "@odin/db";
import type { SourceQuery, SourceWindow } from "../detection-source";
import { similarPlatesSql } from "../similar-plates.repository";
import {
  searchPartial,
  type PartialCandidate,
  type PartialSearchOptions,
} from "./axis-partial-search.service";
import {
  containing,
  isSelectivePattern,
  newestReadsOfPlatesSql,
  placeSql,
  scanSql,
  SELECT_COLUMNS,
  vehicleSql,
  type AxisScope,
  type PlaceSql,
} from "./axis-search-sql.repository";

/**
 * The search statements of the Axis source (axis.source.ts) over Odin's `detections` table. What
 * writes the table (ingest → match → alert) is modules/ingest/axis-ingest.repository.ts. The SQL
 * pieces the statements are built of are axis-search-sql.repository.ts; the partial-plate search's
 * algorithm (which plates to probe, when to stop) is axis-partial-search.service.ts, run here with
 * this file's statements.
 */

export type { AxisScope } from "./axis-search-sql.repository";
export {
  PARTIAL_CANDIDATE_LIMIT,
  PARTIAL_FIRST_BATCH,
  type PartialSearchOptions,
} from "./axis-partial-search.service";

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
  place: PlaceSql,
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
 * The candidates of a partial plate (searchPartial, step 1): the distinct plates that match `like`,
 * read by Axis and seen in the range, at most `limit`, newest last read first, each with its bound.
 */
function findPartialCandidates(
  prisma: PrismaClient,
  query: SourceQuery,
  like: string,
  limit: number,
): Promise<PartialCandidate[]> {
  // The inner LIMIT stops a loose pattern's index scan early; only the rows it kept are sorted.
  return queryPrepared<PartialCandidate>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
    SELECT c.plate_normalized, least(c.last_seen, ${query.end}::timestamptz) AS bound
    FROM (
      SELECT p.plate_normalized, p.last_seen FROM distinct_plates p
      WHERE p.plate_normalized LIKE ${like} AND p.axis_reads > 0
        AND p.last_seen >= ${query.start} AND p.first_seen <= ${query.end}
      LIMIT ${limit}
    ) c
    ORDER BY c.last_seen DESC, c.plate_normalized`,
  );
}

/** One batch of searchPartial (step 3): the newest reads of these plates from `from` on. */
function findNewestReadsOfPlates(
  prisma: PrismaClient,
  plates: string[],
  from: Date,
  query: SourceQuery,
  targets: AxisScope[],
  place: PlaceSql,
): Promise<DetectionRow[]> {
  // The statement's text is kept as it was written inside searchPartial's loop (its indentation
  // included): it is prepared by its text.
  return queryPrepared<DetectionRow>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
      ${newestReadsOfPlatesSql(Prisma.sql`unnest(${plates}::text[]) AS c(plate_normalized)`, from, query, targets, place)}`,
  );
}

/**
 * The reads of a search: the selected integrations' reads in the time range that match the plate, the
 * vehicle filters and the place, newest first, at most `query.limit` (a selective Similar text: one
 * statement per candidate plate, searchSimilar; a partial plate: from its distinct plates, by the
 * algorithm of axis-partial-search.service.ts, searchPartial).
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
    return searchPartial(
      {
        candidates: (limit) => findPartialCandidates(prisma, query, like, limit),
        newestReads: (plates, from) => findNewestReadsOfPlates(prisma, plates, from, query, targets, place),
        scan: () => searchReadsByScan(prisma, query, targets, place),
      },
      query,
      options,
    );
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
