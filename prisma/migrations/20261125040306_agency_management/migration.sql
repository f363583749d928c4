-- Agencies become manageable by the owner (issue 15): a short code, a time zone, a retention for the
-- reads Odin stores itself, and deactivation instead of deletion.
-- Written from the Prisma diff, then edited by hand: existing rows get a code derived from their name
-- before the column becomes required, and names become unique regardless of case.

-- AlterTable
ALTER TABLE "agencies" ADD COLUMN     "code" TEXT,
ADD COLUMN     "deactivated_at" TIMESTAMPTZ(3),
ADD COLUMN     "retention_days" INTEGER,
ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'America/New_York';

-- Existing agencies: the initials of the words of their name ("Hartford Police Department" -> "HPD"), at
-- most 10 characters. A name too short for 2 initials, or initials another agency has already taken,
-- get the agency id appended ("HPD7"), which keeps every code unique.
WITH initials AS (
  SELECT a.id,
         left(coalesce(upper(string_agg(left(w.word, 1), '' ORDER BY w.n)), ''), 10) AS code
  FROM "agencies" a
  LEFT JOIN LATERAL regexp_split_to_table(regexp_replace(a.name, '[^A-Za-z0-9]+', ' ', 'g'), ' ')
       WITH ORDINALITY AS w(word, n) ON w.word <> ''
  GROUP BY a.id
), ranked AS (
  SELECT id, code, row_number() OVER (PARTITION BY code ORDER BY id) AS rank FROM initials
)
UPDATE "agencies" a
SET "code" = CASE
  WHEN length(r.code) >= 2 AND r.rank = 1 THEN r.code
  ELSE left(CASE WHEN length(r.code) < 2 THEN rpad(r.code, 2, 'A') ELSE r.code END,
            10 - length(a.id::text)) || a.id::text
END
FROM ranked r
WHERE r.id = a.id;

ALTER TABLE "agencies" ALTER COLUMN "code" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "agencies_code_key" ON "agencies"("code");

-- Two agencies may not differ only by case ("Hartford PD" and "HARTFORD PD"). Not expressible in
-- schema.prisma, so the service maps a violation (P2002) to a 409 like the other unique keys.
CREATE UNIQUE INDEX "agencies_name_lower_key" ON "agencies" (lower("name"));
