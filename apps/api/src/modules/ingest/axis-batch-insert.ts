import type { Database } from "../../lib/database";
import { insertAxisReads, type DetectionInsert, type InsertOutcome } from "./axis-ingest.repository";

export type { DetectionInsert, InsertOutcome } from "./axis-ingest.repository";

/** Most rows per statement: enough to share a statement's cost; more only makes each of its requests wait. */
export const MAX_BATCH = 200;
/**
 * Most statements in flight at once. The reads that arrive while they run wait and go together in the
 * next one, so under load batches grow instead of multiplying: every statement has a cost of its own
 * (parse, plan, commit) that a batch of one pays alone, and ingest keeps the rest of the pool for the
 * other requests. Two, so that one batch is written while the other waits for its commit.
 */
export const MAX_BATCHES_IN_FLIGHT = 2;

type Entry = {
  row: DetectionInsert;
  resolve: (outcome: InsertOutcome) => void;
  reject: (error: unknown) => void;
};

/**
 * Cameras push one read per request, and a busy site pushes thousands a second. Each request's row is
 * queued and written together with the others that arrive meanwhile, in one multi-row INSERT … ON
 * CONFLICT DO NOTHING: one statement and one commit for many reads. The same statement matches the new
 * reads against the hotlists and writes their alerts (announced on commit), so a read and its alerts are
 * stored together or not at all. Every request still waits for its own row to be committed before it is
 * answered. If a batch fails, its rows are retried one by one, so one bad row cannot fail the others.
 * The statement is insertAxisReads (axis-detections.repository.ts).
 */
export function createDetectionWriter(
  prisma: Database,
  { maxInFlight = MAX_BATCHES_IN_FLIGHT }: { maxInFlight?: number } = {},
) {
  let queue: Entry[] = [];
  let scheduled = false;
  let inFlight = 0;

  const write = async (batch: Entry[]) => {
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
  };

  /** Starts batches while fewer than maxInFlight are being written; a finished one starts the next. */
  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const { batch, rest } = takeBatch(queue);
      queue = rest;
      inFlight += 1;
      void write(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    insert(row: DetectionInsert): Promise<InsertOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // After the requests already read from the sockets have queued their rows.
          setImmediate(() => {
            scheduled = false;
            pump();
          });
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
