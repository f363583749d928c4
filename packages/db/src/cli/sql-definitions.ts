/**
 * `pnpm --filter @odin/db sql:definitions`: migrates a throwaway database (as the tests get one:
 * TEST_DATABASE_URL, a container, or the embedded PostgreSQL) and rewrites prisma/functions/ from
 * it, one file per function with its triggers (src/sql-definitions.ts). Run it after adding a
 * migration that changes a function or a trigger, and commit the files with the migration.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateDeploy } from "../migrate";
import { locatePrismaDir } from "../paths";
import { DEFINITIONS_FOLDER, readSqlDefinitionFiles, readSqlDefinitions } from "../sql-definitions";
import { createTestDatabase, startTestPostgres } from "../testing";

const prismaDir = locatePrismaDir();
const server = await startTestPostgres();
try {
  const database = await createTestDatabase(server.adminUrl, { migrated: false });
  try {
    await migrateDeploy({ databaseUrl: database.url, prismaDir });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const wanted = await readSqlDefinitions(client).finally(() => client.end());
    const dir = path.join(prismaDir, DEFINITIONS_FOLDER);
    mkdirSync(dir, { recursive: true });
    const existing = readSqlDefinitionFiles(prismaDir);
    for (const name of existing.keys()) {
      if (!wanted.has(name)) {
        rmSync(path.join(dir, name));
        console.log(`removed prisma/${DEFINITIONS_FOLDER}/${name}`);
      }
    }
    for (const [name, content] of wanted) {
      if (existing.get(name) === content) continue;
      writeFileSync(path.join(dir, name), content);
      console.log(`${existing.has(name) ? "updated" : "wrote"} prisma/${DEFINITIONS_FOLDER}/${name}`);
    }
    console.log(
      `${wanted.size} files in prisma/${DEFINITIONS_FOLDER}, as the migrated database defines them`,
    );
  } finally {
    await database.drop();
  }
} finally {
  await server.stop();
}
