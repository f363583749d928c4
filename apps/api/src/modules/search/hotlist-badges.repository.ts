import type { TSearchResult, TSearchResultHotlist } from "@odin/contract";
import { Prisma, PREPARED_STATEMENT, queryPrepared, type PrismaClient } from "@odin/db";
import type { Actor } from "../../access/actor";
import { entryPreference, joinActiveGroup, matchingPlatesCte } from "../alerts/matching/matcher-sql";
import { normalizePlate } from "../../sources/plate-pattern";

/** The key a plate and state pair is looked up by. */
const keyOf = (plate: string, state: string | null | undefined) =>
  `${normalizePlate(plate)}|${(state ?? "").toUpperCase()}`;

/**
 * Whether the caller's agency has any active hotlist group at all, as an expression of another
 * statement (a search reads it with its scope, issue 42 item 0): when it is false, no result can carry
 * a badge and attachHotlists has nothing to ask. Read before the search runs, as if the badges were
 * read then.
 */
export function anyActiveGroupSql(actor: Pick<Actor, "user">): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM hotlist_groups g
    WHERE g.agency_id = ${actor.user.agencyId}::int AND NOT g.archived)`;
}

/**
 * The hotlist groups each result's plate is on (issue 20: "On hotlist" badges), by the alert matcher's
 * own rule (matcher-sql.ts: the same normalised plate, or skeleton for a lenient entry, and no state or
 * the read's state) among the active groups of the caller's agency: the lists the agency's cameras
 * alert on. Every searcher of the agency sees them (issue 40 item 1: a stolen car on the agency's own
 * list must not look clean to an investigator who is in no group); what a badge says is the group's
 * name, its agency and the entry's reason, nothing of the group's members, notes, attachments or
 * alerts, which stay behind group-access.ts. Another agency's groups never show. One query for all the
 * distinct plate and state pairs of the answer.
 */
export async function attachHotlists<T extends TSearchResult>(
  prisma: PrismaClient,
  actor: Pick<Actor, "user">,
  results: T[],
): Promise<T[]> {
  const agencyId = actor.user.agencyId;
  if (agencyId == null || results.length === 0) return results;
  const pairs = new Map<string, { plate: string; state: string | null }>();
  for (const result of results) {
    const plate = normalizePlate(result.plate);
    if (plate)
      pairs.set(keyOf(result.plate, result.plate_state), { plate, state: result.plate_state ?? null });
  }
  if (pairs.size === 0) return results;
  const list = [...pairs.values()];
  // Sent by node-postgres (queryPrepared): every search of an agency with an active group pays this
  // statement, and Prisma's own work per call cost the API more than the query. Prepared once per
  // connection with one generic plan (packages/db's pool for named statements): its text does not vary
  // with the plates (arrays), and every read probes the plates' indexes whatever the plan (matcher-sql.ts's
  // fenced LATERAL arms); planned for its values it cost 16 times its work (issue 42 item 4). One badge
  // per group and plate: the entry an alert would name (entryPreference), for its reason.
  const rows = await queryPrepared<{
    plate_normalized: string;
    state: string | null;
    id: number;
    name: string;
    agency_name: string;
    reason: string;
  }>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
    WITH r AS (
      SELECT * FROM unnest(${list.map((pair) => pair.plate)}::text[], ${list.map((pair) => pair.state)}::text[])
        AS t(plate_normalized, state)
    ),
    ${matchingPlatesCte("m", "r", "state")}
    SELECT DISTINCT ON (g.name, g.id, m.plate_normalized, m.state)
      m.plate_normalized, m.state, g.id, g.name, a.name AS agency_name, m.reason
    FROM m
    ${joinActiveGroup("m")}
    JOIN agencies a ON a.id = g.agency_id
    WHERE g.agency_id = ${agencyId}
    ${entryPreference("g.name, g.id, m.plate_normalized, m.state")}`,
  );
  if (rows.length === 0) return results;
  const groups = new Map<string, TSearchResultHotlist[]>();
  for (const row of rows) {
    const key = keyOf(row.plate_normalized, row.state);
    const listed = groups.get(key) ?? [];
    if (!listed.some((group) => group.group_id === row.id))
      listed.push({
        group_id: row.id,
        group_name: row.name,
        agency_name: row.agency_name,
        reason: row.reason,
      });
    groups.set(key, listed);
  }
  return results.map((result) => {
    const listed = groups.get(keyOf(result.plate, result.plate_state));
    return listed ? { ...result, hotlists: listed } : result;
  });
}
