import { createPrismaClient } from "@odin/db";
import type { Database } from "../lib/database";

/** One short-lived connection for a check, closed whatever happens. */
export async function withConnection<T>(url: string, run: (db: Database) => Promise<T>): Promise<T> {
  const db = createPrismaClient(url, { poolSize: 1 });
  try {
    return await run(db);
  } finally {
    await db.$disconnect().catch(() => undefined);
  }
}

/** What `odin doctor` asks the database about itself and the role it is opened as. */
export async function describeConnection(db: Database): Promise<{
  role: string;
  superuser: boolean;
  ownsAuditLogs: boolean;
  canUpdateAuditLogs: boolean;
  version: string;
}> {
  const [row] = await db.$queryRaw<
    { role: string; superuser: boolean; owns: boolean | null; can_update: boolean | null; version: string }[]
  >`
    SELECT current_user AS role,
           (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
           (SELECT pg_get_userbyid(relowner) = current_user FROM pg_class WHERE oid = to_regclass('audit_logs')) AS owns,
           CASE WHEN to_regclass('audit_logs') IS NULL THEN NULL
                ELSE has_table_privilege(current_user, 'audit_logs', 'UPDATE') END AS can_update,
           current_setting('server_version') AS version`;
  return {
    role: row!.role,
    superuser: row!.superuser,
    ownsAuditLogs: row!.owns ?? false,
    canUpdateAuditLogs: row!.can_update ?? false,
    version: row!.version,
  };
}

/** The migrations recorded as applied (none when the table does not exist yet). */
export async function appliedMigrationNames(db: Database): Promise<string[]> {
  const [exists] = await db.$queryRaw<{ present: boolean }[]>`
    SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`;
  if (!exists?.present) return [];
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`;
  return rows.map((row) => row.migration_name);
}
