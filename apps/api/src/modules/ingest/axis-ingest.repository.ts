import { Prisma, type PrismaClient } from "@odin/db";
import { recordDistinctPlatesCte } from "../../sources/distinct-plates.repository";
import {
  ALERT_ID_OF_CANDIDATE,
  alertTimesOfCandidate,
  COUNT_REPEAT,
  JOIN_COOLED,
  NEW_ALERT_ID,
  cooldownColumns,
  cooledCte,
  entryPreference,
  joinActiveGroup,
  matchingPlatesCte,
  notifiedCte,
  onePerGroup,
} from "../alerts/matching/matcher-sql";
import { maySeeReadsSql } from "../../sources/read-viewers.repository";
import { isAbsurdReadTime } from "../../sources/read-time";
import type { AxisDetectionFields } from "../../sources/axis/axis.mapper";

/**
 * Axis reads into Odin's `detections` table: the ingest → match → alert statement (axis-batch-insert.ts
 * queues and batches the rows) and the lookups of ingest (axis-ingest.ts). The Axis source's searches
 * of the same table are sources/axis/axis-detections.repository.ts.
 */

/** One read ready for the detections table: the mapped fields plus where it came from and its pictures. */
export interface DetectionInsert extends AxisDetectionFields {
  agencyId: number;
  axisIntegrationId: number;
  imagePath: string | null;
  plateImagePath: string | null;
  raw: unknown;
}

export interface InsertOutcome {
  id: bigint;
  /** False when the read was already stored (by an earlier push or another in the same batch). */
  created: boolean;
}

const keyOf = (integrationId: number, vendorEventId: string) => `${integrationId}\u0000${vendorEventId}`;

/** One read as the ingest statement takes it: a JSON object whose keys are the columns (readsJson). */
const READ_COLUMNS = Prisma.raw(`plate text, plate_normalized text, plate_state text, make text, color text,
  body_type text, camera_name text, agency_id int, axis_integration_id int, timestamp timestamptz,
  latitude float8, longitude float8, image_path text, plate_image_path text, plate_x1 int, plate_x2 int,
  plate_x3 int, plate_x4 int, plate_y1 int, plate_y2 int, plate_y3 int, plate_y4 int, confidence float8,
  direction text, raw jsonb, vendor_event_id text, absurd_date boolean`);

/**
 * The batch as one JSON text, for json_to_recordset: one parameter whatever the batch size, built by
 * one JSON.stringify. (Twenty-seven arrays cost Prisma, node-postgres and PostgreSQL far more: every
 * element of every array is converted and escaped, the raw events twice, docs/benchmarks.md.)
 */
export function readsJson(rows: DetectionInsert[], now: Date): string {
  return JSON.stringify(
    rows.map((row) => ({
      plate: row.plate,
      plate_normalized: row.plateNormalized,
      plate_state: row.plateState,
      make: row.make,
      color: row.color,
      body_type: row.bodyType,
      camera_name: row.cameraName,
      agency_id: row.agencyId,
      axis_integration_id: row.axisIntegrationId,
      timestamp: row.timestamp.toISOString(),
      latitude: row.latitude,
      longitude: row.longitude,
      image_path: row.imagePath,
      plate_image_path: row.plateImagePath,
      plate_x1: row.plateX1,
      plate_x2: row.plateX2,
      plate_x3: row.plateX3,
      plate_x4: row.plateX4,
      plate_y1: row.plateY1,
      plate_y2: row.plateY2,
      plate_y3: row.plateY3,
      plate_y4: row.plateY4,
      confidence: row.confidence,
      direction: row.direction,
      raw: row.raw ?? null,
      vendor_event_id: row.vendorEventId,
      absurd_date: isAbsurdReadTime(row.timestamp, now),
    })),
  );
}

export async function insertAxisReads(
  prisma: PrismaClient,
  rows: DetectionInsert[],
): Promise<InsertOutcome[]> {
  // The read and its alerts in one statement (one round trip, one commit): the alerts CTE matches the
  // reads just inserted (a repeated read inserts nothing, so it alerts nobody twice) against the plates of
  // the groups of the agencies that may search the camera (read-viewers.repository.ts: its own and those
  // it is shared with), one alert per read and group (a read is matched only when first stored, so no
  // earlier alert can exist). Not a prepared statement (PREPARED_STATEMENT): its generic plan, made
  // once per connection while the tables were small, kept a sequential scan of skeleton_variants in the
  // distinct-plates upkeep and cost more than planning each batch (docs/benchmarks.md, Axis ingest).
  const rowsAndNotifications = await prisma.$queryRaw<
    { id: bigint | null; axis_integration_id: number | null; vendor_event_id: string | null }[]
  >`
    WITH inserted AS (
      INSERT INTO detections (source_program, plate, plate_normalized, plate_state, make, color, body_type,
        camera_name, agency_id, axis_integration_id, timestamp, latitude, longitude, image_path, plate_image_path,
        plate_x1, plate_x2, plate_x3, plate_x4, plate_y1, plate_y2, plate_y3, plate_y4, confidence, direction,
        raw, vendor_event_id, absurd_date)
      SELECT 'Axis', r.plate, r.plate_normalized, r.plate_state, r.make, r.color, r.body_type, r.camera_name,
        r.agency_id, r.axis_integration_id, r.timestamp, r.latitude, r.longitude, r.image_path,
        r.plate_image_path, r.plate_x1, r.plate_x2, r.plate_x3, r.plate_x4, r.plate_y1, r.plate_y2,
        r.plate_y3, r.plate_y4, r.confidence, r.direction, r.raw, r.vendor_event_id, r.absurd_date
      FROM json_to_recordset(${readsJson(rows, new Date())}::json) AS r(${READ_COLUMNS})
      ON CONFLICT (axis_integration_id, vendor_event_id, timestamp) DO NOTHING
      RETURNING id, axis_integration_id, vendor_event_id, agency_id, plate, plate_normalized, plate_state,
        timestamp, camera_name, latitude, longitude, image_path, absurd_date
    ),
    -- A read with an absurd date is stored (flagged) but raises no alert (sources/read-time.ts).
    matchable AS (SELECT * FROM inserted WHERE NOT absurd_date),
    ${recordDistinctPlatesCte("inserted", "axis_reads")},
    ${matchingPlatesCte("m", "matchable", "plate_state")},
    picked AS MATERIALIZED (
      SELECT ${onePerGroup("m.id")} m.*, aa.agency_name, ai.is_cloud,
        ${cooldownColumns(Prisma.sql`'Axis:' || m.axis_integration_id || ':' || coalesce(m.camera_name, '')`, "plate_state")}
      FROM m
      ${joinActiveGroup("m")}
      JOIN axis_integrations ai ON ai.id = m.axis_integration_id
      JOIN axis_agencies aa ON aa.id = ai.axis_agency_id
      WHERE ${maySeeReadsSql("Axis", Prisma.sql`ai.id`, Prisma.sql`g.agency_id`)}
      ${entryPreference("m.id")}
    ),
    fresh AS MATERIALIZED (SELECT p.*, ${NEW_ALERT_ID} FROM picked p),
    -- The same plate again by the camera within the group's cooldown counts on its alert (issue 24).
    ${cooledCte("fresh", "timestamp")},
    alerted AS (
      INSERT INTO alerts AS a (id, group_id, hotlist_plate_id, source_program, source_read_id, plate, state,
        timestamp, last_read_at, camera, agency_name, reason, notes, date_added, image_path, latitude, longitude,
        axis_detection_id, axis_is_cloud, match_rule)
      SELECT ${ALERT_ID_OF_CANDIDATE}, f.group_id, f.hotlist_plate_id, 'Axis', f.id::text, f.plate,
        f.plate_state, ${alertTimesOfCandidate("timestamp")}, f.camera_name, f.agency_name, f.reason, f.notes,
        f.date_added, f.image_path, f.latitude, f.longitude, f.id, f.is_cloud, f.match_rule
      FROM fresh f
      ${JOIN_COOLED}
      ${COUNT_REPEAT}
    ),
    created AS (SELECT id FROM alerted WHERE created),
    ${notifiedCte("created")}
    SELECT id, axis_integration_id, vendor_event_id FROM inserted
    UNION ALL
    SELECT NULL, NULL, NULL FROM notified`;
  const inserted = rowsAndNotifications.filter(
    (row): row is { id: bigint; axis_integration_id: number; vendor_event_id: string } => row.id !== null,
  );
  const created = new Map(
    inserted.map((row) => [keyOf(row.axis_integration_id, row.vendor_event_id), row.id]),
  );

  // Rows not inserted were already there (or repeated within this batch): find their ids.
  const missing = rows.filter((row) => !created.has(keyOf(row.axisIntegrationId, row.vendorEventId)));
  const existing = new Map<string, bigint>();
  if (missing.length > 0) {
    const found = await prisma.detection.findMany({
      where: {
        OR: missing.map((row) => ({
          axisIntegrationId: row.axisIntegrationId,
          vendorEventId: row.vendorEventId,
        })),
      },
      select: { id: true, axisIntegrationId: true, vendorEventId: true },
    });
    for (const row of found) existing.set(keyOf(row.axisIntegrationId, row.vendorEventId), row.id);
  }

  const claimed = new Set<string>();
  return rows.map((row) => {
    const key = keyOf(row.axisIntegrationId, row.vendorEventId);
    const id = created.get(key);
    if (id !== undefined && !claimed.has(key)) {
      claimed.add(key);
      return { id, created: true };
    }
    const known = id ?? existing.get(key);
    if (known === undefined) throw new Error(`read ${row.vendorEventId} was neither stored nor found`);
    return { id: known, created: false };
  });
}

/** An integration by its identifier, with its agency (ingest authenticates and caches it). */
export function findAxisIntegrationForIngest(prisma: PrismaClient, identifier: string) {
  return prisma.axisIntegration.findUnique({
    where: { identifier },
    include: { axisAgency: { select: { agencyId: true } } },
  });
}

/** The id of a read already stored for this integration and vendor event id, or null. */
export async function findAxisReadId(
  prisma: PrismaClient,
  integrationId: number,
  vendorEventId: string,
): Promise<bigint | null> {
  // The unique key also holds the read time (detections is partitioned by it, issue 21); the vendor
  // event id alone is unique per integration in practice, and (integration, event id) leads that index.
  const row = await prisma.detection.findFirst({
    where: { axisIntegrationId: integrationId, vendorEventId },
    select: { id: true },
  });
  return row?.id ?? null;
}

/** Diagnostics: the newest read time of an integration, never moved back. */
export function noteAxisLastEvent(prisma: PrismaClient, integrationId: number, at: Date) {
  return prisma.$executeRaw(
    Prisma.sql`UPDATE axis_integrations SET last_event_at = GREATEST(COALESCE(last_event_at, ${at}), ${at})
                   WHERE id = ${integrationId}`,
  );
}
