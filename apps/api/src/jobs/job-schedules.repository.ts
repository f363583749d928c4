import type { PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "$executeRaw">;

/**
 * Claims job `name` if it is due and unleased: one conditional UPDATE, so concurrent claimers get
 * one winner (the row is created due on first use). Answers whether this runner won it.
 */
export async function claimJobRow(
  db: Db,
  job: { name: string; intervalMs: number; leaseMs: number },
  runner: string,
): Promise<boolean> {
  // Due at once: now() truncated to the column's milliseconds. The default (CURRENT_TIMESTAMP into a
  // timestamptz(3)) rounds, so it could land up to half a millisecond after the claim's own now() and
  // the first claim find it not yet due (seen in CI).
  await db.$executeRaw`
    INSERT INTO job_schedules (name, next_run_at) VALUES (${job.name}, date_trunc('milliseconds', now()))
    ON CONFLICT (name) DO NOTHING`;
  const claimed = await db.$executeRaw`
    UPDATE job_schedules SET
      runs = runs + 1,
      last_started_at = now(),
      last_runner = ${runner},
      lease_until = now() + make_interval(secs => ${job.leaseMs / 1000}::double precision),
      next_run_at = now() + make_interval(secs => ${job.intervalMs / 1000}::double precision)
    WHERE name = ${job.name}
      AND next_run_at <= now()
      AND (lease_until IS NULL OR lease_until <= now())`;
  return claimed === 1;
}

/** Extends the lease of a run this runner holds. */
export async function renewJobLease(db: Db, name: string, runner: string, leaseMs: number): Promise<void> {
  await db.$executeRaw`
    UPDATE job_schedules
    SET lease_until = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
    WHERE name = ${name} AND last_runner = ${runner}`;
}

/** Records the end of this runner's run (and its error, if it failed), releasing the lease. */
export async function finishJobRun(
  db: Db,
  name: string,
  runner: string,
  failure: string | null,
): Promise<void> {
  await db.$executeRaw`
    UPDATE job_schedules SET lease_until = NULL, last_finished_at = now(), last_error = ${failure}
    WHERE name = ${name} AND last_runner = ${runner}`;
}
