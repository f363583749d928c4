import { Prisma, type PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "$queryRaw" | "$executeRaw">;

/** A JSON value of an audit row as an array (its elements), an empty one when it is not an array. */
const asArray = (value: Prisma.Sql) =>
  Prisma.sql`CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END`;

/** The active holds' cases' audit rows (audit_logs_case_number_idx). */
const HELD_CASE_ROWS = Prisma.sql`legal_holds h
  JOIN audit_logs l ON l.agency_id = h.agency_id AND l.query_parameters ->> 'case_number' = h.case_number`;

/** The (agency, plate) pairs active holds keep (heldByLegalHold). */
const HELD_PLATES = Prisma.sql`
      SELECT DISTINCT h.agency_id, p.plate FROM ${HELD_CASE_ROWS}
        CROSS JOIN LATERAL (
          SELECT l.plate
          UNION SELECT jsonb_array_elements_text(${asArray(Prisma.sql`l.query_parameters -> 'plates'`)})
        ) p(plate)
       WHERE h.released_at IS NULL AND p.plate IS NOT NULL`;

/** The stored reads active holds keep by id, exported under their case (heldByLegalHold). */
const HELD_DETECTION_IDS = Prisma.sql`
      SELECT DISTINCT substr(r.record ->> 'id', 6)::bigint FROM ${HELD_CASE_ROWS}
        CROSS JOIN LATERAL jsonb_array_elements(${asArray(Prisma.sql`l.query_parameters -> 'records'`)}) r(record)
       WHERE h.released_at IS NULL AND r.record ->> 'id' ~ '^axis-[0-9]{1,18}$'`;

/**
 * Issue 23 item 5: whether an active legal hold keeps a record, as a condition for the retention
 * purges. A case's records are found through its audit rows (audit_logs.query_parameters carries the
 * case number, indexed by audit_logs_case_number_idx): the reads an export under the case named
 * (`records[].id`, "axis-<detection id>"), and the reads and alerts of the plates searched or exported
 * under it, in the holding agency.
 *
 * The held (agency, plate) pairs and detection ids do not depend on the row being purged, so each is a
 * subquery PostgreSQL runs once per statement and hashes (a hashed SubPlan): a row then costs two hash
 * probes whatever the number of holds, where a correlated EXISTS re-read every held case's audit rows
 * for every expired row (bench/legal-holds.ts). NULLs are kept out of both sets and each test is
 * coalesced, so a row without a detection id is judged by its plate alone.
 *
 * `agency`, `plate` and `detection` are SQL expressions of the row being purged.
 */
export function heldByLegalHold(agency: Prisma.Sql, plate: Prisma.Sql, detection: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    coalesce((${agency}, ${plate}) IN (${HELD_PLATES}), false)
    OR coalesce(${detection} IN (${HELD_DETECTION_IDS}), false))`;
}

/**
 * Deletes one batch (oldest first) of the alerts past their agency's retention for their read's source
 * (else `retentionDays`) that no active legal hold keeps. Answers each deleted alert's image path and
 * whether the file may go: in `imageArea` (`<area>/%`) and shown by no remaining alert.
 */
export function deleteExpiredAlertBatch(
  db: Db,
  options: { now: Date; retentionDays: number; batchSize: number; imageArea: string },
) {
  const { now, retentionDays, batchSize, imageArea } = options;
  return db.$queryRaw<{ image_path: string | null; removable: boolean }[]>`
      WITH doomed AS (
        SELECT al.id, al.timestamp FROM alerts al
        JOIN hotlist_groups g ON g.id = al.group_id
        LEFT JOIN retention_policies rp
               ON rp.agency_id = g.agency_id AND rp.record = 'alerts' AND rp.source = al.source_program
        WHERE al.timestamp < ${now}::timestamptz
                             - make_interval(days => coalesce(rp.days, ${retentionDays}::int))
          AND NOT ${heldByLegalHold(
            Prisma.sql`g.agency_id`,
            Prisma.sql`upper(regexp_replace(al.plate, '[^A-Za-z0-9]', '', 'g'))`,
            Prisma.sql`al.axis_detection_id`,
          )}
        ORDER BY al.timestamp LIMIT ${batchSize}
      ), deleted AS (
        DELETE FROM alerts a USING doomed WHERE a.id = doomed.id AND a.timestamp = doomed.timestamp
        RETURNING a.image_path
      )
      SELECT d.image_path,
        d.image_path LIKE ${imageArea} AND NOT EXISTS (
          SELECT 1 FROM alerts o WHERE o.image_path = d.image_path AND o.id NOT IN (SELECT id FROM doomed)
        ) AS removable
      FROM deleted d`;
}

// Alert retention by partition (issue 21; jobs/alert-retention.ts and the SECURITY DEFINER functions of
// migration 20261201200000_alerts_partitioned, one family with those of detections since migration
// 20261207100000_one_partition_function_family; today's definitions in prisma/functions/).

/**
 * The longest alert retention in force: ALERT_RETENTION_DAYS and every agency's policy for alerts. A
 * month of alerts that ends before it holds only alerts past their own retention.
 */
export async function longestAlertRetentionDays(db: Db, defaultDays: number): Promise<number> {
  const [row] = await db.$queryRaw<{ days: number }[]>`
    SELECT greatest(${defaultDays}::int,
      (SELECT max(days) FROM retention_policies WHERE record = 'alerts'))::int AS days`;
  return row?.days ?? defaultDays;
}

/** The months of alerts (partitions with a range) that end by `end`, oldest first. */
export function alertPartitionsEndingBy(db: Db, end: Date) {
  return db.$queryRaw<{ name: string; starts_at: Date; ends_at: Date }[]>`
    SELECT name, starts_at, ends_at FROM odin_partitions('alerts') WHERE ends_at <= ${end}::timestamptz
    ORDER BY starts_at`;
}

/** How many alerts of reads in [start, end) an active legal hold keeps (heldByLegalHold). */
export async function heldAlertsBetween(db: Db, start: Date, end: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM alerts al JOIN hotlist_groups g ON g.id = al.group_id
    WHERE al.timestamp >= ${start}::timestamptz AND al.timestamp < ${end}::timestamptz
      AND ${heldByLegalHold(
        Prisma.sql`g.agency_id`,
        Prisma.sql`upper(regexp_replace(al.plate, '[^A-Za-z0-9]', '', 'g'))`,
        Prisma.sql`al.axis_detection_id`,
      )}`;
  return row?.n ?? 0;
}

/** Takes a month out of alerts with its alerts' deliveries and cooldown windows; answers the retired table. */
export async function retireAlertPartition(
  db: Db,
  name: string,
): Promise<{ retired: string; alerts: number }> {
  const [row] = await db.$queryRaw<{ retired: string; alerts: bigint }[]>`
    SELECT retired, alerts FROM odin_alert_partition_retire(${name})`;
  return { retired: row!.retired, alerts: Number(row!.alerts) };
}

/** Months retention took out of alerts and has not dropped yet (a run stopped in between). */
export async function retiredAlertPartitions(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`SELECT odin_retired_partitions('alerts') AS name`;
  return rows.map((row) => row.name);
}

/** The crops of a retired month's alerts that no alert in alerts shows. */
export async function retiredAlertPictures(db: Db, retired: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ image_path: string }[]>`
    SELECT image_path FROM odin_retired_alert_pictures(${retired})`;
  return rows.map((row) => row.image_path);
}

export async function dropRetiredAlertPartition(db: Db, retired: string): Promise<void> {
  await db.$executeRaw`SELECT odin_retired_partition_drop('alerts', ${retired})`;
}

/** The once-only ledger of remote reads (alert_reads) past `retentionDays`. */
export async function deleteExpiredAlertReads(db: Db, now: Date, retentionDays: number): Promise<void> {
  await db.$executeRaw`
        DELETE FROM alert_reads
        WHERE read_at < ${now}::timestamptz - make_interval(days => ${retentionDays}::int)`;
}

/**
 * Deletes one batch (oldest first) of the stored reads past their agency's retention (its policy for
 * the source, else agencies.retention_days, else `retentionDays`), except those an alert points at or
 * an active legal hold keeps. Answers their picture paths.
 */
export function deleteExpiredDetectionBatch(
  db: Db,
  options: { now: Date; retentionDays: number; batchSize: number },
) {
  const { now, retentionDays, batchSize } = options;
  return db.$queryRaw<{ image_path: string | null; plate_image_path: string | null }[]>`
      DELETE FROM detections WHERE id IN (
        SELECT d.id FROM detections d JOIN agencies a ON a.id = d.agency_id
        LEFT JOIN retention_policies rp
               ON rp.agency_id = d.agency_id AND rp.record = 'reads' AND rp.source = d.source_program
        WHERE d.timestamp < ${now}::timestamptz
                             - make_interval(days => coalesce(rp.days, a.retention_days, ${retentionDays}::int))
          AND NOT EXISTS (SELECT 1 FROM alerts al WHERE al.axis_detection_id = d.id)
          AND NOT ${heldByLegalHold(Prisma.sql`d.agency_id`, Prisma.sql`d.plate_normalized`, Prisma.sql`d.id`)}
        ORDER BY d.timestamp LIMIT ${batchSize}
      )
      RETURNING image_path, plate_image_path`;
}

// Retention by partition (issue 21; jobs/detection-partitions.ts and the SECURITY DEFINER functions of
// migration 20261130100000_detections_partitioned, one family with those of audit_logs and alerts since
// migration 20261207100000_one_partition_function_family; today's definitions in prisma/functions/).

/** odin_partitions_ahead: this period's partition and `ahead` more, where none covers them yet. */
export async function createPartitionsAhead(db: Db, unit: "month" | "day", ahead: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT odin_partitions_ahead('detections', ${unit}, ${ahead}::int) AS name`;
  return rows.map((row) => row.name);
}

/**
 * The longest read retention in force: the default, every agency's own, every agency's policy for reads.
 * A partition older than this holds only reads past their own agency's retention.
 */
export async function longestReadRetentionDays(db: Db, defaultDays: number): Promise<number> {
  const [row] = await db.$queryRaw<{ days: number }[]>`
    SELECT greatest(${defaultDays}::int,
                    (SELECT max(retention_days) FROM agencies),
                    (SELECT max(days) FROM retention_policies WHERE record = 'reads'))::int AS days`;
  return row?.days ?? defaultDays;
}

export interface DetectionPartition {
  name: string;
  starts_at: Date;
  ends_at: Date;
}

/** The partitions of detections that end at or before `cutoff`, oldest first (never the default one). */
export function partitionsEndingBy(db: Db, cutoff: Date) {
  return db.$queryRaw<DetectionPartition[]>`
    SELECT name, starts_at, ends_at FROM odin_partitions('detections')
    WHERE ends_at <= ${cutoff} ORDER BY starts_at`;
}

/**
 * The reads of [startsAt, endsAt) that must outlive their retention: those an alert points at (an Axis
 * alert carries its read's time, insertAxisReads), and those an active legal hold keeps (its plates in
 * its agency, the reads exported under its case). Found from the few rows that keep them, each an index
 * probe of the range's partition, never a scan of it.
 */
export async function keptReadIds(db: Db, startsAt: Date, endsAt: Date): Promise<bigint[]> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT d.id FROM alerts al
      JOIN detections d ON d.id = al.axis_detection_id
                       AND d.timestamp >= ${startsAt} AND d.timestamp < ${endsAt}
     WHERE al.axis_detection_id IS NOT NULL
       AND al.timestamp >= ${startsAt}::timestamptz - interval '1 day'
       AND al.timestamp < ${endsAt}::timestamptz + interval '1 day'
    UNION
    SELECT d.id FROM (${HELD_PLATES}) held(agency_id, plate)
      JOIN detections d ON d.plate_normalized = held.plate AND d.agency_id = held.agency_id
                       AND d.timestamp >= ${startsAt} AND d.timestamp < ${endsAt}
    UNION
    SELECT d.id FROM (${HELD_DETECTION_IDS}) held(id)
      JOIN detections d ON d.id = held.id AND d.timestamp >= ${startsAt} AND d.timestamp < ${endsAt}`;
  return rows.map((row) => row.id);
}

/**
 * Whether [startsAt, endsAt) holds more reads than the `kept` ones (which are all of that range): a
 * partition holding only kept reads (swapped once already) is left alone rather than copied again at
 * every run. Counts at most `kept + 1` reads of the range (its partition's time index).
 */
export async function hasReadsBesides(db: Db, startsAt: Date, endsAt: Date, kept: number): Promise<boolean> {
  const [row] = await db.$queryRaw<{ more: boolean }[]>`
    SELECT count(*) > ${kept}::int AS more FROM (
      SELECT 1 FROM detections d WHERE d.timestamp >= ${startsAt} AND d.timestamp < ${endsAt}
      LIMIT ${kept + 1}::int) r`;
  return row?.more ?? false;
}

/** Copies the reads to keep of `partition` into its replacement, without a lock on detections. */
export async function stagePartition(db: Db, partition: string, keep: bigint[]): Promise<void> {
  await db.$executeRaw`SELECT odin_detection_partition_stage(${partition}, ${keep}::bigint[])`;
}

/**
 * Takes `partition` out of detections in one short transaction. With kept reads (`keeps`, staged by
 * stagePartition) its replacement takes its place; `late` and `released` are the reads that began and
 * stopped being kept since the staging, the only ones the transaction copies or strikes (the kept
 * reads are not sent again: at 10 M reads a day, 1% kept, sending them held the lock 130-165 ms).
 * Answers the retired table's name.
 */
export async function retirePartition(
  db: Db,
  partition: string,
  changes: { keeps: boolean; late: bigint[]; released: bigint[] },
): Promise<string> {
  const [row] = await db.$queryRaw<{ name: string }[]>`
    SELECT odin_detection_partition_retire(${partition}, ${changes.keeps}, ${changes.late}::bigint[],
      ${changes.released}::bigint[]) AS name`;
  return row!.name;
}

/** Retired tables not yet dropped (a run stopped between the detach and the drop). */
export async function retiredPartitions(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`SELECT odin_retired_partitions('detections') AS name`;
  return rows.map((row) => row.name);
}

/** Removes from a retired table the reads kept in detections; answers how many reads are left to go. */
export async function forgetKeptReads(db: Db, retired: string): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT odin_retired_detection_partition_forget_kept(${retired}) AS n`;
  return Number(row?.n ?? 0);
}

/** A retired table's reads with a picture, `limit` after `afterId` (after forgetKeptReads: none is kept). */
export function retiredReadPictures(db: Db, retired: string, afterId: bigint, limit: number) {
  return db.$queryRaw<{ id: bigint; image_path: string | null; plate_image_path: string | null }[]>`
    SELECT id, image_path, plate_image_path
    FROM odin_retired_detection_pictures(${retired}, ${afterId}::bigint, ${limit}::int)`;
}

export async function dropRetiredPartition(db: Db, retired: string): Promise<void> {
  await db.$executeRaw`SELECT odin_retired_partition_drop('detections', ${retired})`;
}

/** Expired rows are kept this long after expiry, for support questions ("why was I signed out?"). */
const KEEP_AFTER_EXPIRY = "1 day";

/**
 * Removes the rows that can no longer be used (see expired-rows-purge.ts), in one transaction.
 * Answers the rows removed per table.
 */
export async function deleteExpiredRows(prisma: PrismaClient): Promise<Record<string, number>> {
  const [artifacts, sessions, resets, setup, rateLimits] = await prisma.$transaction([
    prisma.$executeRaw`
      DELETE FROM oidc_artifacts WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`
      DELETE FROM sessions WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`
      DELETE FROM password_reset_tokens WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`
      DELETE FROM setup_tokens WHERE expires_at < now() - ${KEEP_AFTER_EXPIRY}::interval`,
    prisma.$executeRaw`DELETE FROM rate_limit_counters WHERE window_ends_at < now()`,
  ]);
  return { artifacts, sessions, resets, setup, rateLimits };
}
