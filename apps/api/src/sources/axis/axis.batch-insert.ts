import { Prisma, type PrismaClient } from "@odin/db";
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

/** Most rows per statement; beyond this a statement's parameters (27 per row) approach PostgreSQL's limit. */
const MAX_BATCH = 200;

/**
 * Cameras push one read per request, and a busy site pushes thousands a second. Each request's row is
 * queued and written together with the others that arrive meanwhile, in one multi-row INSERT … ON
 * CONFLICT DO NOTHING: one statement and one commit for many reads. Every request still waits for its
 * own row to be committed before it is answered. If a batch fails, its rows are retried one by one, so
 * one bad row cannot fail the others.
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
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
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

const keyOf = (integrationId: number, vendorEventId: string) => `${integrationId}\u0000${vendorEventId}`;

async function insertRows(prisma: PrismaClient, rows: DetectionInsert[]): Promise<InsertOutcome[]> {
  const values = rows.map(
    (
      row,
    ) => Prisma.sql`('Axis', ${row.plate}, ${row.plateNormalized}, ${row.plateState}, ${row.make}, ${row.color},
      ${row.bodyType}, ${row.cameraName}, ${row.agencyId}, ${row.axisIntegrationId}, ${row.timestamp}, ${row.latitude},
      ${row.longitude}, ${row.imagePath}, ${row.plateImagePath}, ${row.plateX1}, ${row.plateX2}, ${row.plateX3},
      ${row.plateX4}, ${row.plateY1}, ${row.plateY2}, ${row.plateY3}, ${row.plateY4}, ${row.confidence},
      ${row.direction}, ${JSON.stringify(row.raw)}::jsonb, ${row.vendorEventId})`,
  );
  const inserted = await prisma.$queryRaw<
    { id: bigint; axis_integration_id: number; vendor_event_id: string }[]
  >`
    INSERT INTO detections (source_program, plate, plate_normalized, plate_state, make, color, body_type,
      camera_name, agency_id, axis_integration_id, timestamp, latitude, longitude, image_path, plate_image_path,
      plate_x1, plate_x2, plate_x3, plate_x4, plate_y1, plate_y2, plate_y3, plate_y4, confidence, direction,
      raw, vendor_event_id)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (axis_integration_id, vendor_event_id) DO NOTHING
    RETURNING id, axis_integration_id, vendor_event_id`;
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
