-- Issue 17. A plate is listed once per group. Entries are the same when their group, normalised plate
-- and state (no state counts as the empty state) are. The oldest of each set is kept, the others merge into it.

-- Which entry each duplicate merges into (the oldest: created_at, then id).
CREATE TEMPORARY TABLE "hotlist_plate_merges" AS
SELECT "id" AS "removed_id", "kept_id"
FROM (
  SELECT "id", first_value("id") OVER (
    PARTITION BY "group_id", "plate_normalized", upper(coalesce("state", ''))
    ORDER BY "created_at", "id"
  ) AS "kept_id"
  FROM "hotlist_plates"
) "ranked"
WHERE "id" <> "kept_id";

-- What the kept entry would otherwise lose: the reasons and notes of the others go into its notes,
-- and it takes the first of their attachments when it has none (so no stored file is left unreferenced).
UPDATE "hotlist_plates" "k"
SET "notes" = concat_ws(E'\n', nullif("k"."notes", ''), "merged"."notes"),
    "attachment_path" = coalesce("k"."attachment_path", "merged"."attachment_path"),
    "attachment_mime" = CASE WHEN "k"."attachment_path" IS NULL THEN "merged"."attachment_mime" ELSE "k"."attachment_mime" END
FROM (
  SELECT "m"."kept_id",
    string_agg(
      concat('Merged duplicate entry ''', "p"."plate_number", '''',
        CASE WHEN "p"."reason" <> '' THEN concat(' (reason: ', "p"."reason", ')') END,
        CASE WHEN coalesce("p"."notes", '') <> '' THEN concat(': ', "p"."notes") END),
      E'\n' ORDER BY "p"."created_at", "p"."id") AS "notes",
    (array_agg("p"."attachment_path" ORDER BY "p"."created_at", "p"."id")
      FILTER (WHERE "p"."attachment_path" IS NOT NULL))[1] AS "attachment_path",
    (array_agg("p"."attachment_mime" ORDER BY "p"."created_at", "p"."id")
      FILTER (WHERE "p"."attachment_path" IS NOT NULL))[1] AS "attachment_mime"
  FROM "hotlist_plate_merges" "m"
  JOIN "hotlist_plates" "p" ON "p"."id" = "m"."removed_id"
  GROUP BY "m"."kept_id"
) "merged"
WHERE "k"."id" = "merged"."kept_id";

-- Alerts of merged entries point at the kept entry, unless the kept entry already has an alert for
-- the same read (alerts are unique on entry, source and read): those keep their copied fields and
-- lose the link when the duplicate is deleted below (ON DELETE SET NULL). No alert is deleted.
UPDATE "alerts" "a"
SET "hotlist_plate_id" = "m"."kept_id"
FROM "hotlist_plate_merges" "m"
WHERE "a"."hotlist_plate_id" = "m"."removed_id"
  AND "a"."id" IN (
    SELECT DISTINCT ON ("m2"."kept_id", "a2"."source_program", "a2"."source_read_id") "a2"."id"
    FROM "alerts" "a2"
    JOIN "hotlist_plate_merges" "m2" ON "a2"."hotlist_plate_id" = "m2"."removed_id"
    ORDER BY "m2"."kept_id", "a2"."source_program", "a2"."source_read_id", "a2"."id"
  )
  AND NOT EXISTS (
    SELECT 1 FROM "alerts" "k"
    WHERE "k"."hotlist_plate_id" = "m"."kept_id"
      AND "k"."source_program" = "a"."source_program"
      AND "k"."source_read_id" = "a"."source_read_id"
  );

DELETE FROM "hotlist_plates" WHERE "id" IN (SELECT "removed_id" FROM "hotlist_plate_merges");

DROP TABLE "hotlist_plate_merges";

-- The rule itself. An expression index (the Prisma schema cannot declare it, and the differ leaves it
-- alone): two concurrent adds of the same plate cannot both commit.
CREATE UNIQUE INDEX "hotlist_plates_group_plate_state_key"
  ON "hotlist_plates" ("group_id", "plate_normalized", (upper(coalesce("state", ''))));

-- CreateIndex
CREATE INDEX "alerts_source_program_source_read_id_idx" ON "alerts"("source_program", "source_read_id");
