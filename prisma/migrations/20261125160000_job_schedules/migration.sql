-- Background jobs run once across API replicas. Each process ticks, and the one whose conditional
-- UPDATE claims the row (due, and no live lease) runs the job. The row keeps when it last ran and
-- how it ended, for operators.
CREATE TABLE "job_schedules" (
    "name" TEXT NOT NULL,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "runs" BIGINT NOT NULL DEFAULT 0,
    "last_started_at" TIMESTAMPTZ(3),
    "last_finished_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_runner" TEXT,

    CONSTRAINT "job_schedules_pkey" PRIMARY KEY ("name")
);
