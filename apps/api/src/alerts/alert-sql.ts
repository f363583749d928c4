import { Prisma } from "@odin/db";

/** The PostgreSQL channel on which committed alerts are announced (payload: comma-separated alert ids). */
export const ALERTS_CHANNEL = "odin_alerts";

/** pg_notify payloads must stay under 8,000 bytes: 500 ids of up to 11 characters each fit. */
const IDS_PER_NOTIFICATION = 500;

/**
 * The matcher's rule, part one: a CTE `name` pairing each read of `reads` (a CTE with `plate_normalized`
 * and the read's state in `stateColumn`) with every hotlist plate that matches it: the same normalised
 * plate, or, for a lenient entry (issue 19), the same confusable skeleton; and the plate has no state
 * or the read's state. Removed plates are deleted rows, so they cannot match. Columns: the read's, plus
 * hotlist_plate_id, group_id, reason, notes, date_added, listed_state and match_rule, the rule that
 * fired: "exact", "lenient: same skeleton", or "lenient: OCR candidate {plate}" when `candidates` names
 * a column of the reads holding the read's other OCR candidates (normalised plates, comma-separated,
 * best first; OpenALPR sends them) and a lenient entry's skeleton is one candidate's although not the
 * best plate's (the first such candidate names the rule, so a replay writes the same words).
 * MATERIALIZED, so the plates' indexes are probed once per read: joined in one query with the groups, the
 * planner may start from an agency's groups it believes few and probe every read once per group. Each
 * arm is a LATERAL subquery fenced by OFFSET 0, so every read probes the plate or skeleton index: as a
 * plain join, with a hotlist of tens of thousands of plates the planner hashed the whole table for a
 * batch of 200 reads (28 ms of scans where 400 probes take under 1 ms; docs/benchmarks.md).
 */
export function matchingPlatesCte(
  name: string,
  reads: string,
  stateColumn: string,
  candidatesColumn?: string,
): Prisma.Sql {
  const state = Prisma.raw(`r.${stateColumn}`);
  const from = Prisma.raw(reads);
  const byCandidate = candidatesColumn
    ? Prisma.sql`
    UNION ALL
    SELECT r.*, p.id AS hotlist_plate_id, p.group_id, p.reason, p.notes, p.created_at AS date_added,
      p.state AS listed_state, 'lenient: OCR candidate ' || p.candidate AS match_rule
    FROM ${from} r
    CROSS JOIN LATERAL (
      SELECT DISTINCT ON (p.id) p.*, c.plate AS candidate
      FROM unnest(string_to_array(${Prisma.raw(`r.${candidatesColumn}`)}, ',')) WITH ORDINALITY AS c(plate, rank)
      JOIN hotlist_plates p ON p.plate_skeleton = odin_plate_skeleton(c.plate)
      WHERE p.match_strategy = 'lenient' AND p.plate_skeleton <> odin_plate_skeleton(r.plate_normalized)
        AND (p.state IS NULL OR upper(p.state) = upper(${state}))
      ORDER BY p.id, c.rank
    ) p`
    : Prisma.empty;
  return Prisma.sql`${Prisma.raw(name)} AS MATERIALIZED (
    SELECT r.*, p.id AS hotlist_plate_id, p.group_id, p.reason, p.notes, p.created_at AS date_added,
      p.state AS listed_state, 'exact'::text AS match_rule
    FROM ${from} r
    CROSS JOIN LATERAL (
      SELECT p.* FROM hotlist_plates p
      WHERE p.plate_normalized = r.plate_normalized AND (p.state IS NULL OR upper(p.state) = upper(${state}))
      OFFSET 0
    ) p
    UNION ALL
    SELECT r.*, p.id AS hotlist_plate_id, p.group_id, p.reason, p.notes, p.created_at AS date_added,
      p.state AS listed_state, 'lenient: same skeleton'::text AS match_rule
    FROM ${from} r
    CROSS JOIN LATERAL (
      SELECT p.* FROM hotlist_plates p
      WHERE p.plate_skeleton = odin_plate_skeleton(r.plate_normalized)
        AND p.match_strategy = 'lenient' AND p.plate_normalized <> r.plate_normalized
        AND (p.state IS NULL OR upper(p.state) = upper(${state}))
      OFFSET 0
    ) p${byCandidate}
  )`;
}

/** Part two: only plates of active groups match (archiving a group stops its alerts). Alias `g`. */
export function joinActiveGroup(pairs: string): Prisma.Sql {
  return Prisma.sql`JOIN hotlist_groups g ON g.id = ${Prisma.raw(pairs)}.group_id AND NOT g.archived`;
}

/**
 * Part three: one alert per read and group, whatever the group lists. A group may hold a no-state and a
 * CT entry of one plate (both match a CT read), or rows from before entries were unique: the insert's
 * SELECT takes `DISTINCT ON (readKey, g.id)` ordered by `entryPreference(readKey)`, which puts the most
 * specific entry first (an exact match, then the best plate's skeleton, then an OCR candidate; a state match, then the oldest), so a replay picks the same entry and its
 * ON CONFLICT holds.
 */
export function onePerGroup(readKey: string): Prisma.Sql {
  return Prisma.raw(`DISTINCT ON (${readKey}, g.id)`);
}

export function entryPreference(readKey: string): Prisma.Sql {
  return Prisma.raw(
    `ORDER BY ${readKey}, g.id, m.match_rule <> 'exact', m.match_rule LIKE 'lenient: OCR candidate%', ` +
      `m.listed_state IS NULL, m.date_added, m.hotlist_plate_id`,
  );
}

/**
 * The group has no alert for this read yet, from any of its entries (index on source and read id): a
 * replay after the group's entries changed (a CT entry added next to a no-state one) makes no second alert.
 */
export function groupNotYetAlerted(source: string, readId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (
    SELECT 1 FROM alerts a
    WHERE a.source_program = ${source} AND a.source_read_id = ${readId} AND a.group_id = g.id
  )`;
}

/**
 * A CTE `notified` announcing the ids of the alerts inserted by the CTE `source` (an `INSERT … RETURNING
 * id`). It is part of the statement that wrote them, so PostgreSQL delivers the notifications only if
 * and when that transaction commits: a listener never hears of an alert it cannot read yet, or of one
 * that was rolled back. A SELECT in WITH runs only as far as the main query reads it, so the main query
 * must read `notified` to the end (e.g. `UNION ALL SELECT NULL … FROM notified`): one row per notification.
 */
export function notifiedCte(source: string): Prisma.Sql {
  const from = Prisma.raw(source);
  return Prisma.sql`notified AS (
    SELECT n.ids FROM (
      SELECT string_agg(c.id::text, ',') AS ids
      FROM (SELECT id, (row_number() OVER () - 1) / ${IDS_PER_NOTIFICATION} AS chunk FROM ${from}) c
      GROUP BY c.chunk
    ) n, LATERAL (SELECT pg_notify(${ALERTS_CHANNEL}, n.ids)) sent
  )`;
}

/** The ids a notification carries; anything unreadable is skipped. */
export function parseAlertIds(payload: string | undefined): number[] {
  if (!payload) return [];
  return payload
    .split(",")
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}
