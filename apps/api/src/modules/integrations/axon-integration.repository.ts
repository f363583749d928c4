import type { AxonIntegration, Prisma, PrismaClient } from "@odin/db";

type Db = PrismaClient | Prisma.TransactionClient;

/** The agency's Axon integration (one per agency). */
export function findAxonIntegrationOfAgency(db: Db, agencyId: number): Promise<AxonIntegration | null> {
  return db.axonIntegration.findUnique({ where: { agencyId } });
}

/** Every Axon integration's id, in id order (the poller's round). */
export async function findAxonIntegrationIds(db: Db): Promise<number[]> {
  const rows = await db.axonIntegration.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((row) => row.id);
}

/**
 * Creates the agency's integration with every other agency authorized (the page's blacklist model).
 * A second integration of the agency is a unique violation.
 */
export async function insertAxonIntegration(
  tx: Prisma.TransactionClient,
  data: Omit<Prisma.AxonIntegrationUncheckedCreateInput, "agencies"> & { agencyId: number },
): Promise<AxonIntegration> {
  const others = await tx.agency.findMany({ where: { id: { not: data.agencyId } }, select: { id: true } });
  return tx.axonIntegration.create({
    data: {
      ...data,
      agencies: {
        create: others.map((other) => ({ agencyId: other.id, status: "authorized" as const })),
      },
    },
  });
}

export async function deleteAxonIntegrationRow(tx: Prisma.TransactionClient, id: number): Promise<void> {
  await tx.axonIntegration.delete({ where: { id } });
}

/** Every agency but the integration's own, by name, and the ids of those authorized. */
export async function findAxonAgencyLists(db: Db, integration: Pick<AxonIntegration, "id" | "agencyId">) {
  const [agencies, rows] = await Promise.all([
    db.agency.findMany({
      where: { id: { not: integration.agencyId } },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true },
    }),
    db.axonIntegrationAgency.findMany({ where: { integrationId: integration.id, status: "authorized" } }),
  ]);
  return { agencies, authorizedIds: new Set(rows.map((row) => row.agencyId)) };
}

/** Sets one agency's list; answers false (nothing written) when it already is in that list. */
export async function setAxonAgencyStatus(
  tx: Prisma.TransactionClient,
  integrationId: number,
  agencyId: number,
  status: "authorized" | "blacklisted",
): Promise<boolean> {
  const key = { integrationId_agencyId: { integrationId, agencyId } };
  const before = await tx.axonIntegrationAgency.findUnique({ where: key });
  if (before?.status === status) return false;
  await tx.axonIntegrationAgency.upsert({
    where: key,
    create: { integrationId, agencyId, status },
    update: { status },
  });
  return true;
}
