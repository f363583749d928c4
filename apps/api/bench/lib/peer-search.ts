/**
 * ALPR-Database's fuzzy search ported to Odin's `detections` (issue 19), for the benches that compare
 * Similar with it (similar.ts, similar-load.ts): its filter alone as one index-friendly statement, and
 * its search as it runs (count + first page, with the peer's own tables beside the reads).
 */
import { Prisma, type PrismaClient } from "@odin/db";

/**
 * ALPR-Database's own tables beside `detections` (its schema: `plates` kept by a trigger on every read,
 * `known_plates`, `plate_tags`, `tags`), for its search page's joins.
 */
export async function createPeerTables(prisma: PrismaClient): Promise<void> {
  for (const statement of [
    `CREATE TABLE peer_plates (plate_number text PRIMARY KEY, occurrence_count integer NOT NULL DEFAULT 0,
       flagged boolean NOT NULL DEFAULT false)`,
    `INSERT INTO peer_plates (plate_number, occurrence_count) SELECT plate, count(*) FROM detections GROUP BY plate`,
    "CREATE TABLE peer_known_plates (plate_number text PRIMARY KEY, name text, notes text)",
    "CREATE TABLE peer_tags (id serial PRIMARY KEY, name text NOT NULL, color text)",
    "CREATE TABLE peer_plate_tags (plate_number text NOT NULL, tag_id integer NOT NULL REFERENCES peer_tags (id))",
    "ANALYZE peer_plates",
  ])
    await prisma.$executeRawUnsafe(statement);
}

/**
 * The peer's filter alone (fuzzystrmatch: `plate ILIKE '%q%' OR levenshtein(plate, q) <=
 * GREATEST(2, CEIL(length(q) * 0.25))`) over the range, as one statement on Odin's time index: the
 * distinct plates it finds.
 */
export function peerFilter(prisma: PrismaClient, q: string, start: Date, end: Date) {
  return prisma.$queryRaw<{ plate: string }[]>(Prisma.sql`
    SELECT DISTINCT plate_normalized AS plate FROM detections
    WHERE timestamp >= ${start} AND timestamp <= ${end}
      AND (plate_normalized ILIKE ${`%${q}%`}
        OR levenshtein(plate_normalized, ${q}) <= GREATEST(2, CEIL(length(${q}) * 0.25)))`);
}

/**
 * The same search as ALPR-Database runs it (lib/db.js getPlateReads, fuzzySearch with a date range,
 * first page of 25): its count query, then its page, each with its WHERE as written. The peer's
 * `timestamp::date BETWEEN` cannot use an index or prune partitions, and its page joins `plates`,
 * `known_plates`, `plate_tags` and `tags` (here peer_*, made by createPeerTables: the plates built from
 * the reads as its trigger keeps them, the others empty). pr.plate_number is Odin's plate as read.
 * Answers the first page's plates.
 */
export async function peerAsRun(prisma: PrismaClient, q: string, start: Date, end: Date) {
  const fromDay = start.toISOString().slice(0, 10);
  const toDay = end.toISOString().slice(0, 10);
  const peerWhere = `WHERE (pr.plate ILIKE $1
      OR REPLACE(REPLACE(UPPER(pr.plate), ' ', ''), '*', '') LIKE $2
      OR LEVENSHTEIN(REPLACE(REPLACE(UPPER(pr.plate), ' ', ''), '*', ''), $3::text)
        <= GREATEST(2, CEIL(LENGTH($3::text) * 0.25)))
    AND pr.timestamp::date BETWEEN $4::date AND $5::date`;
  const normalized = q.replace(/[^a-zA-Z0-9]/g, "").toUpperCase();
  const values = [`%${q}%`, `%${normalized}%`, normalized, fromDay, toDay];
  await prisma.$queryRawUnsafe(`SELECT COUNT(DISTINCT pr.id) FROM detections pr ${peerWhere}`, ...values);
  return prisma.$queryRawUnsafe<{ plate: string }[]>(
    `SELECT pr.id, pr.plate AS plate, pr.image_path AS image_data, pr.image_path, NULL AS bi_path,
       pr.plate_image_path AS thumbnail_path, pr.timestamp, pr.camera_name, p.occurrence_count,
       ARRAY[pr.plate_x1, pr.plate_y1, pr.plate_x3, pr.plate_y3] AS crop_coordinates, pr.confidence,
       false AS validated, kp.name AS known_name, kp.notes,
       array_agg(DISTINCT jsonb_build_object('name', t.name, 'color', t.color))
         FILTER (WHERE t.name IS NOT NULL) AS tags,
       p.flagged
     FROM detections pr
     JOIN peer_plates p ON pr.plate = p.plate_number
     LEFT JOIN peer_known_plates kp ON pr.plate = kp.plate_number
     LEFT JOIN peer_plate_tags pt ON pr.plate = pt.plate_number
     LEFT JOIN peer_tags t ON pt.tag_id = t.id
     ${peerWhere}
     GROUP BY pr.id, pr.plate, pr.image_path, pr.plate_image_path, pr.timestamp, pr.camera_name,
       pr.plate_x1, pr.plate_y1, pr.plate_x3, pr.plate_y3, p.occurrence_count, p.flagged,
       kp.name, kp.notes, pr.confidence
     ORDER BY pr.timestamp DESC
     LIMIT 25 OFFSET 0`,
    ...values,
  );
}
