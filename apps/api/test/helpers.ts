import path from "node:path";
import { createPrismaClient, locatePrismaDir, type PrismaClient } from "@odin/db";
import { createTestDatabase } from "@odin/db/testing";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config/env";

export const projectRoot = path.dirname(locatePrismaDir());

export interface TestApp {
  app: FastifyInstance;
  prisma: PrismaClient;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The real app on a fresh migrated database of its own; configuration as an agency would give it. */
export async function buildTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const database = await createTestDatabase(inject("postgresAdminUrl"));
  const config = loadConfig(
    { NODE_ENV: "test", LOG_LEVEL: "silent", ...env, DATABASE_URL: database.url },
    projectRoot,
  );
  const prisma = createPrismaClient(database.url, { poolSize: 4 });
  const app = await buildApp({ config, prisma });
  await app.ready();
  return {
    app,
    prisma,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
