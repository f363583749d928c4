import { createPrismaClient } from "../src/client";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffMigrationsToSchema, migrateDeploy } from "../src/migrate";
import { locatePrismaDir } from "../src/paths";
import { createSecretBox } from "../src/secret-box";
import { DEMO_PASSWORD, seedDemoData } from "../src/seed";
import { createTestDatabase, startTestPostgres, type TestDatabase, type TestPostgres } from "../src/testing";

describe("migrations on a real PostgreSQL", () => {
  let server: TestPostgres;
  let database: TestDatabase;

  beforeAll(async () => {
    server = await startTestPostgres();
    database = await createTestDatabase(server.adminUrl, { migrated: false });
  });
  afterAll(async () => {
    await database?.drop();
    await server?.stop();
  });

  it("apply from scratch, and a second run is a no-op", async () => {
    const first = await migrateDeploy({ databaseUrl: database.url });
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(first[0]).toMatch(/_extensions$/);
    expect(await migrateDeploy({ databaseUrl: database.url })).toEqual([]);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL",
      );
      expect(applied.rowCount).toBe(first.length);
      const trigram = await client.query(
        "SELECT indexdef FROM pg_indexes WHERE tablename = 'detections' AND indexdef LIKE '%gin_trgm_ops%'",
      );
      expect(trigram.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  });

  it("schema.prisma and the committed migrations agree (the diff is empty)", async () => {
    expect(await diffMigrationsToSchema({ databaseUrl: database.url })).toBe("");
  });

  it("seeds the demo data, and seeding again changes nothing", async () => {
    const prisma = createPrismaClient(database.url, { poolSize: 2 });
    const box = createSecretBox(randomBytes(32));
    try {
      const summary = await seedDemoData(prisma, { encryptSecret: box.encrypt });
      expect(summary.password).toBe(DEMO_PASSWORD);
      expect(summary.agencies).toHaveLength(3);
      // An owner and, per agency, an admin, an investigator, a hotlist admin and a hotlist viewer.
      expect(summary.signIns).toHaveLength(1 + 3 * 4);
      const counts = async () => ({
        users: await prisma.user.count(),
        agencies: await prisma.agency.count(),
        groups: await prisma.hotlistGroup.count(),
      });
      const before = await counts();
      await seedDemoData(prisma, { encryptSecret: box.encrypt });
      expect(await counts()).toEqual(before);
      const secrets = await prisma.axonIntegration.findMany();
      for (const integration of secrets) {
        expect(Object.values(integration).join(" ")).not.toContain("odin-demo-axon-secret");
      }
    } finally {
      await prisma.$disconnect();
    }
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
