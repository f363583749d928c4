-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_retired_alert_pictures(part text)
 RETURNS TABLE(image_path text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  IF part NOT IN (SELECT odin_retired_partitions('alerts')) THEN
    RAISE EXCEPTION '% is not a retired partition of alerts', part;
  END IF;
  RETURN QUERY EXECUTE format('SELECT DISTINCT r.image_path FROM %I r WHERE r.image_path IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM alerts o WHERE o.image_path = r.image_path)', part);
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_alert_pictures(text) FROM PUBLIC;
