-- Issue 19: a Similar search finds the plates that contain the typed text among distinct plates (hundreds
-- of thousands), like its misreads, and then reads the reads of only those plates through the
-- (plate_normalized, timestamp) index, instead of a trigram scan of every read (docs/benchmarks.md, Similar).
-- New plates wait in the GIN pending list until it is merged, and every search reads that whole list:
-- at the default 4 MB a search took 8 ms instead of 0.1 ms after a burst of new plates. 256 kB keeps
-- the merges frequent and cheap for the ingest statement that triggers them.
-- CreateIndex
CREATE INDEX "distinct_plates_plate_normalized_trgm_idx" ON "distinct_plates" USING GIN ("plate_normalized" gin_trgm_ops) WITH (gin_pending_list_limit = 256);
