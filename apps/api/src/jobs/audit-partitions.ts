import type { Database } from "../lib/database";
import { createAuditPartitions } from "../modules/audit/audit.repository";
import type { JobDefinition } from "./scheduler";

/**
 * The monthly partitions of `audit_logs` (issue 21 item 2; migration 20261201100000_audit_logs_partitioned,
 * docs/scaling.md "Time partitions"). Odin's role owns no table, so partitions are made by the
 * migration's SECURITY DEFINER function. None is ever dropped: audit rows are kept indefinitely.
 */

/** How many months beyond the current one the job keeps ready. */
export const AUDIT_PARTITIONS_AHEAD = 3;

/**
 * Creates this month's partition and AUDIT_PARTITIONS_AHEAD more where they are missing. Rows that
 * waited in the default partition for a month (the job had not run) move into it unchanged. Answers
 * the names created.
 */
export function createAuditPartitionsAhead(prisma: Database): Promise<string[]> {
  return createAuditPartitions(prisma, AUDIT_PARTITIONS_AHEAD);
}

/** The partitions ahead, as a background job run once across replicas (every 6 hours, and at start). */
export function auditPartitionsJob(prisma: Database, intervalMs = 6 * 3_600_000): JobDefinition {
  return {
    name: "audit-partitions",
    intervalMs,
    async run() {
      const created = await createAuditPartitionsAhead(prisma);
      return created.length > 0 ? { created } : undefined;
    },
  };
}
