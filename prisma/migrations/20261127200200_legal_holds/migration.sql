-- Issue 23 item 5. A legal hold on a case number: while it is not released, the retention run keeps the
-- case's records (the reads exported under the case, the reads and alerts of the plates searched or
-- exported under it) past their retention. Placing and releasing are audited.
CREATE TABLE "legal_holds" (
  "id" SERIAL NOT NULL,
  "agency_id" INTEGER NOT NULL,
  "case_number" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "placed_by_id" INTEGER,
  "placed_by" TEXT NOT NULL,
  "placed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "released_by_id" INTEGER,
  "released_by" TEXT,
  "released_at" TIMESTAMPTZ(3),
  CONSTRAINT "legal_holds_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "legal_holds_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id")
    ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "legal_holds_agency_id_released_at_idx" ON "legal_holds" ("agency_id", "released_at");
-- One active hold per case and agency (Prisma's schema cannot declare a partial index: it lives here).
CREATE UNIQUE INDEX "legal_holds_active_case_key" ON "legal_holds" ("agency_id", "case_number")
  WHERE "released_at" IS NULL;
