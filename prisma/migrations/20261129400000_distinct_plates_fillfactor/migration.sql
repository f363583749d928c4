-- Issue 21, Axis ingest: every read of a plate already seen updates its distinct_plates row (last seen,
-- count). No indexed column changes, so the update can stay on its page without touching the three
-- indexes (a HOT update), but only when the page has room for the new row version: at the default
-- fillfactor of 100 a full page sends the update to every index, the trigram GIN among them. Pages
-- written from now on keep a fifth free for those updates (docs/benchmarks.md, Axis ingest).
ALTER TABLE "distinct_plates" SET (fillfactor = 80);
