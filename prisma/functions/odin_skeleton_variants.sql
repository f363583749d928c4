-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,
-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails
-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".

CREATE OR REPLACE FUNCTION public.odin_skeleton_variants(skeleton text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
    SELECT skeleton
    UNION
    SELECT overlay(skeleton placing '' from i for 1) FROM generate_series(1, length(skeleton)) i
    UNION
    SELECT overlay(overlay(skeleton placing '' from j for 1) placing '' from i for 1)
    FROM generate_series(1, length(skeleton)) i, generate_series(i + 1, length(skeleton)) j
  $function$;
