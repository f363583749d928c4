import { Prisma, type PrismaClient } from "@odin/db";

/**
 * The one visibility rule (issue 16 item 3): which agencies may see a source's reads, i.e. search
 * them and be alerted by them. It is the `read_viewers` view (migration 20261126170000_read_viewers):
 * one row per source, integration (Rekor key, Axon or Axis integration) and agency that may see it.
 * Search (search-scope.repository.ts), the Axon poll and the Axis insert all ask it here.
 */
export type ReadSource = "Rekor" | "Axon" | "Axis";

type Db = Pick<PrismaClient, "$queryRaw">;

/** The integrations of `source` that `agency` may see; "all" (the owner): every integration seen by anyone. */
export async function integrationsVisibleTo(
  db: Db,
  source: ReadSource,
  agency: number | "all",
): Promise<number[]> {
  const rows = await db.$queryRaw<{ integration_id: number }[]>`
    SELECT DISTINCT integration_id FROM read_viewers
    WHERE source_program = ${source} ${agency === "all" ? Prisma.empty : Prisma.sql`AND agency_id = ${agency}`}`;
  return rows.map((row) => row.integration_id);
}

/** The agencies that may see the reads of one integration (whose hotlists its reads may alert). */
export async function agenciesThatMaySee(
  db: Db,
  source: ReadSource,
  integrationId: number,
): Promise<number[]> {
  const rows = await db.$queryRaw<{ agency_id: number }[]>`
    SELECT agency_id FROM read_viewers
    WHERE source_program = ${source} AND integration_id = ${integrationId}
    ORDER BY agency_id`;
  return rows.map((row) => row.agency_id);
}

/** The same rule inside a statement: true when `agencyId` may see the reads of `integrationId`. */
export function maySeeReadsSql(
  source: ReadSource,
  integrationId: Prisma.Sql,
  agencyId: Prisma.Sql,
): Prisma.Sql {
  // The source as a literal (a ReadSource, never user input): the planner drops the view's other sources.
  return Prisma.sql`EXISTS (SELECT 1 FROM read_viewers rv WHERE rv.source_program = ${Prisma.raw(`'${source}'`)}
    AND rv.integration_id = ${integrationId} AND rv.agency_id = ${agencyId})`;
}
