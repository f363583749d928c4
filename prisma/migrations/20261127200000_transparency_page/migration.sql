-- Issue 23 item 3. An agency's public transparency page: off until its admin turns it on, with the
-- sections the admin leaves out (a page turned on shows everything until told otherwise) and the
-- policy text the admin writes, shown as plain text.
ALTER TABLE "agencies"
  ADD COLUMN "transparency_enabled" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "transparency_hidden" TEXT[],
  ADD COLUMN "transparency_policy" TEXT;
