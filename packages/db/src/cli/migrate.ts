/**
 * `pnpm db:migrate` (deploy) and `pnpm db:migrate:dev <name>` (create from schema.prisma, then apply).
 * With no DATABASE_URL, works on the embedded PostgreSQL in .data/ like `pnpm start` does.
 */
import path from "node:path";
import { grantAppRole, roleOf } from "../app-role";
import { startEmbeddedPostgres } from "../embedded";
import { migrateDeploy, migrateDev } from "../migrate";
import { locatePrismaDir } from "../paths";

const [command = "deploy", name] = process.argv.slice(2);
if (command !== "deploy" && command !== "dev") {
  console.error("usage: migrate deploy | migrate dev <name>");
  process.exit(2);
}
if (command === "dev" && !name) {
  console.error("usage: pnpm db:migrate:dev <name>   (for example: pnpm db:migrate:dev add_alert_index)");
  process.exit(2);
}

const prismaDir = locatePrismaDir();
const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: path.join(prismaDir, "..", ".data", "pg") });
// As the server does (apps/api/src/cli/database.ts): migrations run as the tables' owner
// (DATABASE_MIGRATION_URL) when Odin runs as a DML-only role (DATABASE_URL), which is granted after.
const appUrl = process.env.DATABASE_URL;
const databaseUrl = (appUrl && process.env.DATABASE_MIGRATION_URL) || appUrl || embedded!.url;
try {
  if (command === "dev") {
    const { created, applied } = await migrateDev({ databaseUrl, prismaDir, name: name! });
    console.log(created ? `created prisma/migrations/${created}` : "schema.prisma and the migrations agree");
    console.log(applied.length ? `applied ${applied.join(", ")}` : "database already up to date");
  } else {
    const applied = await migrateDeploy({ databaseUrl, prismaDir });
    console.log(applied.length ? `applied ${applied.join(", ")}` : "database already up to date");
    if (appUrl && roleOf(appUrl) !== roleOf(databaseUrl)) {
      await grantAppRole(databaseUrl, roleOf(appUrl));
      console.log(`granted ${roleOf(appUrl)} what Odin needs (DML only)`);
    }
  }
} finally {
  await embedded?.stop();
}
