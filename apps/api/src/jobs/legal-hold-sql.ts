import { Prisma } from "@odin/db";

/**
 * Issue 23 item 5: whether an active legal hold keeps a record, as a condition for the retention
 * purges. A case's records are found through its audit rows (audit_logs.query_parameters carries the
 * case number, indexed by audit_logs_case_number_idx): the reads an export under the case named
 * (`records[].id`, "axis-<detection id>"), and the reads and alerts of the plates searched or exported
 * under it, in the holding agency.
 *
 * `agency`, `plate` and `detection` are SQL expressions of the row being purged.
 */
export function heldByLegalHold(agency: Prisma.Sql, plate: Prisma.Sql, detection: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (
    SELECT 1 FROM legal_holds h
      JOIN audit_logs l
        ON l.agency_id = h.agency_id AND l.query_parameters ->> 'case_number' = h.case_number
     WHERE h.released_at IS NULL
       AND ((h.agency_id = ${agency}
             AND (l.plate = ${plate}
                  OR coalesce(l.query_parameters -> 'plates', '[]'::jsonb) @> to_jsonb(${plate}::text)))
            OR (${detection} IS NOT NULL
                AND coalesce(l.query_parameters -> 'records', '[]'::jsonb)
                    @> jsonb_build_array(jsonb_build_object('id', 'axis-' || ${detection}::text)))))`;
}
