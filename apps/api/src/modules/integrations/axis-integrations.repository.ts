import type { Prisma, PrismaClient } from "@odin/db";
import type { AgencyScope } from "../camera-health/camera-health.repository";

type Db = PrismaClient | Prisma.TransactionClient;

const integrationView = {
  axisAgency: { select: { agencyId: true, agency: { select: { id: true, name: true } } } },
  shares: { select: { agency: { select: { id: true, name: true } } }, orderBy: { agencyId: "asc" } },
} satisfies Prisma.AxisIntegrationInclude;

export type AxisIntegrationRow = Prisma.AxisIntegrationGetPayload<{ include: typeof integrationView }>;

const inScope = (scope: AgencyScope): Prisma.AxisIntegrationWhereInput =>
  scope === "all" ? {} : { axisAgency: { agencyId: scope } };

/** The scope's integrations that are not deleted, newest first. */
export function findAxisIntegrations(db: Db, scope: AgencyScope): Promise<AxisIntegrationRow[]> {
  return db.axisIntegration.findMany({
    where: { deletedAt: null, ...inScope(scope) },
    include: integrationView,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

/** One integration of the scope that is not deleted; another agency's or a deleted one is null. */
export function findAxisIntegration(
  db: Db,
  scope: AgencyScope,
  id: number,
): Promise<AxisIntegrationRow | null> {
  return db.axisIntegration.findFirst({
    where: { id, deletedAt: null, ...inScope(scope) },
    include: integrationView,
  });
}

/** The agency's Axis side (the search form's entry), made with its first integration. */
export async function ensureAxisAgency(
  tx: Prisma.TransactionClient,
  agency: { id: number; name: string },
): Promise<number> {
  // ON CONFLICT DO NOTHING: two first integrations made at once must not collide on agency_id.
  await tx.axisAgency.createMany({
    data: [{ agencyId: agency.id, agencyName: agency.name }],
    skipDuplicates: true,
  });
  const row = await tx.axisAgency.findUniqueOrThrow({ where: { agencyId: agency.id }, select: { id: true } });
  return row.id;
}

export interface NewAxisIntegration {
  axisAgencyId: number;
  identifier: string;
  ingestTokenHash: string;
  label: string;
  latitude: number | null;
  longitude: number | null;
  sharedWith: number[];
}

export function insertAxisIntegration(
  tx: Prisma.TransactionClient,
  data: NewAxisIntegration,
): Promise<AxisIntegrationRow> {
  const { sharedWith, ...fields } = data;
  return tx.axisIntegration.create({
    data: { ...fields, shares: { create: sharedWith.map((agencyId) => ({ agencyId })) } },
    include: integrationView,
  });
}

export function updateAxisIntegration(
  tx: Prisma.TransactionClient,
  id: number,
  data: Pick<Prisma.AxisIntegrationUpdateInput, "ingestTokenHash" | "pausedAt" | "deletedAt">,
): Promise<AxisIntegrationRow> {
  return tx.axisIntegration.update({ where: { id }, data, include: integrationView });
}

export function findAgency(db: Db, id: number) {
  return db.agency.findUnique({ where: { id }, select: { id: true, name: true } });
}

export function findAgencies(db: Db, ids?: number[]) {
  return db.agency.findMany({
    where: ids ? { id: { in: ids } } : {},
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}
