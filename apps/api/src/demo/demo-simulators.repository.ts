import type { PrismaClient } from "@odin/db";

/** Each Axis integration's identifier with the time of its newest stored read (0: none yet). */
export async function findLatestAxisReadTimes(prisma: PrismaClient): Promise<Map<string, number>> {
  const latest = await prisma.detection.groupBy({
    by: ["axisIntegrationId"],
    _max: { timestamp: true },
  });
  const integrations = await prisma.axisIntegration.findMany({ select: { id: true, identifier: true } });
  return new Map(
    integrations.map((integration) => [
      integration.identifier,
      latest.find((row) => row.axisIntegrationId === integration.id)?._max.timestamp?.getTime() ?? 0,
    ]),
  );
}
