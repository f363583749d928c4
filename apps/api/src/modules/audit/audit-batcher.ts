import type { Actor } from "../../access/actor";
import type { Database } from "../../lib/database";
import { insertAuditRows, type AuditEntry, type AuditRow } from "../../lib/audit-rows.repository";

/**
 * Group commit for the audit chain (issue 42 item 0). A chain is one agency's rows; its insert
 * trigger takes the chain's advisory lock and holds it until the row's transaction has committed
 * and its WAL is flushed, so the searches of one agency's users write their rows one after another,
 * each waiting for the flush of the one before. Here, per process and per chain: a row that finds
 * no insert of its chain in flight is inserted at once (no added wait); rows that arrive while one
 * is in flight are inserted together as soon as it is done, in one statement and one transaction
 * (insertAuditRows): one lock, one flush for all of them.
 *
 * Each caller gets its own row's id once that row is committed, so "audit first, then work" holds
 * for every search exactly as with one insert each. If a batch fails (one row refused fails its
 * statement), each of its rows is tried again on its own, so only the refused row's caller fails.
 */
const MAX_BATCH = 64;

interface Waiting {
  row: AuditRow;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

interface ChainQueue {
  waiting: Waiting[];
  busy: boolean;
}

const queuesByDatabase = new WeakMap<Database, Map<number, ChainQueue>>();

async function drain(db: Database, queue: ChainQueue): Promise<void> {
  queue.busy = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      try {
        const ids = await insertAuditRows(
          db,
          batch.map((waiting) => waiting.row),
        );
        batch.forEach((waiting, index) => waiting.resolve(ids[index]!));
      } catch (error) {
        if (batch.length === 1) {
          batch[0]!.reject(error);
          continue;
        }
        await Promise.all(
          batch.map((waiting) =>
            insertAuditRows(db, [waiting.row]).then(([id]) => waiting.resolve(id!), waiting.reject),
          ),
        );
      }
    }
  } finally {
    queue.busy = false;
  }
}

/**
 * writeAuditReturningId for hot, independent rows (each search's): the row is committed, in its own
 * chain's order, when the promise resolves; never inside a caller's transaction (pass the client).
 */
export function writeAuditBatched(
  db: Database,
  { user, ip, requestId }: Actor,
  entry: AuditEntry,
): Promise<number> {
  let queues = queuesByDatabase.get(db);
  if (!queues) queuesByDatabase.set(db, (queues = new Map<number, ChainQueue>()));
  const chain = user.agencyId ?? 0;
  const queue = queues.get(chain) ?? { waiting: [], busy: false };
  queues.set(chain, queue);
  const row: AuditRow = {
    userId: user.id,
    username: user.username,
    agencyId: user.agencyId,
    ip,
    requestId,
    ...entry,
  };
  const written = new Promise<number>((resolve, reject) => queue.waiting.push({ row, resolve, reject }));
  if (!queue.busy) void drain(db, queue);
  return written;
}
