/**
 * Starts Odin. With no DATABASE_URL (development), an embedded PostgreSQL starts in the data folder,
 * migrations apply and demo data is seeded, so one command brings up the whole product.
 */
import path from "node:path";
import { createPrismaClient, createSecretBox, locatePrismaDir, type PrismaClient } from "@odin/db";
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "@odin/db/embedded";
import { migrateDeploy } from "@odin/db/migrate";
import { seedDemoData } from "@odin/db/seed";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { ConfigError, loadConfig, processEnv, type Config } from "./config/env";
import { loadOrCreateDevSecretsKey } from "./config/secrets-key";
import { printBanner } from "./start-banner";

async function main(): Promise<void> {
  const projectRoot = path.dirname(locatePrismaDir());
  let config: Config;
  try {
    config = loadConfig(processEnv(), projectRoot);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // What is running so far, closed in reverse order on Ctrl-C or SIGTERM.
  const running: { embedded?: EmbeddedPostgresHandle; prisma?: PrismaClient; app?: FastifyInstance } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Odin…`);
    await running.app?.close().catch(() => undefined);
    await running.prisma?.$disconnect().catch(() => undefined);
    await running.embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  const started = Date.now();
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    running.embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, "pg") });
    databaseUrl = running.embedded.url;
  }
  if (config.migrateOnStart)
    await migrateDeploy({ databaseUrl, prismaDir: path.join(projectRoot, "prisma") });

  const prisma = createPrismaClient(databaseUrl, { poolSize: config.databasePoolSize });
  running.prisma = prisma;
  const secrets = createSecretBox(config.secretsKey ?? loadOrCreateDevSecretsKey(config.dataDir));
  const demo = config.seedDemo ? await seedDemoData(prisma, { encryptSecret: secrets.encrypt }) : undefined;

  const app = await buildApp({ config, prisma, secrets });
  running.app = app;
  await app.listen({ host: config.host, port: config.port });
  printBanner({
    url: config.publicUrl,
    database: running.embedded
      ? `embedded PostgreSQL in ${path.relative(projectRoot, path.join(config.dataDir, "pg")) || "."}`
      : "DATABASE_URL",
    demo,
    seconds: (Date.now() - started) / 1000,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Odin failed to start: ${error.message}` : error);
  process.exit(1);
});
