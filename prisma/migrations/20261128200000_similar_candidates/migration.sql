-- Similar search (issue 19), the candidate plates of a typed plate in one planned-once function.
--
-- The plates of a skeleton are read from the index alone: (skeleton, plate_normalized) lets a search
-- check each plate as written (index-only scan) before any table row is read. It replaces the index
-- on skeleton alone.
DROP INDEX "distinct_plates_skeleton_idx";

CREATE INDEX "distinct_plates_skeleton_plate_normalized_idx" ON "distinct_plates"("skeleton", "plate_normalized");

-- The stored plates a Similar search may mean (apps/api/src/sources/similar-plates.repository.ts
-- computes the arguments and documents each step). A function so that its plan is made once per
-- connection (PostgreSQL 18 caches the plans of SQL functions) and kept generic: planning the same
-- statement for every search cost more than running it.
--   typed, skeleton: the typed plate and its skeleton, edits: the bound (1 or 2)
--   variants: the skeleton with up to edits characters removed (symmetric-delete probe)
--   *_swapped: the string with one pair (bound 1) or two pairs (bound 2) of adjacent characters swapped
--   *_near: with one pair swapped, for bound 2 (then within one edit), empty for bound 1
--   contained: a LIKE pattern for plates that contain the typed text, or NULL
CREATE OR REPLACE FUNCTION odin_similar_plates(
  typed text, skeleton text, edits int, variants text[],
  skeleton_swapped text[], skeleton_near text[], typed_swapped text[], typed_near text[], contained text)
RETURNS TABLE (plate_normalized text)
LANGUAGE sql STABLE PARALLEL SAFE
SET plan_cache_mode = force_generic_plan
AS $$
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
$$;
