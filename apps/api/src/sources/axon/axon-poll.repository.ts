import type { PrismaClient } from "@odin/db";
import type { Transaction } from "../../lib/database";

/**
 * The Axon poll's own rows (modules/ingest/axon-poll.ts): claiming a poll of an integration, reading it, and moving its
 * cursor in the transaction that writes the poll's alerts.
 */

/**
 * Claims a poll by setting last_polled_at first: false when the integration was polled less than
 * `minGapMs` ago (by this or another API process), or does not exist.
 */
export async function claimAxonPoll(
  prisma: PrismaClient,
  integrationId: number,
  now: Date,
  minGapMs: number,
): Promise<boolean> {
  const claimed = await prisma.axonIntegration.updateMany({
    where: {
      id: integrationId,
      OR: [{ lastPolledAt: null }, { lastPolledAt: { lt: new Date(now.getTime() - minGapMs) } }],
    },
    data: { lastPolledAt: now },
  });
  return claimed.count > 0;
}

export function findAxonIntegration(prisma: PrismaClient, integrationId: number) {
  return prisma.axonIntegration.findUnique({ where: { id: integrationId } });
}

/** ISO instants in UTC order as text: a slower concurrent poll never moves the cursor back. */
export async function advanceAxonPollCursor(
  tx: Transaction,
  integrationId: number,
  cursor: string,
  now: Date,
): Promise<void> {
  await tx.$executeRaw`
      UPDATE axon_integrations
      SET poll_cursor = GREATEST(COALESCE(poll_cursor, ''), ${cursor}), last_polled_at = ${now}
      WHERE id = ${integrationId}`;
}
