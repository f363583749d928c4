-- Similar search (issue 19): the candidate search reads its few heap pages synchronously.
--
-- The plates that contain the typed text come from the pg_trgm index on distinct_plates, and a GIN
-- index is read through a bitmap heap scan, which PostgreSQL 18 reads through a read stream: with
-- io_method = worker (the default) each page not in shared buffers is handed to an I/O worker process
-- and waited for. For the one to five pages such a search reads, that hand-off cost 2-9 ms on a busy
-- machine against well under 1 ms read in the backend itself (docs/benchmarks.md, Similar), and the
-- pages are evicted whenever a long scan has run since. With effective_io_concurrency = 0 a read
-- stream reads synchronously in the backend. Only inside this function: other statements keep the
-- server setting.
ALTER FUNCTION odin_similar_plates(text, text, int, text[], text[], text[], text[], text[], text)
  SET effective_io_concurrency = 0;
