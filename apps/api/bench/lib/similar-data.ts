/**
 * The data the Similar bench (issue 19) searches and matches, shared with its EXPLAIN script
 * (bench/similar-explain.ts): Connecticut-like plates, misreads in the five classes, the bulk
 * load of Axis reads with their distinct plates and skeleton variants, and a hotlist half lenient.
 */
import { createHash } from "node:crypto";
import { Prisma, type PrismaClient } from "@odin/db";

export const DAY = 86_400_000;
export const HISTORY_DAYS = 90;
const BATCH = 50_000;

const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const DIGITS = "0123456789";
const CONFUSABLE: Record<string, string> = {
  "0": "O",
  O: "0",
  D: "0",
  Q: "O",
  "1": "I",
  I: "1",
  L: "1",
  "2": "Z",
  Z: "2",
  "5": "S",
  S: "5",
  "6": "G",
  G: "6",
  "8": "B",
  B: "8",
};
export const CLASSES = [
  "one confusable",
  "two confusables",
  "confusable + edit",
  "one dropped",
  "two edits",
] as const;
export type MisreadClass = (typeof CLASSES)[number];

export function makePlate(rand: () => number): string {
  const pick = (from: string) => from[Math.floor(rand() * from.length)]!;
  const run = (from: string, n: number) => Array.from({ length: n }, () => pick(from)).join("");
  // Connecticut-like shapes: AB12345, 1AB234, ABC1234.
  const shape = rand();
  if (shape < 0.4) return pick(LETTERS) + pick(LETTERS) + run(DIGITS, 5);
  if (shape < 0.7) return pick(DIGITS) + pick(LETTERS) + pick(LETTERS) + run(DIGITS, 3);
  return run(LETTERS, 3) + run(DIGITS, 4);
}

/** A misread of `plate` in the class, or null when the plate offers no way to make it. */
export function misread(plate: string, kind: MisreadClass, rand: () => number): string | null {
  const chars = [...plate];
  const confusable = chars.flatMap((c, i) => (CONFUSABLE[c] ? [i] : []));
  const at = (n: number) => Math.floor(rand() * n);
  const confuse = (count: number) => {
    if (confusable.length < count) return false;
    const picked = [...confusable].sort(() => rand() - 0.5).slice(0, count);
    for (const i of picked) chars[i] = CONFUSABLE[chars[i]!]!;
    return true;
  };
  const substitute = () => {
    const i = at(chars.length);
    const pool = /\d/.test(chars[i]!) ? "3479" : "AHKMNPRTUVWXY";
    chars[i] = pool[at(pool.length)]!;
  };
  switch (kind) {
    case "one confusable":
      return confuse(1) ? chars.join("") : null;
    case "two confusables":
      return confuse(2) ? chars.join("") : null;
    case "confusable + edit":
      if (!confuse(1)) return null;
      substitute();
      return chars.join("");
    case "one dropped":
      // At the plate's edge, where readers lose characters.
      return rand() < 0.5 ? plate.slice(1) : plate.slice(0, -1);
    case "two edits": {
      substitute();
      if (rand() < 0.5) substitute();
      else chars.splice(at(chars.length), 1);
      return chars.join("");
    }
  }
}

/** The hotlist's plate g, as the seeding SQL makes it: "B" + 6 hex digits of md5(g). */
export const hotlistPlate = (g: number) =>
  `B${createHash("md5").update(String(g)).digest("hex").slice(0, 6).toUpperCase()}`;

/**
 * `rows` Axis reads over HISTORY_DAYS up to `now`, drawn from a pool of 0.4 × rows plates (skewed, so
 * some plates are read often), spread over the integrations; then the distinct plates and their
 * symmetric-delete variants, backfilled by the migration's own SQL, and ANALYZE.
 */
export async function loadReads(
  prisma: PrismaClient,
  integrations: { id: number; axisAgency: { agencyId: number } }[],
  rows: number,
  rand: () => number,
  now: number,
): Promise<{ distinct: number; variants: number }> {
  const pool = Array.from({ length: Math.max(100, Math.round(rows * 0.4)) }, () => makePlate(rand));
  for (let start = 0; start < rows; start += BATCH) {
    const count = Math.min(BATCH, rows - start);
    const plates: string[] = [];
    const times: string[] = [];
    const ints: number[] = [];
    const agencies: number[] = [];
    for (let i = 0; i < count; i++) {
      const integration = integrations[Math.floor(rand() * integrations.length)]!;
      plates.push(pool[Math.floor(pool.length * rand() ** 1.5)]!);
      times.push(new Date(now - rand() * HISTORY_DAYS * DAY).toISOString());
      ints.push(integration.id);
      agencies.push(integration.axisAgency.agencyId);
    }
    await prisma.$executeRaw(Prisma.sql`
      INSERT INTO detections (plate, plate_normalized, agency_id, axis_integration_id, timestamp, vendor_event_id)
      SELECT t.p, t.p, t.a, t.i, t.ts, 'bench-' || (${start}::int + t.n)
      FROM unnest(${plates}::text[], ${agencies}::int[], ${ints}::int[], ${times}::timestamptz[])
        WITH ORDINALITY AS t(p, a, i, ts, n)`);
  }
  await prisma.$executeRawUnsafe(`
    INSERT INTO distinct_plates (plate_normalized, skeleton, first_seen, last_seen, axis_reads)
    SELECT plate_normalized, odin_plate_skeleton(plate_normalized), min(timestamp), max(timestamp), count(*)::int
    FROM detections GROUP BY plate_normalized`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO skeleton_variants (variant, skeleton)
    SELECT DISTINCT v, s.skeleton FROM (SELECT DISTINCT skeleton FROM distinct_plates) s,
      odin_skeleton_variants(s.skeleton) v`);
  await prisma.$executeRawUnsafe("ANALYZE");
  return {
    distinct: await prisma.distinctPlate.count(),
    variants: await prisma.skeletonVariant.count(),
  };
}

/**
 * `count` hotlist plates (hotlistPlate(g)) in 100 groups "Bench lenient 1…100" of the agency, even g
 * lenient, odd g exact. Returns the first group's id.
 */
export async function seedLenientHotlist(
  prisma: PrismaClient,
  agencyId: number,
  count: number,
): Promise<number> {
  await prisma.$executeRawUnsafe(`
    INSERT INTO hotlist_groups (agency_id, name, updated_at)
    SELECT ${agencyId}, 'Bench lenient ' || g, now() FROM generate_series(1, 100) g`);
  const first = (await prisma.hotlistGroup.findFirstOrThrow({ where: { name: "Bench lenient 1" } })).id;
  await prisma.$executeRawUnsafe(`
    INSERT INTO hotlist_plates (group_id, plate_number, plate_normalized, plate_skeleton, match_strategy, reason)
    SELECT ${first} + g % 100, p, p, odin_plate_skeleton(p), CASE WHEN g % 2 = 0 THEN 'lenient' ELSE 'exact' END,
      'Bench: stolen vehicle'
    FROM (SELECT g, 'B' || upper(substr(md5(g::text), 1, 6)) AS p FROM generate_series(0, ${count - 1}) g) s
    ON CONFLICT DO NOTHING`);
  await prisma.$executeRawUnsafe("ANALYZE hotlist_plates");
  return first;
}
