import { Prisma, type PrismaClient } from "@odin/db";
import { isAbsurdReadTime } from "../sources/read-time";
import { normalizePlate } from "../sources/plate-pattern";
import {
  entryPreference,
  groupNotYetAlerted,
  joinActiveGroup,
  matchingPlatesCte,
  notifiedCte,
  onePerGroup,
} from "./alert-sql";

/**
 * A read Odin does not store (Rekor webhooks, Axon polls: those sources are searched remotely), as the
 * matcher needs it. Axis reads are matched in the statement that stores them (axis.batch-insert.ts).
 */
export interface RemoteRead {
  /** The source's id of the read (Rekor best_uuid, Axon read_id): with the plate, the alert's once-only key. */
  sourceReadId: string;
  plate: string;
  /** Upper case without spaces or dashes (normalizePlate). */
  plateNormalized: string;
  /** Two-letter state, or null when the source does not say. */
  state: string | null;
  /** Capture time. */
  timestamp: Date;
  camera: string | null;
  /** The agency that owns the camera, as the alert shows it. */
  agencyName: string | null;
  /** A stored picture (image-store path) or an image reference the alert image proxy can open. */
  imagePath: string | null;
  latitude: number | null;
  longitude: number | null;
  /**
   * The OCR candidates the source sent beside the best plate (OpenALPR `candidates`, best first, the
   * best plate itself usually among them), kept on the alert; lenient entries also match them.
   */
  candidates?: readonly OcrCandidate[];
}

/** One OCR reading of a plate as the vendor sent it, with its confidence (0-100 for OpenALPR). */
export interface OcrCandidate {
  plate: string;
  confidence: number | null;
}

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
 * them on commit. One statement whatever the number of reads; replays insert nothing (the group already
 * has an alert for the read, and ON CONFLICT on the alert's unique hotlist plate + source + read id
 * settles concurrent replays).
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
  const column = <T>(pick: (read: RemoteRead) => T) => matchable.map(pick);
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
    inserted AS (
      INSERT INTO alerts (group_id, hotlist_plate_id, source_program, source_read_id, plate, state, timestamp,
        camera, agency_name, reason, notes, date_added, image_path, latitude, longitude, match_rule,
        ocr_candidates)
      SELECT ${onePerGroup("m.source_read_id")} g.id, m.hotlist_plate_id, ${source}, m.source_read_id, m.plate,
        m.state, m.captured_at, m.camera, m.agency_name, m.reason, m.notes, m.date_added, m.image_path,
        m.latitude, m.longitude, m.match_rule, m.ocr_candidates
      FROM m
      ${joinActiveGroup("m")}
      WHERE g.agency_id = ANY(${[...agencyIds]}::int[])
        AND ${groupNotYetAlerted(source, Prisma.raw("m.source_read_id"))}
      ${entryPreference("m.source_read_id")}
      ON CONFLICT (hotlist_plate_id, source_program, source_read_id) DO NOTHING
      RETURNING id, group_id
    ),
    ${notifiedCte("inserted")}
    SELECT id, group_id FROM inserted
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
