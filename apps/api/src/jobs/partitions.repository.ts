import type { Prisma } from "@odin/db";

/** The tables partitioned a month each (migrations 20261201100000 and 20261201200000). */
export type MonthlyTable = "audit_logs" | "alerts";

/**
 * This month's partition of `table` and `ahead` more, where missing, through the migrations' SECURITY
 * DEFINER function `odin_partitions_ahead` (prisma/functions/odin_partitions_ahead.sql). Answers the
 * names created.
 */
export async function createMonthlyPartitions(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  table: MonthlyTable,
  ahead: number,
): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT odin_partitions_ahead(${table}, 'month', ${ahead}::int) AS name`;
  return rows.map((row) => row.name);
}
