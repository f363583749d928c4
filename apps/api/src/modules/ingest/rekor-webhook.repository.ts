import { Prisma, type PrismaClient } from "@odin/db";
import type { Transaction } from "../../lib/database";
import type { RemoteRead } from "../../sources/remote-read";

/**
 * What the Rekor webhook (rekor-webhook.ts) reads and locks: the key a push is for, and whether a
 * sighting already raised its alerts (asked inside the transaction that writes them, under the lock).
 */

/** A Rekor key by id: read on every push (a rotated webhook token or a deleted key is refused at once). */
export function findRekorKey(prisma: PrismaClient, keyId: number) {
  return prisma.rekorApiKey.findUnique({ where: { id: keyId } });
}

/** A transaction-scoped lock per key and plate: concurrent deliveries of one sighting take turns. */
export async function lockSighting(tx: Transaction, keyId: number, plateNormalized: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`rekor:${keyId}:${plateNormalized}`}))`;
}

/** What normalizePlate removes (spaces, dashes, dots), as a PostgreSQL regular expression. */
const PLATE_NOISE = "[[:space:].·–-]";

export type SightingRule = { frames: readonly string[] } | { windowMs: number };

/**
 * Whether the key's agency already has a Rekor alert for this plate from the same sighting: one of the
 * group's frames, or a read of the same camera within the window.
 */
export async function alreadyAlerted(
  db: Pick<PrismaClient, "$queryRaw">,
  key: { agencyId: number },
  read: Omit<RemoteRead, "imagePath">,
  sighting: SightingRule,
): Promise<boolean> {
  const sameSighting =
    "frames" in sighting
      ? sighting.frames.length === 0
        ? Prisma.sql`FALSE`
        : Prisma.sql`a.source_read_id = ANY(${[...sighting.frames]}::text[])`
      : Prisma.sql`a.camera IS NOT DISTINCT FROM ${read.camera}::text
          AND a.timestamp BETWEEN ${new Date(read.timestamp.getTime() - sighting.windowMs)}::timestamptz
          AND ${new Date(read.timestamp.getTime() + sighting.windowMs)}::timestamptz`;
  const [row] = await db.$queryRaw<{ found: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM alerts a JOIN hotlist_groups g ON g.id = a.group_id
      WHERE g.agency_id = ${key.agencyId} AND a.source_program = 'Rekor'
        AND upper(regexp_replace(a.plate, ${PLATE_NOISE}, '', 'g')) = ${read.plateNormalized}
        AND (${sameSighting})
    ) AS found`;
  return row?.found ?? false;
}
