import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../lib/database";
import type { Logger } from "../lib/logger";
import { claimJobRow, finishJobRun, renewJobLease } from "./job-schedules.repository";

/**
 * Background jobs that run once across API replicas (issue 21).
 *
 * Every process ticks; a tick tries to claim the job's row in `job_schedules` with one conditional
 * UPDATE (due, and no live lease). PostgreSQL's row lock makes exactly one claimer win, whichever
 * replica it is; the others see the new `next_run_at` and wait. The clock is the database's, so
 * replicas with drifting clocks still agree. A runner that dies mid-run holds the job only until its
 * lease ends (the lease is renewed while the job runs), then any replica takes it again.
 */
export interface JobDefinition {
  /** The row's key in job_schedules; stable across releases. */
  name: string;
  /** Time between the starts of two runs, across all replicas. */
  intervalMs: number;
  /** How long a claim holds without renewal (a crashed runner's job is retaken after it). */
  leaseMs?: number;
  /** The work; `signal` aborts when the process stops. Returns figures worth a log line, if any. */
  run(signal: AbortSignal): Promise<Record<string, unknown> | void>;
}

export interface ScheduledJob {
  /** One claim attempt now; resolves after the run if this process won it. Answers whether it ran. */
  tick(): Promise<boolean>;
  /** Stops ticking and waits for a run under way (its signal is aborted). */
  stop(): Promise<void>;
}

const DEFAULT_MIN_LEASE_MS = 5 * 60_000;
/** Ticks are at most this far apart, so a long interval still starts on time once due. */
const MAX_TICK_MS = 60_000;

/** This process's name in `last_runner`: host, pid and a random part (pids repeat across hosts). */
export const runnerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/**
 * Claims `name` if it is due and unleased: one statement, so concurrent claimers get one winner.
 * The row is created due on first use.
 */
export async function claimJob(
  prisma: Database,
  job: Pick<JobDefinition, "name" | "intervalMs" | "leaseMs">,
  runner = runnerId,
): Promise<boolean> {
  return claimJobRow(prisma, { name: job.name, intervalMs: job.intervalMs, leaseMs: leaseFor(job) }, runner);
}

function leaseFor(job: Pick<JobDefinition, "intervalMs" | "leaseMs">): number {
  return job.leaseMs ?? Math.max(job.intervalMs, DEFAULT_MIN_LEASE_MS);
}

/**
 * Runs `job` once per interval across every replica that schedules it. A failed run is logged and
 * recorded (`last_error`); the job runs again at its next time.
 */
export function scheduleJob(
  prisma: Database,
  job: JobDefinition,
  log: Logger,
  { runner = runnerId, autoStart = true }: { runner?: string; autoStart?: boolean } = {},
): ScheduledJob {
  const abort = new AbortController();
  const leaseMs = leaseFor(job);
  let current: Promise<boolean> | undefined;

  const runClaimed = async () => {
    // Renew the lease while the job runs, so a long run is never taken over by another replica.
    const renew = setInterval(() => {
      void renewJobLease(prisma, job.name, runner, leaseMs).catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, "a job's lease could not be renewed"),
      );
    }, leaseMs / 3);
    renew.unref();
    let failure: string | null = null;
    try {
      const figures = await job.run(abort.signal);
      if (figures) log.info({ job: job.name, ...figures }, "background job ran");
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: job.name }, "a background job failed; it will run again at its next time");
    } finally {
      clearInterval(renew);
      await finishJobRun(prisma, job.name, runner, failure).catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, "a job's end could not be recorded; its lease will lapse"),
      );
    }
  };

  const tick = (): Promise<boolean> => {
    // One run at a time in this process; a tick during a run joins it.
    current ??= (async () => {
      try {
        if (abort.signal.aborted || !(await claimJob(prisma, job, runner))) return false;
        await runClaimed();
        return true;
      } catch (error) {
        log.warn({ err: error, job: job.name }, "a background job could not be claimed; trying again");
        return false;
      } finally {
        current = undefined;
      }
    })();
    return current;
  };

  const tickMs = Math.min(Math.max(job.intervalMs / 2, 1_000), MAX_TICK_MS);
  const timer = autoStart ? setInterval(() => void tick(), tickMs) : undefined;
  timer?.unref();
  if (autoStart) void tick();

  return {
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      abort.abort();
      await current;
    },
  };
}
