import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDeploy } from "../src/migrate";
import { locatePrismaDir } from "../src/paths";
import { createTestDatabase, startTestPostgres, type TestDatabase, type TestPostgres } from "../src/testing";

// A function body the way new migrations write them: dollar-quoted, plain semicolons, and comments
// holding a semicolon and an apostrophe (each of which adapter-pg's splitter cut a script at).
const READABLE = `-- A comment with a semicolon; and an apostrophe: it's read as a comment.
CREATE FUNCTION odin_test_greeting(who text) RETURNS text
LANGUAGE plpgsql IMMUTABLE
AS $$
DECLARE
  greeting text := 'hello; ';  -- a string with a semicolon; this comment has one too
BEGIN
  /* A block comment; with 'quotes' */
  RETURN greeting || who || ';';
END;
$$;

CREATE TABLE odin_test_notes (note text NOT NULL);
INSERT INTO odin_test_notes VALUES ('a; b'), ($q$it's; fine$q$);
`;

// A migration whose last statement fails: as with \`prisma migrate deploy\`, nothing of it stays.
const FAILING = `CREATE TABLE odin_test_half (x int);
INSERT INTO odin_test_half VALUES (1);
SELECT 1 / 0;
`;

// The same, in a migration with its own BEGIN and COMMIT (as those of 2026-11-30 to 2026-12-02 have).
const FAILING_IN_BEGIN = `BEGIN;
CREATE TABLE odin_test_begun (x int);
SELECT 1 / 0;
COMMIT;
`;

function prismaDirWith(migrations: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "odin-prisma-scripts-"));
  cpSync(path.join(locatePrismaDir(), "schema.prisma"), path.join(dir, "schema.prisma"));
  mkdirSync(path.join(dir, "migrations"));
  writeFileSync(path.join(dir, "migrations", "migration_lock.toml"), 'provider = "postgresql"\n');
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, "migrations", name));
    writeFileSync(path.join(dir, "migrations", name, "migration.sql"), sql);
  }
  return dir;
}

describe("the migrator runs each migration as one script", () => {
  let server: TestPostgres;
  let database: TestDatabase;
  let client: pg.Client;
  const dirs: string[] = [];

  beforeAll(async () => {
    server = await startTestPostgres();
    database = await createTestDatabase(server.adminUrl, { migrated: false });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("applies $$ bodies, semicolons and apostrophes in strings and comments, with Prisma's checksum", async () => {
    const dir = prismaDirWith({ "20200101000000_readable": READABLE });
    dirs.push(dir);
    expect(await migrateDeploy({ databaseUrl: database.url, prismaDir: dir })).toEqual([
      "20200101000000_readable",
    ]);
    const greeting = await client.query<{ text: string }>("SELECT odin_test_greeting('Odin') AS text");
    expect(greeting.rows[0]?.text).toBe("hello; Odin;");
    const notes = await client.query<{ note: string }>("SELECT note FROM odin_test_notes ORDER BY note");
    expect(notes.rows.map((row) => row.note)).toEqual(["a; b", "it's; fine"]);
    const row = await client.query<{ checksum: string; finished: boolean }>(
      "SELECT checksum, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE migration_name = $1",
      ["20200101000000_readable"],
    );
    // The standard table and checksum (the SHA-256 of the file), so `prisma migrate deploy` agrees.
    expect(row.rows).toEqual([
      { checksum: createHash("sha256").update(READABLE).digest("hex"), finished: true },
    ]);
  });

  it("a migration that fails leaves none of its statements behind, and is recorded as failed", async () => {
    const dir = prismaDirWith({ "20200101000000_readable": READABLE, "20200102000000_failing": FAILING });
    dirs.push(dir);
    await expect(migrateDeploy({ databaseUrl: database.url, prismaDir: dir })).rejects.toThrow(
      /division by zero/,
    );
    const table = await client.query("SELECT to_regclass('odin_test_half') AS t");
    expect(table.rows[0]?.t).toBeNull();
    const row = await client.query<{ finished: boolean; logs: string }>(
      "SELECT finished_at IS NOT NULL AS finished, logs FROM _prisma_migrations WHERE migration_name = $1",
      ["20200102000000_failing"],
    );
    expect(row.rows[0]?.finished).toBe(false);
    expect(row.rows[0]?.logs).toMatch(/division by zero/);
  });

  it("so does one with its own BEGIN and COMMIT, and the next run stops on it until it is marked rolled back, as with prisma migrate deploy", async () => {
    const fresh = await createTestDatabase(server.adminUrl, { migrated: false });
    const dir = prismaDirWith({ "20200103000000_failing_in_begin": FAILING_IN_BEGIN });
    dirs.push(dir);
    try {
      await expect(migrateDeploy({ databaseUrl: fresh.url, prismaDir: dir })).rejects.toThrow(
        /division by zero/,
      );
      const other = new pg.Client({ connectionString: fresh.url });
      await other.connect();
      try {
        expect((await other.query("SELECT to_regclass('odin_test_begun') AS t")).rows[0]?.t).toBeNull();
        // The engine recorded the error after the script failed, on the same pool.
        const row = await other.query<{ logs: string }>("SELECT logs FROM _prisma_migrations");
        expect(row.rows[0]?.logs).toMatch(/division by zero/);
      } finally {
        await other.end();
      }
      // As with `prisma migrate deploy`, a failed migration stops the next run until it is resolved.
      await expect(migrateDeploy({ databaseUrl: fresh.url, prismaDir: dir })).rejects.toThrow(
        /failed migrations/,
      );
      // Marked rolled back (what `prisma migrate resolve --rolled-back` does; docs/self-hosting.md,
      // "Upgrades"), it runs again, here with its cause fixed.
      const resolve = new pg.Client({ connectionString: fresh.url });
      await resolve.connect();
      await resolve
        .query(
          "UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1 AND finished_at IS NULL",
          ["20200103000000_failing_in_begin"],
        )
        .finally(() => resolve.end());
      writeFileSync(
        path.join(dir, "migrations", "20200103000000_failing_in_begin", "migration.sql"),
        FAILING_IN_BEGIN.replace("SELECT 1 / 0;", "SELECT 1;"),
      );
      expect(await migrateDeploy({ databaseUrl: fresh.url, prismaDir: dir })).toEqual([
        "20200103000000_failing_in_begin",
      ]);
      expect((await migrateDeploy({ databaseUrl: fresh.url, prismaDir: dir })).length).toBe(0);
    } finally {
      await fresh.drop();
    }
  });
});
