-- The security-relevant rate limits (sign-in, password reset, first-run setup, bulk uploads) are
-- counted here, so every API replica sees the same count. UNLOGGED: counters need no crash safety,
-- and skipping the write-ahead log keeps each count cheap.
CREATE UNLOGGED TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "window_ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters"("window_ends_at");
