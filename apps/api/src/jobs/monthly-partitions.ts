import type { Database } from "../lib/database";
import { createMonthlyPartitions } from "./partitions.repository";
import type { JobDefinition } from "./scheduler";

/**
 * The monthly partitions of `audit_logs` (by created_at) and of `alerts` (by the read's time) (issue 21
 * item 2; migrations 20261201100000_audit_logs_partitioned and 20261201200000_alerts_partitioned,
 * docs/scaling.md "Time partitions"). Odin's role owns no table, so partitions are made by the
 * migrations' SECURITY DEFINER functions. Audit partitions are never dropped (audit rows are kept
 * indefinitely); a month of alerts past retention is dropped by the alert retention (alert-retention.ts).
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
    ...(await createMonthlyPartitions(prisma, "audit_logs", MONTHS_AHEAD)),
    ...(await createMonthlyPartitions(prisma, "alerts", MONTHS_AHEAD)),
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
