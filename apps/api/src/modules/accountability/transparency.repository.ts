import type { SourceProgram } from "@odin/contract";
import type { PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "$queryRaw" | "agency">;

/** What the public page needs of the agency row itself: read on every request, never cached. */
export interface PublishedAgency {
  id: number;
  name: string;
  code: string;
  retentionDays: number | null;
  transparencyHidden: string[];
  transparencyPolicy: string | null;
}

/** The agency behind a page, only while it publishes one and is active (any other case: null). */
export async function findPublishedAgency(db: Db, code: string): Promise<PublishedAgency | null> {
  return db.agency.findFirst({
    where: { code, transparencyEnabled: true, deactivatedAt: null },
    select: {
      id: true,
      name: true,
      code: true,
      retentionDays: true,
      transparencyHidden: true,
      transparencyPolicy: true,
    },
  });
}

export async function listPublishedAgencies(db: Db): Promise<{ name: string; code: string }[]> {
  return db.agency.findMany({
    where: { transparencyEnabled: true, deactivatedAt: null },
    select: { name: true, code: true },
    orderBy: { name: "asc" },
  });
}

export interface TransparencyFigures {
  cameras: { source: SourceProgram; cameras: number; integrations: number }[];
  hotlists: { groups: number; plates: number; alertsBySource: { source: SourceProgram; alerts: number }[] };
  activity: { searches: number; searchesWithCaseNumber: number; exports: number; exportedRecords: number };
  sharesWith: { name: string; sources: SourceProgram[] }[];
}

/**
 * One agency's published figures, from the tables themselves (issue 23 item 3). `days` is the window
 * of the activity and alert counts, measured by the database's clock.
 */
export async function computeTransparencyFigures(
  db: Db,
  agencyId: number,
  days: number,
): Promise<TransparencyFigures> {
  const [counts] = await db.$queryRaw<
    {
      rekor_cameras: number;
      rekor_keys: number;
      axis_cameras: number;
      axis_integrations: number;
      axon_integrations: number;
      groups: number;
      plates: number;
      searches: number;
      searches_with_case: number;
      exports: number;
      exported_records: number;
    }[]
  >`
    SELECT
      (SELECT count(*)::int FROM rekor_cameras c JOIN rekor_api_keys k ON k.id = c.rekor_api_key_id
        WHERE coalesce(c.agency_id, k.agency_id) = ${agencyId}) AS rekor_cameras,
      (SELECT count(*)::int FROM rekor_api_keys k WHERE k.agency_id = ${agencyId}) AS rekor_keys,
      (SELECT count(*) FILTER (WHERE NOT i.is_cloud)::int FROM axis_integrations i
         JOIN axis_agencies aa ON aa.id = i.axis_agency_id
        WHERE aa.agency_id = ${agencyId} AND i.deleted_at IS NULL) AS axis_cameras,
      (SELECT count(*)::int FROM axis_integrations i JOIN axis_agencies aa ON aa.id = i.axis_agency_id
        WHERE aa.agency_id = ${agencyId} AND i.deleted_at IS NULL) AS axis_integrations,
      (SELECT count(*)::int FROM axon_integrations x WHERE x.agency_id = ${agencyId}) AS axon_integrations,
      (SELECT count(*)::int FROM hotlist_groups g WHERE g.agency_id = ${agencyId} AND NOT g.archived) AS groups,
      (SELECT count(*)::int FROM hotlist_plates p JOIN hotlist_groups g ON g.id = p.group_id
        WHERE g.agency_id = ${agencyId} AND NOT g.archived) AS plates,
      a.searches, a.searches_with_case, a.exports, a.exported_records
    FROM (
      SELECT count(*) FILTER (WHERE l.action = 'search')::int AS searches,
             count(*) FILTER (WHERE l.action = 'search'
                                AND coalesce(l.query_parameters ->> 'case_number', '') <> '')::int AS searches_with_case,
             count(*) FILTER (WHERE l.action IN ('export_pdf', 'export_zip'))::int AS exports,
             coalesce(sum(l.record_count) FILTER (WHERE l.action IN ('export_pdf', 'export_zip')), 0)::int
               AS exported_records
        FROM audit_logs l
       WHERE l.agency_id = ${agencyId} AND l.action IN ('search', 'export_pdf', 'export_zip')
         AND l.created_at >= now() - make_interval(days => ${days}::int)
    ) a`;

  const alerts = await db.$queryRaw<{ source: SourceProgram; alerts: number }[]>`
    SELECT al.source_program AS source, count(*)::int AS alerts
      FROM alerts al JOIN hotlist_groups g ON g.id = al.group_id
     WHERE g.agency_id = ${agencyId} AND al.created_at >= now() - make_interval(days => ${days}::int)
     GROUP BY al.source_program ORDER BY al.source_program`;

  // Who may search this agency's cameras: RAVEN shares of its live integrations, Axon authorizations.
  const shares = await db.$queryRaw<{ name: string; source: SourceProgram }[]>`
    SELECT DISTINCT a.name, 'Axis' AS source
      FROM axis_integration_shares s
      JOIN axis_integrations i ON i.id = s.integration_id
      JOIN axis_agencies aa ON aa.id = i.axis_agency_id
      JOIN agencies a ON a.id = s.agency_id
     WHERE aa.agency_id = ${agencyId} AND i.deleted_at IS NULL AND s.agency_id <> ${agencyId}
    UNION
    SELECT DISTINCT a.name, 'Axon' AS source
      FROM axon_integration_agencies x
      JOIN axon_integrations i ON i.id = x.integration_id
      JOIN agencies a ON a.id = x.agency_id
     WHERE i.agency_id = ${agencyId} AND x.status = 'authorized' AND x.agency_id <> ${agencyId}
     ORDER BY 1, 2`;
  const byAgency = new Map<string, SourceProgram[]>();
  for (const share of shares) byAgency.set(share.name, [...(byAgency.get(share.name) ?? []), share.source]);

  const row = counts!;
  return {
    cameras: [
      { source: "Rekor", cameras: row.rekor_cameras, integrations: row.rekor_keys },
      { source: "Axon", cameras: 0, integrations: row.axon_integrations },
      { source: "Axis", cameras: row.axis_cameras, integrations: row.axis_integrations },
    ],
    hotlists: { groups: row.groups, plates: row.plates, alertsBySource: alerts },
    activity: {
      searches: row.searches,
      searchesWithCaseNumber: row.searches_with_case,
      exports: row.exports,
      exportedRecords: row.exported_records,
    },
    sharesWith: [...byAgency].map(([name, sources]) => ({ name, sources })),
  };
}

const SETTINGS_SELECT = {
  code: true,
  transparencyEnabled: true,
  transparencyHidden: true,
  transparencyPolicy: true,
} as const;

export interface TransparencySettingsRow {
  code: string;
  transparencyEnabled: boolean;
  transparencyHidden: string[];
  transparencyPolicy: string | null;
}

/** The agency's transparency settings as stored. */
export function findTransparencySettingsRow(
  db: Pick<PrismaClient, "agency">,
  agencyId: number,
): Promise<TransparencySettingsRow> {
  return db.agency.findUniqueOrThrow({ where: { id: agencyId }, select: SETTINGS_SELECT });
}

/** Sets them (inside the transaction of their audit row); returns what is stored. */
export function updateTransparencySettingsRow(
  db: Pick<PrismaClient, "agency">,
  agencyId: number,
  data: Omit<TransparencySettingsRow, "code">,
): Promise<TransparencySettingsRow> {
  return db.agency.update({ where: { id: agencyId }, data, select: SETTINGS_SELECT });
}
