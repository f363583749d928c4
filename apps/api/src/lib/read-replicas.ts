/**
 * Read replicas (issue 42 item 1): PostgreSQL's own streaming replication, hot standbys named by
 * DATABASE_READ_URLS. Searches, investigations and the audit and review screens read from a standby;
 * everything that writes (the audit row first, ingest, hotlists, settings) stays on the primary.
 *
 * - How far behind: every second the primary's WAL position (pg_current_wal_lsn) is noted with its clock,
 *   and each standby's replayed position (pg_last_wal_replay_lsn) read. A standby has everything the
 *   primary had at the newest noted instant whose position it has replayed; its lag is the time since.
 *   This does not grow on an idle primary, as now() - pg_last_xact_replay_timestamp() would (that is
 *   what odin doctor shows). A standby further behind than DATABASE_READ_MAX_LAG_MS,
 *   not checked for three rounds, or promoted, is skipped.
 * - Read-your-writes: a person's change marks users.last_write_at (the primary's clock); their reads go
 *   to the primary until a standby has replayed past it.
 * - Routing: a route that reads from a replica runs its work in `reading(actor, work)`; the `reader`
 *   handle (given to the search sources and the screens' reads) queries the replica chosen for it, and
 *   the primary outside such work. The primary handle stays the primary everywhere.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { READ_REPLICA_LAG_HEADER } from "@odin/contract";
import { ROUTED_CLIENT } from "@odin/db";
import type { Database } from "./database";
import type { Logger } from "./logger";
import { markUserWrote, readPrimaryPosition, readStandbyPosition } from "./replica-lag.repository";

export interface ReadReplicaOptions {
  primary: Database;
  /** One handle per standby, in DATABASE_READ_URLS order; `name` is its host:port (never the password). */
  standbys: { name: string; db: Database }[];
  maxLagMs: number;
  /** How often the positions are read (default 1 s). */
  checkIntervalMs?: number;
  log: Logger;
}

/** Where a read was served from, said in the answer when it came from a standby. */
export interface ReadSource {
  replica: string;
  /** How far the standby was behind the primary at its last check. */
  lagMs: number;
}

export interface StandbyStatus {
  name: string;
  usable: boolean;
  lagMs: number | null;
  /** now() - pg_last_xact_replay_timestamp() on the standby (grows while the primary is idle). */
  lastReplayedAt: string | null;
  reason?: string;
}

interface Standby {
  name: string;
  db: Database;
  /** The primary's clock (ms) up to which this standby has everything; undefined: not known. */
  freshAtMs?: number;
  lagMs?: number;
  checkedAt?: number;
  inRecovery?: boolean;
  lastReplayedAt?: Date | null;
  error?: string;
}

/** Positions noted on the primary: how far back a standby's lag can be told (two minutes at 1/s). */
const KEPT_POSITIONS = 120;

/** A WAL position ("16/B374D848") as a number, to compare. */
export function lsnValue(lsn: string): bigint {
  const [high = "0", low = "0"] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export interface ReadReplicas {
  /** Queries the replica chosen by `reading` for the work under way, the primary otherwise. */
  readonly reader: Database;
  /** Whether any standby is configured. */
  readonly configured: boolean;
  /** Runs `work` reading from a standby fit for this caller, if any; says which. */
  reading<T>(
    caller: { user: { lastWriteAt: Date | null } } | null,
    work: () => Promise<T>,
  ): Promise<{ value: T; from?: ReadSource }>;
  /**
   * A screen's read (the audit log, its chain check, the review flags): `work` reads through the handle
   * it is given, a fit standby's or the primary's, and the answer carries x-odin-replica-lag-ms when a
   * standby answered. Only for work that writes nothing.
   */
  answer<T>(
    caller: { user: { lastWriteAt: Date | null } },
    reply: { header(name: string, value: string): unknown },
    work: (db: Database) => Promise<T>,
  ): Promise<T>;
  /** After a person's change (a write request that succeeded): their next reads wait for it. */
  markWrote(userId: number): Promise<void>;
  /** One round of checks now (tests; the timer runs them every checkIntervalMs). */
  check(): Promise<void>;
  status(): StandbyStatus[];
  start(): void;
  close(): Promise<void>;
}

export function createReadReplicas(options: ReadReplicaOptions): ReadReplicas {
  const { primary, maxLagMs, log } = options;
  const intervalMs = options.checkIntervalMs ?? 1000;
  const standbys: Standby[] = options.standbys.map(({ name, db }) => ({ name, db }));
  const positions: { lsn: bigint; atMs: number }[] = [];
  const chosen = new AsyncLocalStorage<Database>();
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let turn = 0;
  let primaryFailing = false;

  // Without standbys the reader is the primary itself: nothing stands between a search and its handle.
  const reader =
    standbys.length === 0
      ? primary
      : new Proxy(primary, {
          get(target, property) {
            const db = chosen.getStore() ?? target;
            if (property === ROUTED_CLIENT) return db;
            const value = Reflect.get(db, property, db) as unknown;
            return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(db) : value;
          },
        });

  async function checkStandby(standby: Standby, latest: { lsn: bigint; atMs: number }) {
    try {
      const position = await readStandbyPosition(standby.db);
      standby.inRecovery = position.inRecovery;
      standby.lastReplayedAt = position.lastReplayedAt;
      standby.checkedAt = Date.now();
      standby.error = undefined;
      if (!position.inRecovery || !position.replayLsn) {
        standby.freshAtMs = undefined;
        standby.lagMs = undefined;
        return;
      }
      const replayed = lsnValue(position.replayLsn);
      let freshAtMs: number | undefined;
      for (let i = positions.length - 1; i >= 0; i--) {
        if (positions[i]!.lsn <= replayed) {
          freshAtMs = positions[i]!.atMs;
          break;
        }
      }
      standby.freshAtMs = freshAtMs;
      standby.lagMs = freshAtMs === undefined ? undefined : Math.max(0, latest.atMs - freshAtMs);
    } catch (error) {
      standby.error = error instanceof Error ? error.message : String(error);
      standby.freshAtMs = undefined;
      standby.lagMs = undefined;
    }
  }

  async function checkRound() {
    let latest: { lsn: bigint; atMs: number };
    try {
      const position = await readPrimaryPosition(primary);
      latest = { lsn: lsnValue(position.lsn), atMs: position.atMs };
    } catch (error) {
      // No primary to compare with: nothing can be said of the standbys' lag this round (said once).
      if (!primaryFailing) log.warn({ err: error }, "read replicas: the primary's position cannot be read");
      primaryFailing = true;
      return;
    }
    primaryFailing = false;
    positions.push(latest);
    if (positions.length > KEPT_POSITIONS) positions.shift();
    await Promise.all(standbys.map((standby) => checkStandby(standby, latest)));
  }

  function check(): Promise<void> {
    checking ??= checkRound().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  const usable = (standby: Standby, now: number) =>
    standby.inRecovery === true &&
    standby.lagMs !== undefined &&
    standby.lagMs <= maxLagMs &&
    standby.checkedAt !== undefined &&
    now - standby.checkedAt <= 3 * intervalMs + 1000;

  function pick(lastWriteAt: Date | null | undefined): Standby | undefined {
    const now = Date.now();
    const fit = standbys.filter(
      (standby) =>
        usable(standby, now) &&
        (!lastWriteAt || (standby.freshAtMs !== undefined && standby.freshAtMs >= lastWriteAt.getTime())),
    );
    if (fit.length === 0) return undefined;
    turn = (turn + 1) % fit.length;
    return fit[turn];
  }

  return {
    reader,
    configured: standbys.length > 0,
    async reading(caller, work) {
      const standby = standbys.length > 0 ? pick(caller?.user.lastWriteAt) : undefined;
      if (!standby) return { value: await work() };
      const value = await chosen.run(standby.db, work);
      return { value, from: { replica: standby.name, lagMs: standby.lagMs ?? 0 } };
    },
    async answer(caller, reply, work) {
      const { value, from } = await this.reading(caller, () => work(reader));
      if (from) reply.header(READ_REPLICA_LAG_HEADER, String(from.lagMs));
      return value;
    },
    async markWrote(userId) {
      if (standbys.length > 0) await markUserWrote(primary, userId);
    },
    check,
    status() {
      const now = Date.now();
      return standbys.map((standby) => ({
        name: standby.name,
        usable: usable(standby, now),
        lagMs: standby.lagMs ?? null,
        lastReplayedAt: standby.lastReplayedAt?.toISOString() ?? null,
        ...(standby.error
          ? { reason: "does not answer" }
          : standby.inRecovery === false
            ? { reason: "is not a standby (promoted?)" }
            : standby.lagMs === undefined
              ? { reason: "lag not known yet" }
              : standby.lagMs > maxLagMs
                ? { reason: `more than ${maxLagMs} ms behind` }
                : {}),
      }));
    },
    start() {
      if (standbys.length === 0 || timer) return;
      void check();
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await checking?.catch(() => undefined);
    },
  };
}
