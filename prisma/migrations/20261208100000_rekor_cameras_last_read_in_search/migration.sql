-- Issue 40 item 6: camera health from every source. Rekor reads stay at Rekor and reach Odin only in
-- search answers; the newest read time a search answer carried for a camera is kept here (moved only
-- forward, GREATEST), beside last_seen_at (pushed reads and heartbeats). A camera's last read is the later.
ALTER TABLE "rekor_cameras" ADD COLUMN "last_read_in_search_at" TIMESTAMPTZ(3);
