/**
 * The real API for a bench, built as test/helpers.ts builds it (buildApp, real config, real Prisma on
 * a database of its own) but without vitest, listening on a free loopback port. Answers the TestApp
 * shape so test/tokens.ts (seedPersonas, mintToken) works unchanged.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient, createSecretBox, locatePrismaDir, type SecretBox } from "@odin/db";
import { findFreePort } from "@odin/db/embedded";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config/env";
import type { MailMessage, Mailer } from "../../src/mail/mailer";
import type { TestApp } from "../../test/helpers";

export const projectRoot = path.dirname(locatePrismaDir());

/**
 * `secrets`: the secret box of an app this one replaces (a restart reads what the first one sealed);
 * `secretsKey`: the same from the key alone.
 */
export async function startBenchApp(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
  { secrets: given, secretsKey }: { secrets?: SecretBox; secretsKey?: Buffer } = {},
): Promise<TestApp> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A data folder of its own (pictures, outbox), never the developer's .data/.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-bench-data-"));
  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ODIN_PUBLIC_URL: baseUrl,
      ODIN_DATA_DIR: dataDir,
      ...env,
      DATABASE_URL: databaseUrl,
    },
    projectRoot,
  );
  // The pool the server would have (DATABASE_POOL_SIZE, 10 by default), not the tests' 4.
  const prisma = createPrismaClient(databaseUrl, { poolSize: config.databasePoolSize });
  const secrets = given ?? createSecretBox(secretsKey ?? randomBytes(32));
  const outbox: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void outbox.push(message) };
  const app = await buildApp({ config, prisma, secrets, mailer });
  await app.listen({ host: "127.0.0.1", port });
  return {
    app,
    prisma,
    config,
    secrets,
    databaseUrl,
    baseUrl,
    outbox,
    async close() {
      await app.close();
      await prisma.$disconnect();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
