import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDeploy } from "../src/migrate";
import { locatePrismaDir } from "../src/paths";
import { compareSqlDefinitions, readSqlDefinitionFiles, readSqlDefinitions } from "../src/sql-definitions";
import { createTestDatabase, startTestPostgres, type TestDatabase, type TestPostgres } from "../src/testing";

const REGENERATE = "pnpm --filter @odin/db sql:definitions";

describe("prisma/functions holds today's definition of each function and trigger", () => {
  let server: TestPostgres;
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    server = await startTestPostgres();
    database = await createTestDatabase(server.adminUrl, { migrated: false });
    await migrateDeploy({ databaseUrl: database.url });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
    await server?.stop();
  });

  it(`each file is what the migrated database defines, and each function has its file (else: ${REGENERATE})`, async () => {
    const files = readSqlDefinitionFiles(locatePrismaDir());
    const defined = await readSqlDefinitions(client);
    expect(compareSqlDefinitions(files, defined)).toEqual([]);
    // The files are readable: plain semicolons, no E'' strings with \073 for them.
    for (const [name, content] of files) expect(content, name).not.toContain("\\073");
    // The one place for the alert deliveries' trigger: the function, then the trigger that runs it.
    expect(files.get("odin_enqueue_alert_deliveries.sql")).toMatch(
      /FUNCTION public\.odin_enqueue_alert_deliveries\(\)[\s\S]+CREATE TRIGGER alerts_enqueue_deliveries AFTER INSERT ON alerts/,
    );
  });

  it("a function changed without its file, a trigger dropped, a function added: each is reported", async () => {
    const files = readSqlDefinitionFiles(locatePrismaDir());
    await client.query("BEGIN");
    try {
      await client.query(`CREATE OR REPLACE FUNCTION odin_plate_skeleton(plate text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT upper(plate) $$`);
      await client.query("DROP TRIGGER alerts_forget_deliveries ON alerts");
      await client.query("CREATE FUNCTION odin_test_unlisted() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$");
      expect(compareSqlDefinitions(files, await readSqlDefinitions(client))).toEqual([
        "odin_forget_alert_deliveries.sql: the file and the database differ",
        "odin_plate_skeleton.sql: the file and the database differ",
        "odin_test_unlisted.sql: in the database, no file",
      ]);
    } finally {
      await client.query("ROLLBACK");
    }
  });
});
