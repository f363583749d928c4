import path from "node:path";
import { createPrismaClient, locatePrismaDir, type PrismaClient } from "@odin/db";
import { startEmbeddedPostgres } from "@odin/db/embedded";
import { migrateDeploy } from "@odin/db/migrate";
import { loadConfig, processEnv, type Config } from "../config/env";

export const projectRoot = () => path.dirname(locatePrismaDir());

/**
 * The database a command works on, as the server would open it: DATABASE_URL, or the embedded
 * PostgreSQL in the data folder (stop a running `pnpm start` first: one server per folder). Pending
 * migrations apply first when the server would apply them, so a command can run before the first start.
 */
export async function withDatabase<T>(run: (prisma: PrismaClient, config: Config) => Promise<T>): Promise<T> {
  const root = projectRoot();
  const config = loadConfig(processEnv(), root);
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, "pg") });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  try {
    if (config.migrateOnStart) await migrateDeploy({ databaseUrl, prismaDir: path.join(root, "prisma") });
    const prisma = createPrismaClient(databaseUrl, { poolSize: 2 });
    try {
      return await run(prisma, config);
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    await embedded?.stop();
  }
}
