import type { Database } from "../lib/database";
import { createAlertPartitions } from "../modules/alerts/alerts.repository";
import { createAuditPartitions } from "../modules/audit/audit.repository";
import type { JobDefinition } from "./scheduler";

/**
 * The monthly partitions of `audit_logs` (by created_at) and of `alerts` (by the read's time) (issue 21
 * item 2; migrations 20261201100000_audit_logs_partitioned and 20261201200000_alerts_partitioned,
 * docs/scaling.md "Time partitions"). Odin's role owns no table, so partitions are made by the
 * migrations' SECURITY DEFINER functions. Audit partitions are never dropped (audit rows are kept
 * indefinitely); alerts leave by the retention job's row deletes, which PostgreSQL confines to the
 * months past retention.
 */

/** How many months beyond the current one the job keeps ready. */
export const MONTHS_AHEAD = 3;

/**
 * Creates this month's partition and MONTHS_AHEAD more of audit_logs and of alerts where they are
 * missing. Rows that waited in a default partition for a month (the job had not run) move into it
 * unchanged. Answers the names created.
 */
export async function createMonthlyPartitionsAhead(prisma: Database): Promise<string[]> {
  return [
    ...(await createAuditPartitions(prisma, MONTHS_AHEAD)),
    ...(await createAlertPartitions(prisma, MONTHS_AHEAD)),
  ];
}

/** The partitions ahead, as a background job run once across replicas (every 6 hours, and at start). */
export function monthlyPartitionsJob(prisma: Database, intervalMs = 6 * 3_600_000): JobDefinition {
  return {
    name: "monthly-partitions",
    intervalMs,
    async run() {
      const created = await createMonthlyPartitionsAhead(prisma);
      return created.length > 0 ? { created } : undefined;
    },
  };
}
