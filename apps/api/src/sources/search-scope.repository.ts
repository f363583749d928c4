import type { PrismaClient } from "@odin/db";
import type { Actor } from "../access/actor";
import type { SourceContext } from "./detection-source";
import { integrationsVisibleTo } from "./read-viewers.repository";

/**
 * What the caller's agency may search, per source. The owner may search everything; a user with no
 * agency nothing. These same functions decide the agency lists of the search form and which of the
 * `agencies` a search request may actually reach, so the two can never disagree.
 * A deactivated agency's integrations are offered to no one (issue 15): its own users cannot sign in,
 * and the agencies it shared with lose its reads until the owner reactivates it. Who may see which
 * integration is the one rule in read-viewers.repository.ts, which the Axon poll and the Axis insert use too.
 */
export function searchScopeOf(auth: Actor): SourceContext {
  return { agency: auth.isOwner ? "all" : auth.user.agencyId };
}

export async function findSearchableRekorKeys(prisma: PrismaClient, { agency }: SourceContext) {
  if (agency === null) return [];
  return prisma.rekorApiKey.findMany({
    where: { id: { in: await integrationsVisibleTo(prisma, "Rekor", agency) } },
    orderBy: [{ agencyName: "asc" }, { id: "asc" }],
  });
}

/** Its own agency's integration, and others' that authorized it and have not blacklisted it. */
export async function findSearchableAxonIntegrations(prisma: PrismaClient, { agency }: SourceContext) {
  if (agency === null) return [];
  return prisma.axonIntegration.findMany({
    where: { id: { in: await integrationsVisibleTo(prisma, "Axon", agency) } },
    orderBy: [{ agencyName: "asc" }, { id: "asc" }],
  });
}

/** Axis integrations of its own agency and those shared with it, grouped by their Axis agency. */
export async function findSearchableAxisIntegrations(prisma: PrismaClient, { agency }: SourceContext) {
  if (agency === null) return [];
  return prisma.axisIntegration.findMany({
    where: { id: { in: await integrationsVisibleTo(prisma, "Axis", agency) } },
    include: { axisAgency: { include: { agency: { select: { retentionDays: true } } } } },
    orderBy: [{ axisAgency: { agencyName: "asc" } }, { identifier: "asc" }],
  });
}
