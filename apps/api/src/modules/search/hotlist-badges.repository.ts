import type { TSearchResult, TSearchResultHotlist } from "@odin/contract";
import { Prisma, PREPARED_STATEMENT, queryPrepared, type PrismaClient } from "@odin/db";
import type { Actor } from "../../access/actor";
import { joinActiveGroup, matchingPlatesCte } from "../alerts/matching/matcher-sql";
import { normalizePlate } from "../../sources/plate-pattern";
import { canEditGroups } from "../hotlists/group-access";

/** The key a plate and state pair is looked up by. */
const keyOf = (plate: string, state: string | null | undefined) =>
  `${normalizePlate(plate)}|${(state ?? "").toUpperCase()}`;

/** The groups a caller may see (group-access.ts): every group of the agency, or those they are a member of. */
function memberRule(auth: Pick<Actor, "user">): Prisma.Sql {
  return canEditGroups(auth)
    ? Prisma.empty
    : Prisma.sql`AND EXISTS (SELECT 1 FROM hotlist_group_members gm WHERE gm.group_id = g.id AND gm.user_id = ${auth.user.id}::int)`;
}

/**
 * Whether the caller may see any active hotlist group at all, as an expression of another statement (a
 * search reads it with its scope, issue 42 item 0): when it is false, no result can carry a badge and
 * attachHotlists has nothing to ask. Read before the search runs, as if the badges were read then.
 */
export function anyVisibleGroupSql(auth: Pick<Actor, "user">): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM hotlist_groups g
    WHERE g.agency_id = ${auth.user.agencyId}::int AND NOT g.archived ${memberRule(auth)})`;
}

/**
 * The hotlist groups each result's plate is on (issue 20: "On hotlist" badges), by the alert matcher's
 * own rule (matcher-sql.ts: the same normalised plate, or skeleton for a lenient entry, and no state or
 * the read's state) among the active groups the caller may see (group-access.ts: every group of the
 * agency for admins and hotlist admins, the groups they are a member of for everybody else). One query
 * for all the distinct plate and state pairs of the answer.
 */
export async function attachHotlists(
  prisma: PrismaClient,
  auth: Pick<Actor, "user">,
  results: TSearchResult[],
): Promise<TSearchResult[]> {
  const agencyId = auth.user.agencyId;
  if (agencyId == null || results.length === 0) return results;
  const pairs = new Map<string, { plate: string; state: string | null }>();
  for (const result of results) {
    const plate = normalizePlate(result.plate);
    if (plate)
      pairs.set(keyOf(result.plate, result.plate_state), { plate, state: result.plate_state ?? null });
  }
  if (pairs.size === 0) return results;
  const list = [...pairs.values()];
  const member = memberRule(auth);
  // Sent by node-postgres on Prisma's pool (queryPrepared): every search of a caller who may see a group
  // pays this statement, and Prisma's own work per call cost the API more than the query. Prepared once
  // per connection: its text does not vary with the plates (arrays), and every read probes the plates'
  // indexes whatever the plan (matcher-sql.ts's fenced LATERAL arms), so planning it at every call
  // bought nothing (issue 42 item 0, third step).
  const rows = await queryPrepared<{
    plate_normalized: string;
    state: string | null;
    id: number;
    name: string;
  }>(
    prisma,
    Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)}
    WITH r AS (
      SELECT * FROM unnest(${list.map((pair) => pair.plate)}::text[], ${list.map((pair) => pair.state)}::text[])
        AS t(plate_normalized, state)
    ),
    ${matchingPlatesCte("m", "r", "state")}
    SELECT DISTINCT m.plate_normalized, m.state, g.id, g.name
    FROM m
    ${joinActiveGroup("m")}
    WHERE g.agency_id = ${agencyId} ${member}
    ORDER BY g.name, g.id`,
  );
  if (rows.length === 0) return results;
  const groups = new Map<string, TSearchResultHotlist[]>();
  for (const row of rows) {
    const key = keyOf(row.plate_normalized, row.state);
    const listed = groups.get(key) ?? [];
    if (!listed.some((group) => group.group_id === row.id))
      listed.push({ group_id: row.id, group_name: row.name });
    groups.set(key, listed);
  }
  return results.map((result) => {
    const listed = groups.get(keyOf(result.plate, result.plate_state));
    return listed ? { ...result, hotlists: listed } : result;
  });
}
