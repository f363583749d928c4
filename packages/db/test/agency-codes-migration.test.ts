import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDeploy } from "../src/migrate";
import { locatePrismaDir } from "../src/paths";
import { createTestDatabase, startTestPostgres, type TestPostgres } from "../src/testing";

/**
 * The agency-code migration on agencies made before it (a file of its own: migrating twice takes about
 * 20 s, so it runs beside migrations.test.ts rather than after it).
 */
describe("the agency-code migration on a real PostgreSQL", () => {
  let server: TestPostgres;

  beforeAll(async () => {
    server = await startTestPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("gives agencies made before codes existed a unique code from their name's initials", async () => {
    const before = await createTestDatabase(server.adminUrl, { migrated: false });
    const oldDir = await mkdtemp(path.join(os.tmpdir(), "odin-migrations-"));
    const prismaDir = locatePrismaDir();
    const client = new pg.Client({ connectionString: before.url });
    try {
      // The migrations as they were before agencies had codes.
      await cp(path.join(prismaDir, "schema.prisma"), path.join(oldDir, "schema.prisma"));
      const folders = (await readdir(path.join(prismaDir, "migrations"))).sort();
      const codes = folders.findIndex((folder) => folder.endsWith("_agency_management"));
      for (const folder of [...folders.slice(0, codes), "migration_lock.toml"]) {
        await cp(path.join(prismaDir, "migrations", folder), path.join(oldDir, "migrations", folder), {
          recursive: true,
        });
      }
      await migrateDeploy({ databaseUrl: before.url, prismaDir: oldDir });
      await client.connect();
      const names = [
        "Hartford Police Department",
        "New Haven Police Department",
        "Connecticut State Police Troop H",
        "Harbor Patrol Division",
        "X",
        "Département de Police d'Évry (Nord-Est)",
      ];
      for (const name of names) {
        await client.query("INSERT INTO agencies (name, updated_at) VALUES ($1, now())", [name]);
      }
      await migrateDeploy({ databaseUrl: before.url, prismaDir });
      const rows = await client.query<{ id: number; name: string; code: string; time_zone: string }>(
        "SELECT id, name, code, time_zone FROM agencies ORDER BY id",
      );
      const ids = rows.rows.map((row) => row.id);
      expect(rows.rows.map((row) => row.code)).toEqual([
        "HPD",
        "NHPD",
        "CSPTH",
        `HPD${ids[3]}`,
        `XA${ids[4]}`,
        "DPDPDVNE",
      ]);
      for (const row of rows.rows) {
        expect(row.code).toMatch(/^[A-Z0-9]{2,10}$/);
        expect(row.time_zone).toBe("America/New_York");
      }
      await expect(
        client.query(
          "INSERT INTO agencies (name, code, updated_at) VALUES ('HARTFORD police department', 'HX', now())",
        ),
      ).rejects.toThrow(/agencies_name_lower_key/);
    } finally {
      await client.end();
      await rm(oldDir, { recursive: true, force: true });
      await before.drop();
    }
  });
});
