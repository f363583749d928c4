-- Issue 19: a Similar search finds the plates that contain the typed text among distinct plates (hundreds
-- of thousands), like its misreads, and then reads the reads of only those plates through the
-- (plate_normalized, timestamp) index, instead of a trigram scan of every read (docs/benchmarks.md, Similar).
-- CreateIndex
CREATE INDEX "distinct_plates_plate_normalized_trgm_idx" ON "distinct_plates" USING GIN ("plate_normalized" gin_trgm_ops);
