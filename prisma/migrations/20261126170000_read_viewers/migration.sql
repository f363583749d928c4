-- Issue 16 item 3: one visibility rule. Which agencies may see (search, and be alerted by) the reads
-- of each source's integration, written once for search-scope.repository.ts, the Axon poll and the
-- Axis insert (apps/api/src/sources/read-viewers.ts).
--   Rekor: the key's own agency.
--   Axon: its own agency and the agencies it authorized, less those it blacklisted.
--   Axis: its Axis agency's Odin agency and the agencies the integration is shared with.
-- An integration of a deactivated agency is seen by no one (issue 15) until the owner reactivates it.
CREATE VIEW read_viewers AS
  SELECT 'Rekor'::text AS source_program, k.id AS integration_id, k.agency_id
  FROM rekor_api_keys k
  JOIN agencies a ON a.id = k.agency_id
  WHERE a.deactivated_at IS NULL
  UNION ALL
  SELECT 'Axon'::text, i.id, v.agency_id
  FROM axon_integrations i
  JOIN agencies a ON a.id = i.agency_id
  CROSS JOIN LATERAL (
    SELECT i.agency_id
    UNION
    SELECT x.agency_id FROM axon_integration_agencies x WHERE x.integration_id = i.id AND x.status = 'authorized'
  ) v (agency_id)
  WHERE a.deactivated_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM axon_integration_agencies b
      WHERE b.integration_id = i.id AND b.agency_id = v.agency_id AND b.status = 'blacklisted'
    )
  UNION ALL
  SELECT 'Axis'::text, i.id, v.agency_id
  FROM axis_integrations i
  JOIN axis_agencies aa ON aa.id = i.axis_agency_id
  JOIN agencies a ON a.id = aa.agency_id
  CROSS JOIN LATERAL (
    SELECT aa.agency_id
    UNION
    SELECT s.agency_id FROM axis_integration_shares s WHERE s.integration_id = i.id
  ) v (agency_id)
  WHERE a.deactivated_at IS NULL;
