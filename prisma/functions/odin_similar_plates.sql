-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_similar_plates(typed text, skeleton text, edits integer, variants text[], skeleton_swapped text[], skeleton_near text[], typed_swapped text[], typed_near text[], contained text)
 RETURNS TABLE(plate_normalized text)
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET plan_cache_mode TO 'force_generic_plan'
 SET effective_io_concurrency TO '0'
AS $function$
  SELECT p.plate_normalized FROM distinct_plates p WHERE p.skeleton = odin_similar_plates.skeleton
  UNION
  SELECT p.plate_normalized FROM distinct_plates p
  WHERE p.skeleton IN (
      SELECT s.skeleton FROM (
        SELECT v.skeleton FROM skeleton_variants v WHERE v.variant = ANY(variants)
        UNION
        SELECT q.skeleton FROM pending_skeletons q) s
      WHERE s.skeleton <> odin_similar_plates.skeleton
        AND (levenshtein_less_equal(s.skeleton, odin_similar_plates.skeleton, edits) <= edits
          OR s.skeleton = ANY(skeleton_swapped)
          OR (cardinality(skeleton_near) > 0
            AND levenshtein_less_equal(s.skeleton, odin_similar_plates.skeleton, edits + 1) <= edits + 1
            AND EXISTS (SELECT 1 FROM unnest(skeleton_near) n WHERE levenshtein_less_equal(s.skeleton, n, 1) <= 1))))
    AND (levenshtein_less_equal(p.plate_normalized, typed, edits) <= edits
      OR p.plate_normalized = ANY(typed_swapped)
      OR (cardinality(typed_near) > 0
        AND levenshtein_less_equal(p.plate_normalized, typed, edits + 1) <= edits + 1
        AND EXISTS (SELECT 1 FROM unnest(typed_near) n WHERE levenshtein_less_equal(p.plate_normalized, n, 1) <= 1)))
  UNION
  SELECT p.plate_normalized FROM distinct_plates p WHERE contained IS NOT NULL AND p.plate_normalized LIKE contained
$function$;
