-- pg_trgm powers partial-plate search (GIN trigram indexes on plate_normalized).
-- Extensions are created here by hand: Prisma does not manage them in this project, so the
-- schema-to-migrations diff stays empty (packages/db/test/migrations.test.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
