-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_retired_detection_pictures(retired text, after_id bigint, max_rows integer)
 RETURNS TABLE(id bigint, image_path text, plate_image_path text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public', 'pg_temp'
AS $function$
BEGIN
  IF retired NOT IN (SELECT odin_retired_partitions('detections')) THEN
    RAISE EXCEPTION '% is not a retired partition of detections', retired;
  END IF;
  RETURN QUERY EXECUTE format('SELECT r.id, r.image_path, r.plate_image_path FROM %I r
    WHERE r.id > $1 AND (r.image_path IS NOT NULL OR r.plate_image_path IS NOT NULL)
    ORDER BY r.id LIMIT $2', retired) USING after_id, max_rows;
END
$function$;

REVOKE EXECUTE ON FUNCTION odin_retired_detection_pictures(text,bigint,integer) FROM PUBLIC;
