-- Audit rows are append-only (issue 8): no route changes or deletes them, and the database refuses
-- it too, so neither a bug nor a stray script can rewrite who searched what. Prisma's schema does not
-- model triggers, so its diff of the migrations against schema.prisma stays empty.
-- Nothing in Odin deletes audit rows (the retention job purges detections only). Should rows ever
-- have to go (a court order, a decommissioned agency), an operator drops these triggers deliberately.
--
-- The function body is an E'' string with \073 for its semicolon: the migrator's driver adapter
-- splits a migration at every semicolon, dollar quotes included, so the body must not contain one.
CREATE FUNCTION "audit_logs_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS E'BEGIN RAISE EXCEPTION ''audit_logs is append-only: % is refused'', TG_OP USING ERRCODE = ''insufficient_privilege''\073 END';

CREATE TRIGGER "audit_logs_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_refuse_change"();

CREATE TRIGGER "audit_logs_no_truncate"
  BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_refuse_change"();
