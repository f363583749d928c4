import { Prisma } from "@odin/db";
import { ALERTS_CHANNEL } from "../../../lib/alert-listener";

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

/**
 * Issue 24 item 6, no floods: the columns a candidate alert carries for the cooldown, selected next
 * to the read's (alias `m` is the read, `g` the group): the group's cooldown, the camera's key (null:
 * the camera is unknown, so there is no "same camera" and every read alerts) and the plate's key (the
 * normalised plate and the read's state: the same number in another state is another vehicle).
 */
export function cooldownColumns(cameraKey: Prisma.Sql, stateColumn: string): Prisma.Sql {
  return Prisma.sql`g.alert_cooldown_minutes AS cooldown_minutes, ${cameraKey} AS camera_key,
    m.plate_normalized || ' ' || upper(coalesce(${Prisma.raw(`m.${stateColumn}`)}, '')) AS plate_key`;
}

/** A new alert's id, taken before it is known whether the read makes a new alert or counts on one. */
export const NEW_ALERT_ID = Prisma.sql`nextval(pg_get_serial_sequence('alerts', 'id'))::int AS new_id`;

/**
 * A CTE `cooled` upserting, for each candidate of the CTE `fresh` (one per read and group; columns
 * group_id, camera_key, plate_key, cooldown_minutes, new_id and the read's time `readAt`), the
 * group's window for the camera and plate (alert_cooldowns). ON CONFLICT DO UPDATE waits for a racing
 * statement's row and then sees its committed version, so of two reads racing for one plate, one makes
 * the alert and the other counts on it. The verdict: "new" (no window, or the read is newer than the
 * window: the read opens a window of its own), "repeat" (within the cooldown of the window's read,
 * either side: the read counts on alert_id), "late" (older than the window and beyond its cooldown: a
 * new alert, the window kept). A statement must not hold two candidates of one key (ON CONFLICT cannot
 * touch a row twice): the callers split their reads (insertAlertsForReads' rounds, the Axis writer's
 * batches).
 */
export function cooledCte(fresh: string, readAt: string): Prisma.Sql {
  const at = Prisma.raw(`f.${readAt}`);
  const within = Prisma.raw(
    "abs(extract(epoch FROM excluded.read_at - c.read_at)) < excluded.cooldown_minutes * 60",
  );
  return Prisma.sql`cooled AS (
    INSERT INTO alert_cooldowns AS c (group_id, camera_key, plate_key, alert_id, read_at,
      cooldown_minutes, verdict)
    SELECT f.group_id, f.camera_key, f.plate_key, f.new_id, ${at}, f.cooldown_minutes, 'new'
    FROM ${Prisma.raw(fresh)} f
    WHERE f.camera_key IS NOT NULL AND f.cooldown_minutes > 0
    ON CONFLICT (group_id, camera_key, plate_key) DO UPDATE SET
      verdict = CASE WHEN ${within} THEN 'repeat' WHEN excluded.read_at > c.read_at THEN 'new' ELSE 'late' END,
      alert_id = CASE WHEN ${within} OR excluded.read_at <= c.read_at THEN c.alert_id ELSE excluded.alert_id END,
      read_at = CASE WHEN ${within} OR excluded.read_at <= c.read_at THEN c.read_at ELSE excluded.read_at END,
      cooldown_minutes = excluded.cooldown_minutes
    RETURNING group_id, camera_key, plate_key, alert_id, read_at, verdict
  )`;
}

/** Joins `cooled` (alias `c`) to the candidates (alias `f`). */
export const JOIN_COOLED = Prisma.sql`LEFT JOIN cooled c ON c.group_id = f.group_id AND c.camera_key = f.camera_key
  AND c.plate_key = f.plate_key`;

/** The alert a candidate writes: the window's alert for a repeat, a new one otherwise. */
export const ALERT_ID_OF_CANDIDATE = Prisma.sql`CASE WHEN c.verdict = 'repeat' THEN c.alert_id ELSE f.new_id END`;

/**
 * The `timestamp` and `last_read_at` a candidate writes, given the read's time `readAt` (of `f`): a
 * repeat carries its window's alert's time (the window's read_at, which opened it with that alert) and
 * its own read's time as last_read_at, so that it meets that alert's row by (id, timestamp), the key of
 * alerts partitioned by the read's time (migration 20261201200000_alerts_partitioned); a new alert its
 * read's time.
 */
export function alertTimesOfCandidate(readAt: string): Prisma.Sql {
  const at = Prisma.raw(`f.${readAt}`);
  return Prisma.sql`CASE WHEN c.verdict = 'repeat' THEN c.read_at ELSE ${at} END,
    CASE WHEN c.verdict = 'repeat' THEN ${at} END`;
}

/**
 * The alerts insert's conflict clause (its target aliased `a`): a repeat lands on the window's alert
 * (its id and time, alertTimesOfCandidate) and counts there, the latest read kept as last seen.
 * RETURNING `created` tells new alerts from counts: an inserted alert has read_count 1 (its default),
 * a counted one 2 or more. (Not `xmax = 0`: a partitioned table has no system columns in RETURNING.)
 */
export const COUNT_REPEAT = Prisma.sql`ON CONFLICT (id, timestamp) DO UPDATE SET read_count = a.read_count + 1,
      last_read_at = greatest(coalesce(a.last_read_at, a.timestamp), excluded.last_read_at)
    RETURNING a.id, a.group_id, (a.read_count = 1) AS created`;

/**
 * Splits reads into rounds, so that no round holds two reads of one camera and plate (see cooledCte),
 * in time order: the earliest read of a plate goes first and makes the alert the later ones count on.
 */
export function cooldownRounds<T>(
  items: readonly T[],
  keyOf: (item: T) => string | null,
  timeOf: (item: T) => number,
): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const item of [...items].sort((a, b) => timeOf(a) - timeOf(b))) {
    const key = keyOf(item);
    const round = key === null ? 0 : (seen.get(key) ?? -1) + 1;
    if (key !== null) seen.set(key, round);
    (rounds[round] ??= []).push(item);
  }
  return rounds;
}
