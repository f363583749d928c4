import { Prisma } from "@odin/db";
import type { SourceQuery } from "../detection-source";
import { areaBounds, camerasOf } from "../place";
import { similarPlatesSql } from "../similar-plates.repository";

/**
 * The SQL pieces of the Axis search statements (axis-detections.repository.ts): the conditions on the
 * plate, the integrations, the time range, the place and the vehicle, the columns a read is selected
 * with, and the two reads-finding statements built of them (newestReadsOfPlatesSql, scanSql). The
 * statements are prepared by their text (queryPrepared): change a piece's text and every statement
 * built of it is planned anew.
 */

/** What a search needs of a searched integration: its id, and its identifier for an area search. */
export interface AxisScope {
  integrationId: number;
  /** The integration's identifier: an area search names the camera by it ("Axis:hfd-lpv-01"). */
  identifier?: string;
}

/** The place's conditions (placeSql): which reads are at the place, and which of them at a named camera. */
export interface PlaceSql {
  where: Prisma.Sql;
  atCamera: Prisma.Sql;
}

export const containing = (value: string) => `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

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
      // A short text (not selective; searchSimilar, axis-detections.repository.ts, answers the others): the reads that contain it in the
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
export function isSelectivePattern(query: SourceQuery): boolean {
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
export function placeSql(query: SourceQuery, targets: AxisScope[]): PlaceSql {
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

export const SELECT_COLUMNS = Prisma.sql`d.id, d.plate, d.plate_state, d.make, d.color, d.body_type, d.camera_name, a.name AS agency_name,
  d.timestamp, d.latitude, d.longitude, d.image_path, d.plate_image_path,
  d.plate_x1, d.plate_x2, d.plate_x3, d.plate_x4, d.plate_y1, d.plate_y2, d.plate_y3, d.plate_y4,
  d.absurd_date`;

export function vehicleSql(query: SourceQuery): Prisma.Sql {
  return Prisma.sql`${query.plateState ? Prisma.sql`upper(d.plate_state) = upper(${query.plateState})` : Prisma.sql`TRUE`}
    AND ${equalsIgnoringCase(Prisma.sql`d.color`, query.color)}
    AND ${equalsIgnoringCase(Prisma.sql`d.make`, query.make)}
    AND ${equalsIgnoringCase(Prisma.sql`d.body_type`, query.bodyType)}`;
}

const equalsIgnoringCase = (column: Prisma.Sql, value: string | undefined) =>
  value ? Prisma.sql`lower(${column}) = lower(${value})` : Prisma.sql`TRUE`;

/**
 * The newest `query.limit` reads of the plates of `plates` (a FROM item `c` with a `plate_normalized`
 * column) from `from` to the range's end: each plate's newest through the (plate_normalized, timestamp)
 * index, with the integrations searched (the caller's visibility), the place and the vehicle filters,
 * at most `limit` each, then the newest `limit` of all.
 */
export function newestReadsOfPlatesSql(
  plates: Prisma.Sql,
  from: Date,
  query: SourceQuery,
  targets: AxisScope[],
  place: PlaceSql,
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
 * The reads of a search in one pass over `detections`: an exact plate through its index, a short
 * Similar text (and a partial pattern before issue 21, or too loose for its distinct plates) through
 * the trigram or the time index.
 */
export function scanSql(query: SourceQuery, targets: AxisScope[], place: PlaceSql): Prisma.Sql {
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
