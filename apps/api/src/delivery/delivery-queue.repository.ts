import type { PrismaClient } from "@odin/db";
import type { DeliveryPolicy } from "../config/env";

/**
 * The alert delivery queue (issue 24), a table in PostgreSQL: rows are made by a trigger in the
 * statement that commits the alert (migration 20261126130000_alert_deliveries), one per alert,
 * channel and recipient. Every API process claims due rows with FOR UPDATE SKIP LOCKED, so replicas
 * share the work and never take the same row; a claim is a lease (locked_until): a process that dies
 * mid-delivery leaves the row to be taken again once the lease ends, and its late answer is ignored
 * (settling checks the lease it holds).
 *
 * Why not pg-boss: its jobs would be made after the alert's commit (a crash in between loses them),
 * and it creates and migrates its own schema at start, which Odin's DML-only role cannot do.
 */
export type DeliveryChannelName = "email" | "webhook" | "web_push" | "mobile_push";

export interface ClaimedDelivery {
  id: bigint;
  alertId: number;
  channel: DeliveryChannelName;
  recipient: string;
  userId: number | null;
  /** This attempt's number (1 for the first). */
  attempts: number;
  /** The lease this process holds: settling only counts while it is still ours. */
  lockedUntil: Date;
}

type Db = Pick<PrismaClient, "$queryRaw" | "$executeRaw">;

/** How long a claim holds: a delivery attempt is bounded well below it (timeouts of each channel). */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** Takes up to `limit` due deliveries (pending and due, or claimed by a process whose lease ran out). */
export async function claimDueDeliveries(db: Db, limit: number): Promise<ClaimedDelivery[]> {
  const rows = await db.$queryRaw<
    {
      id: bigint;
      alert_id: number;
      channel: DeliveryChannelName;
      recipient: string;
      user_id: number | null;
      attempts: number;
      locked_until: Date;
    }[]
  >`
    UPDATE alert_deliveries d SET
      status = 'sending',
      attempts = d.attempts + 1,
      locked_until = now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000}::double precision),
      updated_at = now()
    WHERE d.id IN (
      SELECT id FROM alert_deliveries
      WHERE (status = 'pending' AND next_attempt_at <= now())
        OR (status = 'sending' AND locked_until <= now())
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING d.id, d.alert_id, d.channel, d.recipient, d.user_id, d.attempts, d.locked_until`;
  return rows.map((row) => ({
    id: row.id,
    alertId: row.alert_id,
    channel: row.channel,
    recipient: row.recipient,
    userId: row.user_id,
    attempts: row.attempts,
    lockedUntil: row.locked_until,
  }));
}

/** The delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped, with ±25 % jitter. */
export function retryDelayMs(policy: Pick<DeliveryPolicy, "retryBaseMs" | "retryMaxMs">, attempts: number) {
  const delay = Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.75 + Math.random() / 2));
}

const ours = (delivery: ClaimedDelivery) => delivery.lockedUntil;

export async function markDelivered(db: Db, delivery: ClaimedDelivery, note: string | null = null) {
  await db.$executeRaw`
    UPDATE alert_deliveries SET status = 'sent', delivered_at = now(), locked_until = NULL,
      note = coalesce(${note}, note), updated_at = now()
    WHERE id = ${delivery.id} AND status = 'sending' AND locked_until = ${ours(delivery)}`;
}

/**
 * A failed attempt: retried after the backoff, or recorded as failed when `permanent` or when it was
 * the last attempt allowed.
 */
export async function markAttemptFailed(
  db: Db,
  delivery: ClaimedDelivery,
  error: string,
  { permanent, policy }: { permanent: boolean; policy: DeliveryPolicy },
) {
  const final = permanent || delivery.attempts >= policy.maxAttempts;
  const delayMs = final ? 0 : retryDelayMs(policy, delivery.attempts);
  await db.$executeRaw`
    UPDATE alert_deliveries SET
      status = ${final ? "failed" : "pending"},
      last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}::double precision),
      locked_until = NULL,
      updated_at = now()
    WHERE id = ${delivery.id} AND status = 'sending' AND locked_until = ${ours(delivery)}`;
}

/** Nothing to send any more (the recipient left the group or turned the channel off): recorded, not retried. */
export async function markCancelled(db: Db, delivery: ClaimedDelivery, note: string) {
  await db.$executeRaw`
    UPDATE alert_deliveries SET status = 'cancelled', note = ${note}, locked_until = NULL, updated_at = now()
    WHERE id = ${delivery.id} AND status = 'sending' AND locked_until = ${ours(delivery)}`;
}

/** Held (quiet hours): due again at `until`; the attempt is not counted. */
export async function markHeld(db: Db, delivery: ClaimedDelivery, until: Date, note: string) {
  await db.$executeRaw`
    UPDATE alert_deliveries SET status = 'pending', attempts = attempts - 1, next_attempt_at = ${until},
      note = ${note}, locked_until = NULL, updated_at = now()
    WHERE id = ${delivery.id} AND status = 'sending' AND locked_until = ${ours(delivery)}`;
}
