import {
  modelColumns,
  Prisma,
  PREPARED_STATEMENT,
  queryPrepared,
  type AxonIntegration,
  type PrismaClient,
  type RekorApiKey,
} from "@odin/db";
import type { Actor } from "../access/actor";
import type { SourceContext } from "./detection-source";
import { integrationsVisibleTo, type ReadSource } from "./read-viewers.repository";

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

/**
 * Scopes whose visibility is read once for every source (issue 42 item 0): a search asks each of its
 * three sources what the caller may search, and each asked read_viewers on its own (three statements,
 * each planning the three-armed view). A scope made by sharedScopeOf reads every source's integrations
 * in one prepared statement, the first time a source asks, and answers the others from it. Kept only
 * as long as the scope object: one request's.
 */
const sharedVisibility = new WeakMap<SourceContext, Promise<Map<ReadSource, number[]>> | null>();

/** searchScopeOf for one request whose sources all ask at once (POST /search-data): one read_viewers statement. */
export function sharedScopeOf(auth: Actor): SourceContext {
  const scope = searchScopeOf(auth);
  sharedVisibility.set(scope, null);
  return scope;
}

async function everyVisibleIntegration(
  prisma: PrismaClient,
  agency: number | "all",
): Promise<Map<ReadSource, number[]>> {
  // Prepared once per connection (a generic plan: the view's planning cost more than running it).
  const rows = await queryPrepared<{ source_program: ReadSource; integration_id: number }>(
    prisma,
    agency === "all"
      ? Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
          SELECT DISTINCT source_program, integration_id FROM read_viewers`
      : Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
          SELECT DISTINCT source_program, integration_id FROM read_viewers WHERE agency_id = ${agency}`,
  );
  const bySource = new Map<ReadSource, number[]>();
  for (const row of rows)
    bySource.set(row.source_program, [...(bySource.get(row.source_program) ?? []), row.integration_id]);
  return bySource;
}

/** The integrations of `source` the scope may see: from the shared read when the scope has one. */
async function visibleIds(prisma: PrismaClient, scope: SourceContext, source: ReadSource): Promise<number[]> {
  const { agency } = scope;
  if (agency === null) return [];
  if (!sharedVisibility.has(scope)) return integrationsVisibleTo(prisma, source, agency);
  let all = sharedVisibility.get(scope);
  if (!all) {
    all = everyVisibleIntegration(prisma, agency);
    sharedVisibility.set(scope, all);
    // A failed read is not kept: the next source asks again.
    all.catch(() => sharedVisibility.set(scope, null));
  }
  return (await all).get(source) ?? [];
}

// Every search of an agency with Rekor keys or an Axon integration reads them: one prepared statement
// each, sent by node-postgres, the same rows as Prisma's findMany (test/read-viewers.test.ts compares
// them), without Prisma's own work per call (issue 42 item 0).
const REKOR_KEYS_SQL = `${PREPARED_STATEMENT} SELECT ${modelColumns(Object.values(Prisma.RekorApiKeyScalarFieldEnum), "k")}
  FROM rekor_api_keys k WHERE k.id = ANY(`;
const AXON_INTEGRATIONS_SQL = `${PREPARED_STATEMENT} SELECT ${modelColumns(Object.values(Prisma.AxonIntegrationScalarFieldEnum), "i")}
  FROM axon_integrations i WHERE i.id = ANY(`;

export async function findSearchableRekorKeys(
  prisma: PrismaClient,
  scope: SourceContext,
): Promise<RekorApiKey[]> {
  const ids = await visibleIds(prisma, scope, "Rekor");
  if (ids.length === 0) return [];
  return queryPrepared<RekorApiKey>(
    prisma,
    Prisma.sql([REKOR_KEYS_SQL, `::int[]) ORDER BY k.agency_name, k.id`], ids),
  );
}

/** Its own agency's integration, and others' that authorized it and have not blacklisted it. */
export async function findSearchableAxonIntegrations(
  prisma: PrismaClient,
  scope: SourceContext,
): Promise<AxonIntegration[]> {
  const ids = await visibleIds(prisma, scope, "Axon");
  if (ids.length === 0) return [];
  return queryPrepared<AxonIntegration>(
    prisma,
    Prisma.sql([AXON_INTEGRATIONS_SQL, `::int[]) ORDER BY i.agency_name, i.id`], ids),
  );
}

/** Axis integrations of its own agency and those shared with it, grouped by their Axis agency. */
export async function findSearchableAxisIntegrations(prisma: PrismaClient, scope: SourceContext) {
  const ids = await visibleIds(prisma, scope, "Axis");
  if (ids.length === 0) return [];
  return prisma.axisIntegration.findMany({
    where: { id: { in: ids } },
    include: { axisAgency: { include: { agency: { select: { retentionDays: true } } } } },
    orderBy: [{ axisAgency: { agencyName: "asc" } }, { identifier: "asc" }],
  });
}

/** What a search needs of a searchable Axis integration (the Axis source's targets). */
export interface AxisSearchTarget {
  id: number;
  identifier: string;
  label: string | null;
  latitude: number | null;
  longitude: number | null;
  agency_name: string;
  retention_days: number | null;
}

/**
 * findSearchableAxisIntegrations as a search needs it: the same integrations in the same order, with
 * only the columns a search uses, in one prepared statement (Prisma's include made it three, and its
 * work per statement cost the API as much as PostgreSQL's).
 */
export async function findSearchableAxisTargets(
  prisma: PrismaClient,
  scope: SourceContext,
): Promise<AxisSearchTarget[]> {
  const ids = await visibleIds(prisma, scope, "Axis");
  if (ids.length === 0) return [];
  return queryPrepared<AxisSearchTarget>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
      SELECT i.id, i.identifier, i.label, i.latitude, i.longitude, aa.agency_name, a.retention_days
      FROM axis_integrations i
      JOIN axis_agencies aa ON aa.id = i.axis_agency_id
      JOIN agencies a ON a.id = aa.agency_id
      WHERE i.id = ANY(${ids}::int[])
      ORDER BY aa.agency_name, i.identifier`,
  );
}
