import { z } from "zod";

/** A row of the audit log (001 section 3). */
export const ZAuditLogEntry = z.object({
  user: z.string(),
  user_agency: z.string().nullable(),
  /** JSON text of ZAuditQueryParameters, as recorded when the search ran. */
  query_parameters: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  /** Comma-separated source programs, e.g. "Rekor,Axis". */
  programs_queried: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

/** What `query_parameters` holds once parsed; every field may be missing in old rows. */
export const ZAuditQueryParameters = z.object({
  plate: z.string().nullish(),
  plate_state: z.string().nullish(),
  vehicle_color: z.string().nullish(),
  vehicle_make: z.string().nullish(),
  vehicle_body_type: z.string().nullish(),
  justification: z.string().nullish(),
  /** Odin's own (issue 23). */
  case_number: z.string().nullish(),
  offense_category: z.string().nullish(),
});
export type TAuditQueryParameters = z.infer<typeof ZAuditQueryParameters>;
