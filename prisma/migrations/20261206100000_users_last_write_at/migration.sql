-- Issue 42 item 1: read-your-writes with read replicas. A person's reads go to the primary until a replica has replayed their last change.
ALTER TABLE "users" ADD COLUMN "last_write_at" TIMESTAMPTZ(3);
