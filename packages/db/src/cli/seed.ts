/**
 * `pnpm db:seed`: migrates and seeds the demo data into DATABASE_URL, or into the embedded
 * PostgreSQL in .data/ when none is set (what `pnpm start` does by itself on first start).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createPrismaClient } from "../client";
import { startEmbeddedPostgres } from "../embedded";
import { migrateDeploy } from "../migrate";
import { locatePrismaDir } from "../paths";
import { createSecretBox } from "../secret-box";
import { seedDemoData } from "../seed";

const dataDir = path.join(locatePrismaDir(), "..", ".data");
const keyFile = path.join(dataDir, "secrets.key");
const keyText =
  process.env.ODIN_SECRETS_KEY ?? (existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : undefined);
if (!keyText) {
  console.warn("No ODIN_SECRETS_KEY: demo secrets are sealed with a throwaway key.");
}
const key = keyText
  ? Buffer.from(keyText, /^[0-9a-f]{64}$/i.test(keyText) ? "hex" : "base64")
  : randomBytes(32);

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg") });
const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
const prisma = createPrismaClient(databaseUrl);
try {
  await migrateDeploy({ databaseUrl });
  const summary = await seedDemoData(prisma, { encryptSecret: createSecretBox(key).encrypt });
  console.log(
    `Seeded ${summary.agencies.length} agencies and ${summary.signIns.length} demo users (password ${summary.password}).`,
  );
} finally {
  await prisma.$disconnect();
  await embedded?.stop();
}
