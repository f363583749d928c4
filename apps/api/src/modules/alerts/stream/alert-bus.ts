import type { TAlert } from "@odin/contract";
import type { Database } from "../../../lib/database";
import type { Logger } from "../../../lib/logger";
import { findAlertIdsAfter, findAlertsByIds, findLatestAlertId } from "../alerts.repository";
import type { AlertAnnouncements } from "../../../lib/alert-listener";
import { toContractAlert } from "../alert-view";

export interface AlertEvent {
  groupId: number;
  alert: TAlert;
}

/** A live client (one SSE connection): it decides itself which events its user may see. */
export interface AlertSubscriber {
  deliver(events: readonly AlertEvent[]): void;
  /** The process is shutting down: end the connection. */
  close(): void;
}

export interface AlertBus {
  /** Starts hearing of committed alerts (the app's onReady). */
  start(): void;
  subscribe(subscriber: AlertSubscriber): () => void;
  /** Ends every subscriber's connection and stops hearing of alerts (the app's preClose). */
  close(): Promise<void>;
}

export interface AlertBusOptions {
  prisma: Database;
  /** The process's one LISTEN connection (lib/alert-listener.ts), shared with the delivery worker. */
  announcements: AlertAnnouncements;
  log: Logger;
}

/** Ids already fanned out, remembered so that a catch-up after a reconnection sends nothing twice. */
const REMEMBERED_IDS = 5_000;
/** A catch-up after a reconnection fans out at most this many missed alerts. */
const CATCH_UP_LIMIT = 1_000;

/**
 * The alerts of this API process's live clients. Alerts are announced by PostgreSQL on commit
 * (matcher-sql.ts), whichever process wrote them; the listener's notifications arriving together are
 * read in one query and handed to every subscriber. Alerts committed while the listener had no
 * connection are looked up by id when it is back (best effort: ids above the last one seen).
 */
export function createAlertBus({ prisma, announcements, log }: AlertBusOptions): AlertBus {
  const subscribers = new Set<AlertSubscriber>();
  const remembered = new Set<number>();
  let pending = new Set<number>();
  let scheduled = false;
  /** The highest alert id fanned out or skipped; unknown until the listener first connects. */
  let lastSeenId: number | undefined;
  let stopHearing: (() => void) | undefined;

  const remember = (id: number) => {
    remembered.add(id);
    if (lastSeenId === undefined || id > lastSeenId) lastSeenId = id;
    if (remembered.size > REMEMBERED_IDS) {
      const oldest = remembered.values().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
  };

  const flush = async () => {
    scheduled = false;
    const ids = [...pending];
    pending = new Set();
    if (subscribers.size === 0) {
      ids.forEach(remember);
      return;
    }
    const rows = await findAlertsByIds(prisma, ids);
    ids.forEach(remember);
    const events = rows.map((row) => ({ groupId: row.groupId, alert: toContractAlert(row) }));
    if (events.length === 0) return;
    for (const subscriber of subscribers) {
      try {
        subscriber.deliver(events);
      } catch (error) {
        log.warn({ err: error }, "an alert stream could not take an alert");
      }
    }
  };

  const enqueue = (ids: readonly number[]) => {
    for (const id of ids) if (!remembered.has(id)) pending.add(id);
    if (scheduled || pending.size === 0) return;
    scheduled = true;
    // After the other notifications already received, so a burst is read in one query.
    setImmediate(() => {
      flush().catch((error: unknown) => log.error({ err: error }, "alerts could not be fanned out"));
    });
  };

  /**
   * On the first connection, only notes where the alerts stand (older ones are history); after a
   * reconnection, fans out what was committed while the listener was away.
   */
  const catchUp = async () => {
    if (lastSeenId === undefined) {
      const latest = await findLatestAlertId(prisma);
      lastSeenId ??= latest;
      return;
    }
    enqueue(await findAlertIdsAfter(prisma, lastSeenId, CATCH_UP_LIMIT));
  };

  return {
    start() {
      // Never waits for the database: the app starts (and answers /healthz) while it is unreachable,
      // and the listener keeps trying.
      stopHearing = announcements.subscribe({
        onAlertIds: enqueue,
        onConnected: () => {
          catchUp().catch((error: unknown) =>
            log.warn({ err: error }, "missed alerts could not be looked up"),
          );
        },
      });
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      for (const subscriber of subscribers) subscriber.close();
      subscribers.clear();
      stopHearing?.();
    },
  };
}
