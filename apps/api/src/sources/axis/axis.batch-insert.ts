import type { Database } from "../../lib/database";
import { insertAxisReads, type DetectionInsert, type InsertOutcome } from "./axis-detections.repository";

export type { DetectionInsert, InsertOutcome } from "./axis-detections.repository";

/** Most rows per statement: enough to share a statement's cost; more only makes each of its requests wait. */
const MAX_BATCH = 200;

/**
 * Cameras push one read per request, and a busy site pushes thousands a second. Each request's row is
 * queued and written together with the others that arrive meanwhile, in one multi-row INSERT … ON
 * CONFLICT DO NOTHING: one statement and one commit for many reads. The same statement matches the new
 * reads against the hotlists and writes their alerts (announced on commit), so a read and its alerts are
 * stored together or not at all. Every request still waits for its own row to be committed before it is
 * answered. If a batch fails, its rows are retried one by one, so one bad row cannot fail the others.
 * The statement is insertAxisReads (axis-detections.repository.ts).
 */
export function createDetectionWriter(prisma: Database) {
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
        const outcomes = await insertAxisReads(
          prisma,
          batch.map((entry) => entry.row),
        );
        batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
      } catch {
        for (const entry of batch) {
          try {
            entry.resolve((await insertAxisReads(prisma, [entry.row]))[0]!);
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

/** One camera's reads of one plate: a statement holds at most one (the cooldown's upsert, matcher-sql.ts). */
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
