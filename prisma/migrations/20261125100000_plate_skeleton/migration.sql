-- Issue 19: OCR-tolerant ("Similar") plate search.
-- fuzzystrmatch gives the bench its port of ALPR-Database's levenshtein() query.
CREATE EXTENSION IF NOT EXISTS "fuzzystrmatch";

-- The confusable skeleton, defined here once for SQL (the TypeScript mirror is
-- apps/api/src/sources/plate-skeleton.ts, and a test proves both agree on a table of cases).
-- Each character is mapped to its class: 0 O D Q as 0, 1 I L as 1, 2 Z as 2, 5 S as 5, 6 G as 6, 8 B as 8,
-- every other character as itself. Input is a normalised plate (upper case), but upper() keeps it safe.
CREATE OR REPLACE FUNCTION odin_plate_skeleton(plate text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT translate(upper(plate), 'ODQILZSGB', '000112568') $$;

-- The symmetric-delete neighbourhood of a skeleton: itself, and itself with one or two characters removed.
CREATE OR REPLACE FUNCTION odin_skeleton_variants(skeleton text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT skeleton
    UNION
    SELECT overlay(skeleton placing '' from i for 1) FROM generate_series(1, length(skeleton)) i
    UNION
    SELECT overlay(overlay(skeleton placing '' from j for 1) placing '' from i for 1)
    FROM generate_series(1, length(skeleton)) i, generate_series(i + 1, length(skeleton)) j
  $$;

-- CreateTable
CREATE TABLE "distinct_plates" (
    "plate_normalized" TEXT NOT NULL,
    "skeleton" TEXT NOT NULL,
    "first_seen" TIMESTAMPTZ(3) NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL,
    "axis_reads" INTEGER NOT NULL DEFAULT 0,
    "rekor_reads" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "distinct_plates_pkey" PRIMARY KEY ("plate_normalized")
);

-- CreateTable
CREATE TABLE "skeleton_variants" (
    "variant" TEXT NOT NULL,
    "skeleton" TEXT NOT NULL,

    CONSTRAINT "skeleton_variants_pkey" PRIMARY KEY ("variant","skeleton")
);

-- CreateIndex
CREATE INDEX "distinct_plates_skeleton_idx" ON "distinct_plates"("skeleton");

-- Backfill from the reads already stored.
INSERT INTO distinct_plates (plate_normalized, skeleton, first_seen, last_seen, axis_reads)
SELECT plate_normalized, odin_plate_skeleton(plate_normalized), min(timestamp), max(timestamp), count(*)::int
FROM detections GROUP BY plate_normalized;

INSERT INTO skeleton_variants (variant, skeleton)
SELECT DISTINCT v, s.skeleton FROM (SELECT DISTINCT skeleton FROM distinct_plates) s, odin_skeleton_variants(s.skeleton) v;
