import type { TSearchResult } from "@odin/contract";
import { Prisma, PREPARED_STATEMENT, type PrismaClient } from "@odin/db";
import type { DetectionSource, SourceContext, SourceQuery, SourceWindow } from "../detection-source";
import { areaBounds, camerasOf, cameraRef, insideArea } from "../place";
import { findSearchableAxisIntegrations } from "../search-scope.repository";
import { plateMatches } from "../plate-pattern";
import { similarPlatesSql } from "../similar-plates.repository";

interface AxisTarget {
  integrationId: number;
  /** The integration's identifier: an area search names the camera by it ("Axis:hfd-lpv-01"). */
  identifier?: string;
  label?: string | null;
  agencyName?: string;
  latitude?: number | null;
  longitude?: number | null;
  /** How many days of this integration's reads are kept (its agency's figure, else the default). */
  retentionDays: number;
}

const DAY_MS = 86_400_000;

interface DetectionRow {
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

const proxied = (path: string | null) =>
  path ? `/proxy-axis-image?${new URLSearchParams({ path }).toString()}` : null;

/**
 * A stored Axis read as the contract's search result. `axis_path` / `axis_plate_path` are the stored
 * pictures' relative paths, shown only through Odin's /proxy-axis-image.
 */
export function mapAxisDetection(row: DetectionRow): TSearchResult {
  return {
    id: `axis-${row.id.toString()}`,
    image_uuid: null,
    plate: row.plate,
    plate_state: row.plate_state,
    make: row.make,
    color: row.color,
    body_type: row.body_type,
    agency: row.agency_name,
    camera_name: row.camera_name,
    timestamp: row.timestamp.toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    source_program: "Axis",
    agent_uid: null,
    api_key: null,
    rekor_api_key: null,
    image_path: null,
    plate_image_url: null,
    base_url: null,
    axis_path: row.image_path,
    axis_plate_path: row.plate_image_path,
    plate_x1: row.plate_x1,
    plate_x2: row.plate_x2,
    plate_x3: row.plate_x3,
    plate_x4: row.plate_x4,
    plate_y1: row.plate_y1,
    plate_y2: row.plate_y2,
    plate_y3: row.plate_y3,
    plate_y4: row.plate_y4,
    vehicle_image_src: proxied(row.image_path),
    plate_image_src: proxied(row.plate_image_path),
    ...(row.absurd_date ? { absurd_date: true } : {}),
  };
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

function scopeCondition(query: SourceQuery, targets: AxisTarget[]): Prisma.Sql {
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
function placeSql(query: SourceQuery, targets: AxisTarget[]): { where: Prisma.Sql; atCamera: Prisma.Sql } {
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
  targets: AxisTarget[],
  place: { where: Prisma.Sql; atCamera: Prisma.Sql },
): Promise<DetectionRow[]> {
  const ids = Prisma.join(targets.map((target) => target.integrationId));
  // Prepared once per connection: its text varies only with the number of integrations and filters,
  // and PostgreSQL then keeps a generic plan (planning was a third of the statement's time).
  return prisma.$queryRaw<DetectionRow[]>`${Prisma.raw(PREPARED_STATEMENT)}
    WITH candidates AS MATERIALIZED (${similarPlatesSql(query.plate!.value, { contains: true })})
    SELECT r.* FROM candidates c
    CROSS JOIN LATERAL (
      SELECT ${SELECT_COLUMNS}, ${place.atCamera} AS at_camera
      FROM detections d JOIN agencies a ON a.id = d.agency_id
      WHERE d.plate_normalized = c.plate_normalized
        AND d.timestamp >= ${query.start} AND d.timestamp <= ${query.end}
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
 * Axis (RAVEN): cameras push their reads to Odin, so searching is a query of Odin's own `detections`
 * table by the selected integrations, time range (index on integration + timestamp) and plate.
 */
export function createAxisSource(
  prisma: PrismaClient,
  defaultRetentionDays = 30,
): DetectionSource<AxisTarget> {
  return {
    program: "Axis",
    async searchable(context: SourceContext) {
      const integrations = await findSearchableAxisIntegrations(prisma, context);
      return new Map(
        integrations.map((integration) => [
          integration.identifier,
          {
            integrationId: integration.id,
            identifier: integration.identifier,
            label: integration.label,
            agencyName: integration.axisAgency.agencyName,
            latitude: integration.latitude,
            longitude: integration.longitude,
            retentionDays: integration.axisAgency.agency.retentionDays ?? defaultRetentionDays,
          },
        ]),
      );
    },
    coverage(query, targets, now) {
      // The shortest retention among the searched integrations decides where reads may be missing.
      const days = Math.min(...targets.map((target) => target.retentionDays));
      if (!Number.isFinite(days)) return undefined;
      const keptFrom = new Date(now.getTime() - days * DAY_MS);
      if (query.start >= keptFrom) return undefined;
      return `RAVEN keeps ${days} days of reads: reads before ${keptFrom.toISOString().slice(0, 10)} are no longer stored, so this search cannot find them.`;
    },
    async search(query, targets) {
      if (targets.length === 0) return [];
      const place = placeSql(query, targets);
      const similar = query.plate?.kind === "similar";
      const rows =
        similar && isSelectivePattern(query)
          ? await searchSimilar(prisma, query, targets, place)
          : await prisma.$queryRaw<DetectionRow[]>`
        SELECT ${SELECT_COLUMNS}, ${place.atCamera} AS at_camera
        FROM detections d JOIN agencies a ON a.id = d.agency_id
        WHERE ${scopeCondition(query, targets)}
          AND ${plateCondition(query)}
          AND ${place.where}
          AND ${vehicleSql(query)}
        ORDER BY d.timestamp DESC
        LIMIT ${query.limit}`;
      const area = query.place?.area;
      // The Similar rule is decided once per plate, not per read.
      const matches = new Map<string, boolean>();
      const matching = (plate: string) => {
        let known = matches.get(plate);
        if (known === undefined) matches.set(plate, (known = plateMatches(query.plate, plate)));
        return known;
      };
      return rows
        .filter((row) => !similar || matching(row.plate))
        .filter((row) => !area || row.at_camera || insideArea(area, row.latitude, row.longitude))
        .map(mapAxisDetection);
    },
    async searchWindows(windows: SourceWindow[], query, targets) {
      if (targets.length === 0 || windows.length === 0) return [];
      // One statement for every window, each window an index range scan of (axis_integration_id,
      // timestamp). The LATERAL subquery is kept apart (OFFSET 0) on purpose: flattened into a plain
      // join, the planner hash-joined the windows with a sequential scan of every read of the
      // integrations (docs/benchmarks.md, "Investigations (issue 22)").
      const ids = Prisma.join(targets.map((target) => target.integrationId));
      const rows = await prisma.$queryRaw<DetectionRow[]>`
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
      return rows.map(mapAxisDetection);
    },
    async cameras(targets) {
      return targets.flatMap((target) =>
        target.identifier
          ? [
              {
                id: cameraRef("Axis", target.identifier),
                source_program: "Axis" as const,
                name: target.label ?? target.identifier,
                agency: target.agencyName ?? null,
                latitude: target.latitude ?? null,
                longitude: target.longitude ?? null,
              },
            ]
          : [],
      );
    },
  };
}
