import { createSecretBox, type PrismaClient } from "@odin/db";
import { seedDemoData } from "@odin/db/seed";
import { randomBytes } from "node:crypto";
import { sqlOn } from "./axis-store-fill";

/**
 * What the retention benches (partition-drop, legal-holds) start from: the demo agencies, one retention
 * for every read (no agency's own days, no per-source policy), and this session's commits not waiting
 * for the disk. Answers the session's SQL helper.
 */
export async function seedRetentionStore(prisma: PrismaClient) {
  const sql = sqlOn(prisma);
  await seedDemoData(prisma, { encryptSecret: createSecretBox(randomBytes(32)).encrypt });
  await sql.execute("UPDATE agencies SET retention_days = NULL");
  await sql.execute("DELETE FROM retention_policies");
  await sql.execute("SET synchronous_commit = off");
  return sql;
}
