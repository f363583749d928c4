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
export function searchScopeOf(auth: Pick<Actor, "isOwner" | "user">): SourceContext {
  return { agency: auth.isOwner ? "all" : auth.user.agencyId };
}

/**
 * A search's scope read once for every source (issue 42 item 0): a search asks each of its three
 * sources what the caller may search. readSearchScope reads it all in ONE prepared statement (the
 * read_viewers rule, then each source's rows: the Rekor keys, the Axon integrations and the Axis
 * targets, as the functions below answer them one by one) and keeps the rows with the scope object it
 * answers, so the sources' `searchable` answer from them without a statement. Kept only as long as the
 * scope object: one request's. Nothing is cached across requests: a share revoked is seen by the
 * next search.
 */
interface ScopeRows {
  Rekor: RekorApiKey[];
  Axon: AxonIntegration[];
  Axis: AxisSearchTarget[];
}

const sharedRows = new WeakMap<SourceContext, ScopeRows>();

const REKOR_COLUMNS = modelColumns(Object.values(Prisma.RekorApiKeyScalarFieldEnum), "k");
const AXON_COLUMNS = modelColumns(Object.values(Prisma.AxonIntegrationScalarFieldEnum), "i");
/** The DateTime fields of those models: JSON carries them as text. */
const REKOR_DATES = ["createdAt", "updatedAt"] as const;
const AXON_DATES = ["lastPolledAt", "createdAt", "updatedAt"] as const;

/** What findSearchableAxisTargets selects, from where, in its order (shared with readSearchScope). */
const AXIS_TARGETS_FROM = `SELECT i.id, i.identifier, i.label, i.latitude, i.longitude, aa.agency_name, a.retention_days
      FROM axis_integrations i
      JOIN axis_agencies aa ON aa.id = i.axis_agency_id
      JOIN agencies a ON a.id = aa.agency_id`;

function withDates<T>(rows: Record<string, unknown>[], fields: readonly string[]): T[] {
  for (const row of rows)
    for (const field of fields) if (typeof row[field] === "string") row[field] = new Date(row[field]);
  return rows as T[];
}

/**
 * The scope of one request whose sources all ask at once (POST /search-data, its next pages,
 * investigations), read in one statement with the caller's `extras` (named scalar expressions the
 * same request needs, e.g. its agency's case fields), answered by name. The same rows as the
 * functions below (test/read-viewers.test.ts compares them with Prisma's, field by field).
 */
export async function readSearchScope<E extends string = never>(
  prisma: PrismaClient,
  auth: Pick<Actor, "isOwner" | "user">,
  extras: Record<E, Prisma.Sql> = {} as Record<E, Prisma.Sql>,
): Promise<{ scope: SourceContext; extras: Record<E, unknown> }> {
  const scope = searchScopeOf(auth);
  const { agency } = scope;
  const visible =
    agency === "all"
      ? Prisma.sql`SELECT DISTINCT source_program, integration_id FROM read_viewers`
      : Prisma.sql`SELECT DISTINCT source_program, integration_id FROM read_viewers WHERE agency_id = ${agency}`;
  const of = (source: ReadSource) =>
    Prisma.raw(`SELECT v.integration_id FROM v WHERE v.source_program = '${source}'`);
  const named = Object.entries<Prisma.Sql>(extras).map(
    ([name, sql]) => Prisma.sql`, ${sql} AS ${Prisma.raw(`"${name}"`)}`,
  );
  // Prepared once per connection (a generic plan: the view's planning cost more than running it).
  const [row] = await queryPrepared<
    Record<string, unknown> & { rekor: unknown[]; axon: unknown[]; axis: unknown[] }
  >(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
      WITH v AS MATERIALIZED (${visible})
      SELECT
        (SELECT coalesce(json_agg(k ORDER BY k."agencyName", k."id"), '[]'::json)
         FROM (SELECT ${Prisma.raw(REKOR_COLUMNS)} FROM rekor_api_keys k WHERE k.id IN (${of("Rekor")})) k) AS rekor,
        (SELECT coalesce(json_agg(i ORDER BY i."agencyName", i."id"), '[]'::json)
         FROM (SELECT ${Prisma.raw(AXON_COLUMNS)} FROM axon_integrations i WHERE i.id IN (${of("Axon")})) i) AS axon,
        (SELECT coalesce(json_agg(t ORDER BY t.agency_name, t.identifier), '[]'::json)
         FROM (${Prisma.raw(AXIS_TARGETS_FROM)} WHERE i.id IN (${of("Axis")})) t) AS axis
        ${named.length ? Prisma.join(named, " ") : Prisma.empty}`,
  );
  const { rekor, axon, axis, ...rest } = row!;
  // A caller of no agency (not the owner) sees nothing, whatever the statement answered.
  const none = agency === null;
  sharedRows.set(scope, {
    Rekor: none ? [] : withDates<RekorApiKey>(rekor as Record<string, unknown>[], REKOR_DATES),
    Axon: none ? [] : withDates<AxonIntegration>(axon as Record<string, unknown>[], AXON_DATES),
    Axis: none ? [] : (axis as AxisSearchTarget[]),
  });
  return { scope, extras: rest as Record<E, unknown> };
}

/** The integrations of `source` the scope may see. */
async function visibleIds(prisma: PrismaClient, scope: SourceContext, source: ReadSource): Promise<number[]> {
  const { agency } = scope;
  if (agency === null) return [];
  const shared = sharedRows.get(scope);
  if (shared) return shared[source].map((row) => row.id);
  return integrationsVisibleTo(prisma, source, agency);
}

// On a scope readSearchScope did not read (the search form's lists, an export's read), one prepared
// statement each, sent by node-postgres, the same rows as Prisma's findMany (test/read-viewers.test.ts
// compares them), without Prisma's own work per call (issue 42 item 0).
const REKOR_KEYS_SQL = `${PREPARED_STATEMENT} SELECT ${REKOR_COLUMNS}
  FROM rekor_api_keys k WHERE k.id = ANY(`;
const AXON_INTEGRATIONS_SQL = `${PREPARED_STATEMENT} SELECT ${AXON_COLUMNS}
  FROM axon_integrations i WHERE i.id = ANY(`;

export async function findSearchableRekorKeys(
  prisma: PrismaClient,
  scope: SourceContext,
): Promise<RekorApiKey[]> {
  const shared = sharedRows.get(scope);
  if (shared) return shared.Rekor;
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
  const shared = sharedRows.get(scope);
  if (shared) return shared.Axon;
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
  const shared = sharedRows.get(scope);
  if (shared) return shared.Axis;
  const ids = await visibleIds(prisma, scope, "Axis");
  if (ids.length === 0) return [];
  return queryPrepared<AxisSearchTarget>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
      ${Prisma.raw(AXIS_TARGETS_FROM)}
      WHERE i.id = ANY(${ids}::int[])
      ORDER BY aa.agency_name, i.identifier`,
  );
}
