import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateDeploy } from "../src/migrate";
import { locatePrismaDir } from "../src/paths";
import { createTestDatabase, startTestPostgres } from "../src/testing";

/**
 * A copy of prisma/ holding the migrations before `migration`, to plant rows the old schema allowed
 * and then apply `migration` on them. The caller removes the folder.
 */
export function prismaDirBefore(migration: string): string {
  const source = locatePrismaDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "odin-prisma-before-"));
  cpSync(path.join(source, "schema.prisma"), path.join(dir, "schema.prisma"));
  for (const entry of readdirSync(path.join(source, "migrations"))) {
    if (entry >= migration && entry !== "migration_lock.toml") continue;
    cpSync(path.join(source, "migrations", entry), path.join(dir, "migrations", entry), { recursive: true });
  }
  return dir;
}

/** The first instant of the UTC month `offset` months from `at`. */
export const monthStart = (at: Date, offset = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));

/** The name of `table`'s monthly partition holding `at` (<table>_yYYYYmMM). */
export const monthPartition = (table: string, at: Date) =>
  `${table}_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, "0")}`;

export interface BeforeMigration {
  client: pg.Client;
  /** The first row of a query, {} when none. */
  one(sql: string, values?: unknown[]): Promise<Record<string, unknown>>;
  /** Applies `migration` and every later one. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A database of its own migrated up to just before `migration`, with a client on it: plant the rows
 * the old schema allowed, then `migrate()`.
 */
export async function beforeMigration(migration: string): Promise<BeforeMigration> {
  const server = await startTestPostgres();
  const database = await createTestDatabase(server.adminUrl, { migrated: false });
  const dir = prismaDirBefore(migration);
  await migrateDeploy({ databaseUrl: database.url, prismaDir: dir });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    client,
    one: async (sql, values = []) =>
      ((await client.query(sql, values)).rows[0] ?? {}) as Record<string, unknown>,
    async migrate() {
      await migrateDeploy({ databaseUrl: database.url });
    },
    async close() {
      await client.end();
      await database.drop();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
