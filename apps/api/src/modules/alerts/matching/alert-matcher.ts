import { Prisma, type PrismaClient } from "@odin/db";
import { isAbsurdReadTime } from "../../../sources/read-time";
import { normalizePlate } from "../../../sources/plate-pattern";
import {
  ALERT_ID_OF_CANDIDATE,
  alertTimesOfCandidate,
  COUNT_REPEAT,
  JOIN_COOLED,
  NEW_ALERT_ID,
  cooldownColumns,
  cooldownRounds,
  cooledCte,
  entryPreference,
  groupNotYetAlerted,
  joinActiveGroup,
  matchingPlatesCte,
  notifiedCte,
  onePerGroup,
} from "./matcher-sql";
import type { RemoteRead } from "../../../sources/remote-read";

/** Most candidates kept per read: OpenALPR's default top-n is 10; more only grows the row. */
export const MAX_OCR_CANDIDATES = 20;

/**
 * The candidates the matcher compares besides the best plate: normalised, distinct, not the best plate
 * itself, in the vendor's order, comma-separated (normalised plates hold no comma); null when none.
 */
export function candidatePlates(read: Pick<RemoteRead, "plateNormalized" | "candidates">): string | null {
  const plates = new Set<string>();
  for (const candidate of (read.candidates ?? []).slice(0, MAX_OCR_CANDIDATES)) {
    const plate = normalizePlate(candidate.plate);
    if (plate && plate !== read.plateNormalized && !plate.includes(",")) plates.add(plate);
  }
  return plates.size > 0 ? [...plates].join(",") : null;
}

export type RemoteSource = "Rekor" | "Axon";

/** Works inside a transaction as well as on the client. */
type Db = Pick<PrismaClient, "$queryRaw">;

export interface WrittenAlert {
  id: number;
  groupId: number;
}

/**
 * Writes one alert per (read, group with a matching plate) for groups of `agencyIds` (the agencies that
 * may search the read's source: nobody is alerted about a camera their agency cannot see), and announces
 * them on commit. One statement whatever the number of reads (one more per extra read of one camera and
 * plate); replays insert nothing (alert_reads takes each read once per group, racing replays included).
 * A read of a plate the camera read within the group's cooldown counts on that alert (read_count,
 * last_read_at) instead (issue 24); such counts are not announced (the live screen is not told twice)
 * and are not among the alerts answered.
 */
export async function insertAlertsForReads(
  db: Db,
  source: RemoteSource,
  reads: readonly RemoteRead[],
  agencyIds: readonly number[],
): Promise<WrittenAlert[]> {
  // A read with an absurd date raises no alert (sources/read-time.ts), whichever source sent it.
  const now = new Date();
  const matchable = reads.filter((read) => !isAbsurdReadTime(read.timestamp, now));
  if (matchable.length === 0 || agencyIds.length === 0) return [];
  const written: WrittenAlert[] = [];
  // Two reads of one camera and plate go in separate statements, the earlier first (cooldownRounds).
  for (const round of cooldownRounds(
    matchable,
    (read) =>
      read.camera === null
        ? null
        : `${read.camera}\u0000${read.plateNormalized}\u0000${(read.state ?? "").toUpperCase()}`,
    (read) => read.timestamp.getTime(),
  )) {
    written.push(...(await insertRound(db, source, round, agencyIds)));
  }
  return written;
}

async function insertRound(
  db: Db,
  source: RemoteSource,
  matchable: readonly RemoteRead[],
  agencyIds: readonly number[],
): Promise<WrittenAlert[]> {
  const column = <T>(pick: (read: RemoteRead) => T) => matchable.map(pick);
  // picked: one candidate per read and group not yet alerted; claimed: the reads this statement is the
  // first to take for the group (alert_reads, so racing replays and later ones take nothing); cooled:
  // whether each makes a new alert or counts on the group's alert for the camera and plate (matcher-sql.ts).
  const rows = await db.$queryRaw<{ id: number | null; group_id: number | null }[]>`
    WITH r AS (
      SELECT * FROM unnest(
        ${column((read) => read.sourceReadId)}::text[], ${column((read) => read.plate)}::text[],
        ${column((read) => read.plateNormalized)}::text[], ${column((read) => read.state)}::text[],
        ${column((read) => read.timestamp.toISOString())}::timestamptz[], ${column((read) => read.camera)}::text[],
        ${column((read) => read.agencyName)}::text[], ${column((read) => read.imagePath)}::text[],
        ${column((read) => read.latitude)}::float8[], ${column((read) => read.longitude)}::float8[],
        ${column(candidatePlates)}::text[], ${column(candidatesJson)}::jsonb[]
      ) AS t(source_read_id, plate, plate_normalized, state, captured_at, camera, agency_name, image_path,
             latitude, longitude, candidates, ocr_candidates)
    ),
    ${matchingPlatesCte("m", "r", "state", "candidates")},
    picked AS MATERIALIZED (
      SELECT ${onePerGroup("m.source_read_id")} m.*,
        ${cooldownColumns(Prisma.sql`${source} || ':' || m.camera`, "state")}
      FROM m
      ${joinActiveGroup("m")}
      WHERE g.agency_id = ANY(${[...agencyIds]}::int[])
        AND ${groupNotYetAlerted(source, Prisma.raw("m.source_read_id"))}
      ${entryPreference("m.source_read_id")}
    ),
    claimed AS (
      INSERT INTO alert_reads (group_id, source_program, source_read_id, read_at)
      SELECT group_id, ${source}, source_read_id, captured_at FROM picked
      ON CONFLICT DO NOTHING
      RETURNING group_id, source_read_id
    ),
    fresh AS MATERIALIZED (
      SELECT p.*, ${NEW_ALERT_ID}
      FROM picked p JOIN claimed k ON k.group_id = p.group_id AND k.source_read_id = p.source_read_id
    ),
    ${cooledCte("fresh", "captured_at")},
    alerted AS (
      INSERT INTO alerts AS a (id, group_id, hotlist_plate_id, source_program, source_read_id, plate, state,
        timestamp, last_read_at, camera, agency_name, reason, notes, date_added, image_path, latitude, longitude,
        match_rule, ocr_candidates)
      SELECT ${ALERT_ID_OF_CANDIDATE}, f.group_id, f.hotlist_plate_id, ${source}, f.source_read_id, f.plate,
        f.state, ${alertTimesOfCandidate("captured_at")}, f.camera, f.agency_name, f.reason, f.notes, f.date_added,
        f.image_path, f.latitude, f.longitude, f.match_rule, f.ocr_candidates
      FROM fresh f
      ${JOIN_COOLED}
      ${COUNT_REPEAT}
    ),
    created AS (SELECT id, group_id FROM alerted WHERE created),
    ${notifiedCte("created")}
    SELECT id, group_id FROM created
    UNION ALL
    SELECT NULL, NULL FROM notified`;
  return rows
    .filter((row): row is { id: number; group_id: number } => row.id !== null && row.group_id !== null)
    .map((row) => ({ id: row.id, groupId: row.group_id }));
}

/** The candidates as the alert keeps them (`alerts.ocr_candidates`), or null when the source sent none. */
function candidatesJson(read: RemoteRead): string | null {
  const kept = (read.candidates ?? []).slice(0, MAX_OCR_CANDIDATES);
  return kept.length > 0
    ? JSON.stringify(kept.map(({ plate, confidence }) => ({ plate, confidence })))
    : null;
}

/**
 * Whether a read would write at least one new alert: checked before work that only a match needs
 * (storing a picture), so the many reads of plates nobody watches, and replays, cost one indexed query.
 */
export async function hasNewMatch(
  db: Db,
  source: RemoteSource,
  read: Pick<RemoteRead, "sourceReadId" | "plateNormalized" | "state" | "timestamp" | "candidates">,
  agencyIds: readonly number[],
): Promise<boolean> {
  if (agencyIds.length === 0 || !read.plateNormalized || isAbsurdReadTime(read.timestamp)) return false;
  const [row] = await db.$queryRaw<{ found: boolean }[]>`
    WITH r AS (
      SELECT ${read.plateNormalized}::text AS plate_normalized, ${read.state}::text AS state,
        ${candidatePlates(read)}::text AS candidates
    ),
    ${matchingPlatesCte("m", "r", "state", "candidates")}
    SELECT EXISTS (
      SELECT 1 FROM m
      ${joinActiveGroup("m")}
      WHERE g.agency_id = ANY(${[...agencyIds]}::int[])
        AND ${groupNotYetAlerted(source, Prisma.sql`${read.sourceReadId}`)}
    ) AS found`;
  return row?.found ?? false;
}
