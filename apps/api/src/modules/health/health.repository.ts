import type { PrismaClient } from "@odin/db";

/** One round trip to the database; throws when it cannot be reached. */
export async function pingDatabase(db: Pick<PrismaClient, "$queryRaw">): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
