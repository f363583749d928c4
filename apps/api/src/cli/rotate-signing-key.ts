/**
 * `pnpm --filter @odin/api rotate-signing-key`: the built-in provider signs with a new key from the
 * next start on; the previous key stays published for two days, so tokens it signed still verify.
 * Uses DATABASE_URL, or the embedded PostgreSQL in the data folder like `pnpm start`.
 */
import path from "node:path";
import { createPrismaClient, createSecretBox, locatePrismaDir } from "@odin/db";
import { startEmbeddedPostgres } from "@odin/db/embedded";
import { loadConfig, processEnv } from "../config/env";
import { loadOrCreateDevSecretsKey } from "../config/secrets-key";
import { rotateSigningKeys } from "../identity/signing-keys";

const config = loadConfig(processEnv(), path.dirname(locatePrismaDir()));
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, "pg") });
const prisma = createPrismaClient(config.databaseUrl ?? embedded!.url);
try {
  const secrets = createSecretBox(config.secretsKey ?? loadOrCreateDevSecretsKey(config.dataDir));
  const kid = await rotateSigningKeys(prisma, secrets);
  console.log(`New signing key ${kid}: restart Odin (every replica) to sign with it.`);
} finally {
  await prisma.$disconnect();
  await embedded?.stop();
}
