import { Prisma, type PrismaClient } from "@odin/db";
import { recordDistinctPlatesCte } from "../distinct-plates-sql";
import {
  ALERT_ID_OF_CANDIDATE,
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
} from "../../alerts/alert-sql";
import { isAbsurdReadTime } from "../read-time";
import { maySeeReadsSql } from "../read-viewers";
import type { AxisDetectionFields } from "./axis.mapper";

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

/** Most rows per statement: enough to share a statement's cost; more only makes each of its requests wait. */
const MAX_BATCH = 200;

/**
 * Cameras push one read per request, and a busy site pushes thousands a second. Each request's row is
 * queued and written together with the others that arrive meanwhile, in one multi-row INSERT … ON
 * CONFLICT DO NOTHING: one statement and one commit for many reads. The same statement matches the new
 * reads against the hotlists and writes their alerts (announced on commit), so a read and its alerts are
 * stored together or not at all. Every request still waits for its own row to be committed before it is
 * answered. If a batch fails, its rows are retried one by one, so one bad row cannot fail the others.
 */
export function createDetectionWriter(prisma: PrismaClient) {
  let queue: {
    row: DetectionInsert;
    resolve: (outcome: InsertOutcome) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    while (queue.length > 0) {
      const { batch, rest } = takeBatch(queue);
      queue = rest;
      try {
        const outcomes = await insertRows(
          prisma,
          batch.map((entry) => entry.row),
        );
        batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
      } catch {
        for (const entry of batch) {
          try {
            entry.resolve((await insertRows(prisma, [entry.row]))[0]!);
          } catch (error) {
            entry.reject(error);
          }
        }
      }
    }
  };

  return {
    insert(row: DetectionInsert): Promise<InsertOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // After the requests already read from the sockets have queued their rows.
          setImmediate(() => void flush());
        }
      });
    },
  };
}

/** One camera's reads of one plate: a statement holds at most one (the cooldown's upsert, alert-sql.ts). */
const cooldownKey = (row: DetectionInsert) =>
  `${row.axisIntegrationId}\u0000${row.cameraName ?? ""}\u0000${row.plateNormalized}\u0000${(row.plateState ?? "").toUpperCase()}`;

/**
 * The next batch: up to MAX_BATCH rows in arrival order, a second read of a camera and plate left for
 * the next batch (it then counts on the alert the first one made, within the group's cooldown).
 */
function takeBatch<T extends { row: DetectionInsert }>(queue: T[]): { batch: T[]; rest: T[] } {
  const batch: T[] = [];
  const rest: T[] = [];
  const keys = new Set<string>();
  for (const entry of queue) {
    const key = cooldownKey(entry.row);
    if (batch.length < MAX_BATCH && !keys.has(key)) {
      keys.add(key);
      batch.push(entry);
    } else rest.push(entry);
  }
  return { batch, rest };
}

const keyOf = (integrationId: number, vendorEventId: string) => `${integrationId}\u0000${vendorEventId}`;

async function insertRows(prisma: PrismaClient, rows: DetectionInsert[]): Promise<InsertOutcome[]> {
  // One array per column, unnested server-side: a statement of 26 parameters whatever the batch size,
  // cheaper to build, send, parse and plan than a VALUES list of 26 parameters per row.
  const column = <T>(pick: (row: DetectionInsert) => T) => rows.map(pick);
  const now = new Date();
  // The read and its alerts in one statement (one round trip, one commit): the alerts CTE matches the
  // reads just inserted (a repeated read inserts nothing, so it alerts nobody twice) against the plates of
  // the groups of the agencies that may search the camera (read-viewers.ts: its own and those it is shared with), one alert
  // per read and group (a read is matched only when first stored, so no earlier alert can exist).
  const rowsAndNotifications = await prisma.$queryRaw<
    { id: bigint | null; axis_integration_id: number | null; vendor_event_id: string | null }[]
  >`
    WITH inserted AS (
      INSERT INTO detections (source_program, plate, plate_normalized, plate_state, make, color, body_type,
        camera_name, agency_id, axis_integration_id, timestamp, latitude, longitude, image_path, plate_image_path,
        plate_x1, plate_x2, plate_x3, plate_x4, plate_y1, plate_y2, plate_y3, plate_y4, confidence, direction,
        raw, vendor_event_id, absurd_date)
      SELECT 'Axis', r.* FROM unnest(
        ${column((row) => row.plate)}::text[], ${column((row) => row.plateNormalized)}::text[],
        ${column((row) => row.plateState)}::text[], ${column((row) => row.make)}::text[],
        ${column((row) => row.color)}::text[], ${column((row) => row.bodyType)}::text[],
        ${column((row) => row.cameraName)}::text[], ${column((row) => row.agencyId)}::int[],
        ${column((row) => row.axisIntegrationId)}::int[],
        ${column((row) => row.timestamp.toISOString())}::timestamptz[],
        ${column((row) => row.latitude)}::float8[], ${column((row) => row.longitude)}::float8[],
        ${column((row) => row.imagePath)}::text[], ${column((row) => row.plateImagePath)}::text[],
        ${column((row) => row.plateX1)}::int[], ${column((row) => row.plateX2)}::int[],
        ${column((row) => row.plateX3)}::int[], ${column((row) => row.plateX4)}::int[],
        ${column((row) => row.plateY1)}::int[], ${column((row) => row.plateY2)}::int[],
        ${column((row) => row.plateY3)}::int[], ${column((row) => row.plateY4)}::int[],
        ${column((row) => row.confidence)}::float8[], ${column((row) => row.direction)}::text[],
        ${column((row) => JSON.stringify(row.raw))}::jsonb[], ${column((row) => row.vendorEventId)}::text[],
        ${column((row) => isAbsurdReadTime(row.timestamp, now))}::boolean[]
      ) AS r
      ON CONFLICT (axis_integration_id, vendor_event_id) DO NOTHING
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
        timestamp, camera, agency_name, reason, notes, date_added, image_path, latitude, longitude,
        axis_detection_id, axis_is_cloud, match_rule)
      SELECT ${ALERT_ID_OF_CANDIDATE}, f.group_id, f.hotlist_plate_id, 'Axis', f.id::text, f.plate,
        f.plate_state, f.timestamp, f.camera_name, f.agency_name, f.reason, f.notes, f.date_added,
        f.image_path, f.latitude, f.longitude, f.id, f.is_cloud, f.match_rule
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
