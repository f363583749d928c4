import { Prisma, PREPARED_STATEMENT, queryPrepared } from "@odin/db";
import type { Database } from "./database";

/** The primary's WAL position and its clock now (issue 42 item 1: how far a standby is behind). */
export async function readPrimaryPosition(primary: Database): Promise<{ lsn: string; atMs: number }> {
  const [row] = await queryPrepared<{ lsn: string; at_ms: number }>(
    primary,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)} SELECT pg_current_wal_lsn()::text AS lsn,
      (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS at_ms`,
  );
  return { lsn: row!.lsn, atMs: row!.at_ms };
}

export interface StandbyPosition {
  /** False: the server is not (or no longer) a standby, e.g. it was promoted. */
  inRecovery: boolean;
  /** How far it has replayed the primary's WAL (null when not a standby). */
  replayLsn: string | null;
  /** When the last transaction it replayed was committed on the primary (null before any). */
  lastReplayedAt: Date | null;
}

/** A standby's replay position (every function here is open to a role without privileges). */
export async function readStandbyPosition(standby: Database): Promise<StandbyPosition> {
  const [row] = await queryPrepared<{
    in_recovery: boolean;
    replay_lsn: string | null;
    replayed_at: Date | null;
  }>(
    standby,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)} SELECT pg_is_in_recovery() AS in_recovery,
      pg_last_wal_replay_lsn()::text AS replay_lsn, pg_last_xact_replay_timestamp() AS replayed_at`,
  );
  return { inRecovery: row!.in_recovery, replayLsn: row!.replay_lsn, lastReplayedAt: row!.replayed_at };
}

/** A person's write (issue 42 item 1: read-your-writes): when, on the primary's clock. */
export async function markUserWrote(primary: Database, userId: number): Promise<void> {
  await queryPrepared(
    primary,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)} UPDATE users SET last_write_at = clock_timestamp()
      WHERE id = ${userId} RETURNING id`,
  );
}
