/**
 * The Axis store the benches share (bench/axis-store.ts, bench/investigations.ts): the demo's five Axis
 * integrations holding `rows` reads over 90 days, generated server-side and deterministic (the same
 * store every time). See fillStore.
 */
import { BODY_TYPES, VEHICLE_COLORS, VEHICLE_MAKES } from "@odin/contract";
import type { PrismaClient } from "@odin/db";
import { log, printTable, round, seconds } from "./harness";

const DAY = 86_400_000;
export const HISTORY_DAYS = 90;
/**
 * How often a vehicle comes back: 10% of reads are 500 daily commuters and fleet vehicles (about 200
 * reads each in 90 days), 35% are 20,000 regulars (about 17 each), 55% are 500,000 occasional
 * vehicles (about one read each). About 390,000 distinct plates in all.
 */
export const TIERS = [
  { share: 0.1, vehicles: 500 },
  { share: 0.35, vehicles: 20_000 },
  { share: 0.55, vehicles: 500_000 },
] as const;
export const POOL = TIERS.reduce((sum, tier) => sum + tier.vehicles, 0);

/** Share of the reads per integration: the state highway cameras are the busiest. */
export const INTEGRATION_WEIGHTS: Record<string, number> = {
  "csp-h-lpv-01": 0.3,
  "csp-h-lpv-02": 0.25,
  "hfd-lpv-01": 0.15,
  "hfd-lpv-02": 0.15,
  "nhv-lpv-01": 0.15,
};

/** Connecticut-heavy, as on Connecticut roads (the simulators use about 55% CT too). */
const STATES: [string, number][] = [
  ["CT", 0.55],
  ["NY", 0.12],
  ["MA", 0.1],
  ["RI", 0.06],
  ["NJ", 0.05],
  ["NH", 0.03],
  ["PA", 0.03],
  ["VT", 0.02],
  ["ME", 0.02],
  ["FL", 0.01],
  ["VA", 0.01],
  ["NC", 0.01],
];

/** Common makes, colours and body types come up more often (each listed `weight` times). */
const COMMON_MAKES: Record<string, number> = {
  Toyota: 14,
  Honda: 12,
  Ford: 12,
  Chevrolet: 10,
  Nissan: 8,
  Hyundai: 6,
  Jeep: 6,
  Subaru: 5,
  Kia: 5,
  Ram: 4,
  GMC: 4,
  Volkswagen: 4,
  BMW: 3,
  "Mercedes-Benz": 3,
  Mazda: 3,
  Tesla: 2,
  Dodge: 3,
  Lexus: 2,
  Audi: 2,
};
// Axis cameras report eight colours (the others are Rekor-only) and six vehicle types.
const COLOR_WEIGHTS: Record<string, number> = {
  White: 24,
  Black: 22,
  "Silver/Gray": 30,
  Blue: 9,
  Red: 9,
  Brown: 2,
  Green: 2,
  Yellow: 2,
};
const AXIS_BODY_WEIGHTS: Record<string, number> = {
  "sedan-standard": 45,
  SUV: 35,
  "truck-standard": 12,
  "van-full": 5,
  "tractor-trailer": 2,
  Motorcycle: 1,
};

function weighted(values: readonly string[], weights: Record<string, number>): string[] {
  return values.flatMap((value) => Array<string>(weights[value] ?? 1).fill(value));
}

/**
 * Fills `detections` server-side with INSERT … SELECT generate_series: deterministic pseudo-random
 * values from hashint8extended (the same store every time), the secondary indexes dropped first and
 * rebuilt afterwards from their own definitions (faster than maintaining them row by row; the end
 * state is the migrated schema's), then VACUUM ANALYZE (what autovacuum does after such an insert).
 */
export async function fillStore(
  session: PrismaClient,
  now: number,
  {
    rows: ROWS,
    plateStatistics: PLATE_STATISTICS,
    from = 0,
    vehicleScale = 1,
    vehicleOffset = 0,
  }: {
    rows: number;
    plateStatistics?: number | undefined;
    /** Reads already in the store from an earlier call: these rows are numbered after them. */
    from?: number;
    /** The vehicle pool (TIERS) multiplied by this, so reads per vehicle stay the same as rows grow. */
    vehicleScale?: number;
    /** The first vehicle number of this call's pool (past an earlier call's, for plates of their own). */
    vehicleOffset?: number;
  },
) {
  const client = sqlOn(session);
  const t0 = performance.now();
  const tiers = TIERS.map((tier) => ({
    share: tier.share,
    vehicles: Math.round(tier.vehicles * vehicleScale),
  }));
  const pool = tiers.reduce((sum, tier) => sum + tier.vehicles, 0);
  await client.execute("DROP TABLE IF EXISTS bench_integrations, bench_vehicles");
  await client.execute("SET maintenance_work_mem = '512MB'");
  await client.execute("SET synchronous_commit = off");
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'detections' AND indexname <> 'detections_pkey'`,
  );
  for (const index of indexes.rows) await client.execute(`DROP INDEX "${index.indexname}"`);
  // distinct_plates as ingest keeps it (the partial search reads it, issue 21): its secondary indexes
  // dropped and rebuilt like the reads'.
  const plateIndexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'distinct_plates' AND indexname <> 'distinct_plates_pkey'`,
  );
  for (const index of plateIndexes.rows) await client.execute(`DROP INDEX "${index.indexname}"`);
  const [{ before }] = (
    await client.query<{ before: string }>("SELECT coalesce(max(id), 0)::text AS before FROM detections")
  ).rows as [{ before: string }];

  // u(g, k): a uniform [0, 1) value for row g in stream k, the same at every call.
  await client.execute(`
    CREATE FUNCTION bench_u(g bigint, k bigint) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT (hashint8extended(g, k) & 9007199254740991)::float8 / 9007199254740992 $$`);

  const integrations = await client.query<{
    id: number;
    identifier: string;
    label: string | null;
    latitude: number | null;
    longitude: number | null;
    agency_id: number;
  }>(
    `SELECT i.id, i.identifier, i.label, i.latitude, i.longitude, a.agency_id
     FROM axis_integrations i JOIN axis_agencies a ON a.id = i.axis_agency_id ORDER BY i.identifier`,
  );
  let cumulative = 0;
  const bounds = integrations.rows.map((row) => {
    const weight = INTEGRATION_WEIGHTS[row.identifier] ?? 0.1;
    const lo = cumulative;
    cumulative += weight;
    return { ...row, lo, hi: cumulative };
  });
  bounds[bounds.length - 1]!.hi = 1.0001;
  await client.execute(
    `CREATE TEMP TABLE bench_integrations AS
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::int[], $7::float8[], $8::float8[])
       AS t(id, identifier, label, latitude, longitude, agency_id, lo, hi)`,
    [
      bounds.map((b) => b.id),
      bounds.map((b) => b.identifier),
      bounds.map((b) => b.label),
      bounds.map((b) => b.latitude),
      bounds.map((b) => b.longitude),
      bounds.map((b) => b.agency_id),
      bounds.map((b) => b.lo),
      bounds.map((b) => b.hi),
    ],
  );

  const makes = weighted(VEHICLE_MAKES, COMMON_MAKES);
  const colors = weighted(
    VEHICLE_COLORS.filter((color) => !color.rekorOnly).map((color) => color.name),
    COLOR_WEIGHTS,
  );
  const bodies = weighted(
    BODY_TYPES.map((body) => body.value).filter((value) => value in AXIS_BODY_WEIGHTS),
    AXIS_BODY_WEIGHTS,
  );
  let stateCase = "CASE";
  let upTo = 0;
  for (const [state, share] of STATES) {
    upTo += share;
    stateCase += ` WHEN bench_u(g, 101) < ${upTo.toFixed(4)} THEN '${state}'`;
  }
  stateCase += " ELSE 'CT' END";
  // Letters as on plates (no I, O, Q); l(n) is the n-th random letter of vehicle g.
  const letters = "ABCDEFGHJKLMNPRSTUVWXYZ";
  const l = (n: number) =>
    `substr('${letters}', 1 + floor(bench_u(g, ${110 + n}) * ${letters.length})::int, 1)`;
  const d = (n: number) => `lpad(floor(bench_u(g, 120) * ${10 ** n})::int::text, ${n}, '0')`;
  const fmt = "bench_u(g, 102)";
  await client.execute(
    `CREATE TEMP TABLE bench_vehicles AS
     SELECT g AS id,
       CASE
         WHEN state = 'CT' AND ${fmt} < 0.60 THEN ${l(1)} || ${l(2)} || ${d(5)}
         WHEN state = 'CT' AND ${fmt} < 0.85 THEN ${d(1)} || ${l(1)} || ${l(2)} || ${l(3)} || substr(${d(3)}, 2)
         WHEN state IN ('CT', 'NY', 'PA') THEN ${l(1)} || ${l(2)} || ${l(3)} || ${d(4)}
         WHEN state = 'MA' THEN ${d(1)} || ${l(1)} || ${l(2)} || ${l(3)} || substr(${d(3)}, 2)
         WHEN state = 'NJ' THEN ${l(1)} || ${d(2)} || ${l(2)} || ${l(3)} || ${l(4)}
         WHEN ${fmt} < 0.5 THEN ${l(1)} || ${l(2)} || substr(${d(5)}, 1, 3 + floor(${fmt} * 4)::int)
         ELSE ${l(1)} || ${l(2)} || ${l(3)} || substr(${d(5)}, 1, 3 + floor((${fmt} - 0.5) * 6)::int)
       END AS plate,
       state,
       ($1::text[])[1 + floor(bench_u(g, 103) * ${makes.length})::int] AS make,
       ($2::text[])[1 + floor(bench_u(g, 104) * ${colors.length})::int] AS color,
       ($3::text[])[1 + floor(bench_u(g, 105) * ${bodies.length})::int] AS body
     FROM (SELECT g, ${stateCase} AS state FROM generate_series(${vehicleOffset}, ${vehicleOffset + pool - 1}) g) v`,
    [makes, colors, bodies],
  );
  await client.execute("CREATE UNIQUE INDEX ON bench_vehicles (id)");
  await client.execute("ANALYZE bench_vehicles");
  const vehiclesMs = performance.now() - t0;

  const [tier1, tier2, tier3] = tiers as [(typeof tiers)[0], (typeof tiers)[0], (typeof tiers)[0]];
  const t1 = performance.now();
  const inserted = await client.execute(
    `INSERT INTO detections (source_program, plate, plate_normalized, plate_state, make, color, body_type,
       camera_name, agency_id, axis_integration_id, timestamp, latitude, longitude, image_path, plate_image_path,
       plate_x1, plate_x2, plate_x3, plate_x4, plate_y1, plate_y2, plate_y3, plate_y4, confidence, direction,
       raw, vendor_event_id, received_at)
     SELECT 'Axis', v.plate, v.plate, v.state, v.make, v.color, v.body, i.label, i.agency_id, i.id, r.ts,
       i.latitude, i.longitude,
       'axis/' || i.id || '/' || to_char(r.ts AT TIME ZONE 'UTC', 'YYYY/MM/DD') || '/' || md5(r.g::text)::uuid || '.jpg',
       'axis/' || i.id || '/' || to_char(r.ts AT TIME ZONE 'UTC', 'YYYY/MM/DD') || '/' || md5(r.g::text)::uuid || '-plate.jpg',
       r.x, r.x + r.w, r.x + r.w, r.x, r.y, r.y, r.y + r.h, r.y + r.h, r.confidence, r.direction,
       jsonb_build_object(
         'packetCounter', (r.g * 3 + 1)::text,
         'capture_timestamp', r.epoch_ms::text,
         'datetime', to_char(r.ts AT TIME ZONE 'America/New_York', 'YYYYMMDD HH24MISSMS'),
         'plateText', v.plate, 'plateUTF8', v.plate, 'plateASCII', v.plate,
         'plateCountry', 'USA', 'plateRegion', v.state,
         'plateConfidence', to_char(r.confidence, 'FM0.000000'),
         'carState', 'new', 'carID', r.g::text,
         'geotag', jsonb_build_object('lat', i.latitude, 'lon', i.longitude),
         'carMoveDirection', r.direction,
         'plateCoordinates', jsonb_build_array(r.x, r.y, r.w, r.h),
         'imagesURI', jsonb_build_array('/local/fflprapp/tools.cgi?action=getImage&name=' || r.g || '_' || r.epoch_ms || '.jpg'),
         'plateList', '', 'sensorProviderID', i.identifier, 'timeProcessing', (40 + r.g % 140)::text,
         'camera_info', jsonb_build_object('SerialNumber', 'B8A44F' || lpad(i.id::text, 6, '0'),
           'ProdShortName', 'AXIS P1465-LE-3', 'MACAddress', 'B8:A4:4F:00:00:' || lpad(i.id::text, 2, '0')),
         'vehicle_info', jsonb_build_object('type', v.body, 'view', CASE WHEN r.direction = 'in' THEN 'front' ELSE 'rear' END,
           'brand', v.make, 'color', lower(v.color), 'model', '')
       ),
       'B8A44F' || lpad(i.id::text, 6, '0') || ':' || r.g || ':' || r.epoch_ms,
       r.ts + make_interval(secs => 0.2 + bench_u(r.g, 9) * 2)
     FROM (
       SELECT g, ts, floor(extract(epoch FROM ts) * 1000)::bigint AS epoch_ms,
         CASE
           WHEN bench_u(g, 2) < ${tier1.share} THEN ${vehicleOffset} + floor(bench_u(g, 3) * ${tier1.vehicles})
           WHEN bench_u(g, 2) < ${tier1.share + tier2.share} THEN ${vehicleOffset + tier1.vehicles} + floor(bench_u(g, 3) * ${tier2.vehicles})
           ELSE ${vehicleOffset + tier1.vehicles + tier2.vehicles} + floor(bench_u(g, 3) * ${tier3.vehicles})
         END::int AS vehicle,
         bench_u(g, 4) AS integration,
         round((0.72 + bench_u(g, 5) * 0.279)::numeric, 6)::float8 AS confidence,
         CASE WHEN bench_u(g, 6) < 0.5 THEN 'in' ELSE 'out' END AS direction,
         500 + floor(bench_u(g, 7) * 700)::int AS x, 600 + floor(bench_u(g, 8) * 300)::int AS y,
         180 + floor(bench_u(g, 10) * 60)::int AS w, 90 + floor(bench_u(g, 11) * 30)::int AS h
       FROM (
         SELECT g, to_timestamp(($1::float8 - bench_u(g, 1) * ${HISTORY_DAYS * DAY}) / 1000)::timestamptz(3) AS ts
         FROM generate_series(${from + 1}, ${from + ROWS}) g
       ) t
     ) r
     JOIN bench_vehicles v ON v.id = r.vehicle
     JOIN bench_integrations i ON r.integration >= i.lo AND r.integration < i.hi`,
    [now],
  );
  if (inserted !== ROWS) throw new Error(`inserted ${inserted} reads, expected ${ROWS}`);
  const insertMs = performance.now() - t1;
  log(`${ROWS.toLocaleString("en-US")} reads inserted in ${seconds(insertMs)}`);

  // The plates of the new reads, counted and with first/last seen, as Axis ingest records them in the
  // statement that stores a read (sources/distinct-plates.repository.ts); not the Similar skeleton
  // neighbourhood (skeleton_variants), which bench/similar.ts builds for its own store.
  const tp = performance.now();
  const plates = await client.execute(
    `INSERT INTO distinct_plates AS p (plate_normalized, skeleton, first_seen, last_seen, axis_reads)
     SELECT plate_normalized, odin_plate_skeleton(plate_normalized), min(timestamp), max(timestamp), count(*)::int
     FROM detections WHERE id > $1::bigint GROUP BY plate_normalized
     ON CONFLICT (plate_normalized) DO UPDATE SET
       first_seen = LEAST(p.first_seen, EXCLUDED.first_seen),
       last_seen = GREATEST(p.last_seen, EXCLUDED.last_seen),
       axis_reads = p.axis_reads + EXCLUDED.axis_reads`,
    [before],
  );
  log(`${plates.toLocaleString("en-US")} distinct plates recorded in ${seconds(performance.now() - tp)}`);

  const t2 = performance.now();
  // pg_indexes prints the partitioned parent's indexes ON ONLY (the parent alone): built on every partition.
  for (const index of indexes.rows) await client.execute(index.indexdef.replace(" ON ONLY ", " ON "));
  for (const index of plateIndexes.rows) await client.execute(index.indexdef);
  const indexMs = performance.now() - t2;
  log(`${indexes.rows.length} indexes rebuilt in ${seconds(indexMs)}`);
  const t3 = performance.now();
  if (PLATE_STATISTICS !== undefined) {
    await client.execute(
      `ALTER TABLE detections ALTER COLUMN plate_normalized SET STATISTICS ${PLATE_STATISTICS}`,
    );
    log(`experiment: statistics target ${PLATE_STATISTICS} on plate_normalized`);
  }
  await client.execute("VACUUM (ANALYZE) detections");
  await client.execute("VACUUM (ANALYZE) distinct_plates");
  const analyzeMs = performance.now() - t3;
  await client.execute("DROP FUNCTION bench_u(bigint, bigint)");

  const stats = await client.query<{
    distinct_plates: number;
    top_plate_reads: number;
    single_read_plates: number;
    ct_share: number;
  }>(
    `SELECT count(*)::int AS distinct_plates, max(n)::int AS top_plate_reads,
            (count(*) FILTER (WHERE n = 1))::int AS single_read_plates,
            (SELECT round(avg((plate_state = 'CT')::int), 3)::float8 FROM detections) AS ct_share
     FROM (SELECT plate_normalized, count(*) AS n FROM detections GROUP BY 1) p`,
  );
  const sizes = await client.query<{ name: string; mb: number }>(
    // detections is partitioned (issue 21): its partitions' sizes, each index summed over its partitions.
    `SELECT 'table (heap + toast)' AS name,
            round(sum(pg_table_size(relid)) / 1048576.0)::float8 AS mb
     FROM pg_partition_tree('detections') WHERE isleaf
     UNION ALL
     SELECT i.indexrelid::regclass::text, round(sum(pg_relation_size(t.relid)) / 1048576.0)::float8
     FROM pg_index i CROSS JOIN LATERAL pg_partition_tree(i.indexrelid) t
     WHERE i.indrelid = 'detections'::regclass AND t.isleaf
     GROUP BY i.indexrelid
     UNION ALL
     SELECT 'distinct_plates (table + indexes)', round(pg_total_relation_size('distinct_plates') / 1048576.0)::float8`,
  );
  const perIntegration = await client.query<{ identifier: string; reads: number }>(
    `SELECT i.identifier, count(*)::int AS reads FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id
     GROUP BY 1 ORDER BY 1`,
  );
  const row = stats.rows[0]!;
  printTable("Store", [
    { what: "reads", value: from + ROWS },
    { what: "distinct plates", value: Number(row.distinct_plates) },
    { what: "plates read once", value: Number(row.single_read_plates) },
    { what: "reads of the most frequent plate", value: row.top_plate_reads },
    { what: "share of CT plates", value: row.ct_share },
    ...perIntegration.rows.map((r) => ({ what: `reads at ${r.identifier}`, value: Number(r.reads) })),
    ...sizes.rows.map((r) => ({ what: `MB ${r.name}`, value: r.mb })),
    { what: "s to generate + insert", value: round((vehiclesMs + insertMs) / 1000) },
    { what: "s to build the indexes", value: round(indexMs / 1000) },
    { what: "s to VACUUM ANALYZE", value: round(analyzeMs / 1000) },
  ]);
  return {
    vehicles: pool,
    distinctPlates: Number(row.distinct_plates),
    singleReadPlates: Number(row.single_read_plates),
    topPlateReads: row.top_plate_reads,
    ctShare: row.ct_share,
    perIntegration: Object.fromEntries(perIntegration.rows.map((r) => [r.identifier, Number(r.reads)])),
    sizesMb: Object.fromEntries(sizes.rows.map((r) => [r.name, r.mb])),
    seedSeconds: {
      insert: round((vehiclesMs + insertMs) / 1000),
      indexes: round(indexMs / 1000),
      vacuumAnalyze: round(analyzeMs / 1000),
    },
  };
}

/** Plain SQL on a Prisma client (a pool of one keeps session settings and temporary tables). */
export function sqlOn(prisma: PrismaClient) {
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<{ rows: T[] }> {
      return { rows: await prisma.$queryRawUnsafe<T[]>(text, ...params) };
    },
    execute: (text: string, params: unknown[] = []) => prisma.$executeRawUnsafe(text, ...params),
  };
}
