-- Issue 19: ingest no longer writes the symmetric-delete neighbourhood of a new skeleton (27 rows for 7
-- characters) in the statement that stores the read, but queues the skeleton here (one row), and the
-- skeleton-index job moves queued skeletons into skeleton_variants in bulk. A Similar search also
-- checks the queued skeletons directly, so a plate read a moment ago is found before it is indexed.
-- CreateTable
CREATE TABLE "pending_skeletons" (
    "skeleton" TEXT NOT NULL,
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_skeletons_pkey" PRIMARY KEY ("skeleton")
);
