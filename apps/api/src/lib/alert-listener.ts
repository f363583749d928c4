import { primaryConnectionString } from "@odin/db/hosts";
import pg from "pg";
import type { Logger } from "./logger";

/** The PostgreSQL channel on which committed alerts are announced (payload: comma-separated alert ids). */
export const ALERTS_CHANNEL = "odin_alerts";

/** The ids a notification carries; anything unreadable is skipped. */
export function parseAlertIds(payload: string | undefined): number[] {
  if (!payload) return [];
  return payload
    .split(",")
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

export interface AlertListenerOptions {
  databaseUrl: string;
  /** Ids of alerts that were just committed. */
  onAlertIds(ids: number[]): void;
  /**
   * Each time LISTEN is in place (first connection and reconnections): notifications sent while there
   * was none are lost, so the caller looks for what it missed.
   */
  onConnected(): void;
  log: Logger;
  /** The connection's name in pg_stat_activity (default odin-alerts-listener, the live screens'). */
  applicationName?: string;
}

export interface AlertListener {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * One dedicated connection per API process that LISTENs on the alerts channel (a pooled connection
 * cannot: the pool hands it to other queries). When the connection drops, it reconnects with an
 * exponential backoff (with jitter, so several processes do not reconnect in step) until closed.
 */
export function listenForAlerts(options: AlertListenerOptions): AlertListener {
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let failures = 0;

  const retry = () => {
    if (closed || timer) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures) * (0.75 + Math.random() / 2);
    failures++;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  };

  const connect = async () => {
    // On a URL of several hosts, the primary's (issue 42 item 2): NOTIFY is sent there.
    let connectionString: string;
    try {
      connectionString = await primaryConnectionString(options.databaseUrl);
    } catch (error) {
      options.log.warn({ err: error }, "the alerts listener found no primary; trying again");
      retry();
      return;
    }
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: options.applicationName ?? "odin-alerts-listener",
    });
    client = next;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      if (closed) return;
      options.log.warn({ err: error }, "the alerts listener lost its database connection; reconnecting");
      void next.end().catch(() => undefined);
      retry();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    next.on("notification", (message) => {
      if (message.channel !== ALERTS_CHANNEL) return;
      const ids = parseAlertIds(message.payload);
      if (ids.length > 0) options.onAlertIds(ids);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${ALERTS_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    failures = 0;
    options.onConnected();
  };

  void connect();

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/** What wants to hear of committed alerts: the live screens' bus, the delivery worker. */
export interface AlertAnnouncementSubscriber {
  onAlertIds(ids: number[]): void;
  /** LISTEN is in place (first connection, reconnections, or already when subscribing). */
  onConnected(): void;
}

export interface AlertAnnouncements {
  /** Hears of committed alerts until the returned function is called; the first opens the connection. */
  subscribe(subscriber: AlertAnnouncementSubscriber): () => void;
  /** Closes the one connection (the app's onClose, after its users stopped). */
  close(): Promise<void>;
}

/**
 * The one LISTEN connection of an API process (issue 39 item 3): the live alert streams and the delivery
 * worker each opened their own before; now both subscribe here. Opened by the first subscriber, so a
 * process that runs neither (ODIN_ROLE=ingest) holds none; each notification and each (re)connection is
 * handed to every subscriber.
 */
export function createAlertAnnouncements(options: { databaseUrl: string; log: Logger }): AlertAnnouncements {
  const subscribers = new Set<AlertAnnouncementSubscriber>();
  let listener: AlertListener | undefined;
  let connected = false;
  const each = (call: (subscriber: AlertAnnouncementSubscriber) => void) => {
    for (const subscriber of [...subscribers]) {
      try {
        call(subscriber);
      } catch (error) {
        options.log.warn({ err: error }, "an alert announcement could not be handled");
      }
    }
  };
  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      if (!listener) {
        listener = listenForAlerts({
          databaseUrl: options.databaseUrl,
          log: options.log,
          onAlertIds: (ids) => each((one) => one.onAlertIds(ids)),
          onConnected: () => {
            connected = true;
            each((one) => one.onConnected());
          },
        });
      } else if (connected) {
        // Already listening: the newcomer looks for what it needs now, as after a connection.
        queueMicrotask(() => subscribers.has(subscriber) && subscriber.onConnected());
      }
      return () => {
        subscribers.delete(subscriber);
      };
    },
    async close() {
      subscribers.clear();
      await listener?.close();
      listener = undefined;
      connected = false;
    },
  };
}
