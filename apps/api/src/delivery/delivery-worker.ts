import type { AlertAnnouncements } from "../lib/alert-listener";
import type { DeliveryPolicy } from "../config/env";
import type { Database } from "../lib/database";
import type { Logger } from "../lib/logger";
import {
  claimDueDeliveries,
  markAttemptFailed,
  markCancelled,
  markDelivered,
  markHeld,
  type ClaimedDelivery,
  type DeliveryChannelName,
} from "./delivery-queue.repository";

/** What a channel made of one attempt; a thrown error is a failed attempt (retried unless permanent). */
export type DeliveryOutcome =
  | { kind: "sent"; note?: string }
  | { kind: "cancelled"; note: string }
  | { kind: "held"; until: Date; note: string };

export interface DeliveryChannel {
  send(delivery: ClaimedDelivery): Promise<DeliveryOutcome>;
}

/** A failure no retry can mend (the address refused for good, the endpoint gone): recorded as failed. */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentDeliveryError";
  }
}

export interface DeliveryWorker {
  /** Listens for new alerts and polls for due retries (the app's onReady). */
  start(): void;
  /** Delivers everything due now; resolves when none is left (a run under way is joined). */
  drain(): Promise<number>;
  /** Stops listening and polling, and waits for the attempts under way. */
  stop(): Promise<void>;
}

export interface DeliveryWorkerOptions {
  prisma: Database;
  /** The process's one LISTEN connection (lib/alert-listener.ts), shared with the live alert streams. */
  announcements: AlertAnnouncements;
  channels: Partial<Record<DeliveryChannelName, DeliveryChannel>>;
  policy: DeliveryPolicy;
  log: Logger;
  /** Deliveries claimed at once (and attempted concurrently). */
  batchSize?: number;
  /** How long to wait before recording an outcome again when the database did not take it (ms). */
  settleRetryMs?: number;
  /** Told each time an outcome could not be recorded and will be tried again (tests). */
  onSettleRetry?: (delivery: ClaimedDelivery) => void;
}

/**
 * One per API process: woken by each committed alert (the alerts channel, the process's one listener) and
 * every `policy.pollMs` for retries that fell due, it claims due deliveries in batches and attempts
 * them concurrently until none is due.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { prisma, policy, log } = options;
  const batchSize = options.batchSize ?? 20;
  const settleRetryMs = options.settleRetryMs ?? 1_000;
  let stopHearing: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  /**
   * Records an attempt's outcome. The send and its record are apart: a record that fails (the database
   * went away after the message left) is written again every `settleRetryMs` while the lease is ours,
   * so the delivery is not sent a second time when the database comes back within the lease; it is
   * never taken for a failed send (which would send it again at once). Past the lease another process
   * may take the row and send again (at least once: the delivery's id goes with it, docs/webhooks.md).
   */
  const settle = async (delivery: ClaimedDelivery, write: () => Promise<unknown>) => {
    for (;;) {
      try {
        await write();
        return;
      } catch (error) {
        const lastChance = Date.now() + settleRetryMs >= delivery.lockedUntil.getTime();
        if (stopped || lastChance) {
          log.error(
            { delivery: String(delivery.id), err: error },
            "an alert delivery's outcome could not be recorded; its lease will lapse",
          );
          return;
        }
        log.warn(
          { delivery: String(delivery.id), err: error },
          "an alert delivery's outcome could not be recorded yet; trying again",
        );
        options.onSettleRetry?.(delivery);
        await new Promise((resolve) => setTimeout(resolve, settleRetryMs));
      }
    }
  };

  const attempt = async (delivery: ClaimedDelivery) => {
    const channel = options.channels[delivery.channel];
    let outcome: DeliveryOutcome;
    try {
      if (!channel) throw new PermanentDeliveryError(`no ${delivery.channel} channel is configured`);
      outcome = await channel.send(delivery);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn(
        { delivery: String(delivery.id), channel: delivery.channel, err: message },
        "an alert delivery failed",
      );
      await settle(delivery, () =>
        markAttemptFailed(prisma, delivery, message, {
          permanent: error instanceof PermanentDeliveryError,
          policy,
        }),
      );
      return;
    }
    await settle(delivery, () =>
      outcome.kind === "sent"
        ? markDelivered(prisma, delivery, outcome.note ?? null)
        : outcome.kind === "cancelled"
          ? markCancelled(prisma, delivery, outcome.note)
          : markHeld(prisma, delivery, outcome.until, outcome.note),
    );
  };

  const run = async () => {
    let delivered = 0;
    do {
      again = false;
      for (;;) {
        if (stopped) return delivered;
        const claimed = await claimDueDeliveries(prisma, batchSize);
        if (claimed.length === 0) break;
        await Promise.all(claimed.map(attempt));
        delivered += claimed.length;
      }
    } while (again && !stopped);
    return delivered;
  };

  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  };

  const wake = () => {
    drain().catch((error: unknown) => log.warn({ err: error }, "alert deliveries could not be claimed"));
  };

  return {
    start() {
      if (policy.pollMs <= 0) return;
      stopHearing = options.announcements.subscribe({ onAlertIds: wake, onConnected: wake });
      timer = setInterval(wake, policy.pollMs);
      timer.unref();
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      stopHearing?.();
      await running?.catch(() => undefined);
    },
  };
}
