import { createPrismaClient } from "../src/client";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffMigrationsToSchema, migrateDeploy } from "../src/migrate";
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
});
