/**
 * Axis store: 1,000,000 stored Axis reads over 90 days across the five demo integrations, searched
 * through the real Axis source (createAxisSource(prisma).search) as POST /search-data calls it: the
 * plate through toPlatePattern, all five integrations as targets, SEARCH_MAX_RESULTS_PER_SOURCE as
 * the limit. Targets (docs/benchmarks.md): exact plate + 30-day range p95 ≤ 50 ms; partial plate
 * (3+ characters substring, or a wildcard) p95 ≤ 150 ms.
 *
 *   pnpm --filter @odin/api exec tsx bench/axis-store.ts
 *   BENCH_AXIS_ROWS=200000 BENCH_RUNS=3 BENCH_QUERIES=200 … (smaller or larger runs)
 */
import { randomBytes } from "node:crypto";
import { BODY_TYPES, VEHICLE_COLORS, VEHICLE_MAKES } from "@odin/contract";
import { createPrismaClient, createSecretBox, PrismaClient } from "@odin/db";
import { seedDemoData } from "@odin/db/seed";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadConfig } from "../src/config/env";
import { createAxisSource } from "../src/sources/axis/axis.source";
import type { SourceQuery } from "../src/sources/detection-source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { projectRoot } from "./lib/app";
import {
  log,
  median,
  printTable,
  prng,
  round,
  runBench,
  seconds,
  summarize,
  type BenchRun,
  type LatencySummary,
} from "./lib/harness";

const ROWS = Number(process.env.BENCH_AXIS_ROWS ?? 1_000_000);
/**
 * An experiment, off by default: a larger statistics target on plate_normalized than the migrated
 * schema's (PostgreSQL's default, 100), to see how the planner's estimates for LIKE change.
 */
const PLATE_STATISTICS = process.env.BENCH_PLATE_STATISTICS
  ? Number(process.env.BENCH_PLATE_STATISTICS)
  : undefined;
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const WARMUP = 20;
const DAY = 86_400_000;
const HISTORY_DAYS = 90;
const RANGE_DAYS = 30;

const TARGET_EXACT_P95 = 50;
const TARGET_PARTIAL_P95 = 150;

/**
 * How often a vehicle comes back: 10% of reads are 500 daily commuters and fleet vehicles (about 200
 * reads each in 90 days), 35% are 20,000 regulars (about 17 each), 55% are 500,000 occasional
 * vehicles (about one read each). About 390,000 distinct plates in all.
 */
const TIERS = [
  { share: 0.1, vehicles: 500 },
  { share: 0.35, vehicles: 20_000 },
  { share: 0.55, vehicles: 500_000 },
] as const;
const POOL = TIERS.reduce((sum, tier) => sum + tier.vehicles, 0);

/** Share of the reads per integration: the state highway cameras are the busiest. */
const INTEGRATION_WEIGHTS: Record<string, number> = {
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

type Kind = "exact" | "substring" | "wildcard" | "exact-equality";

interface PlannedQuery {
  kind: Kind;
  input: string;
  query: SourceQuery;
}

interface Measured extends PlannedQuery {
  run: number;
  ms: number;
  rows: number;
}

const KINDS: Kind[] = ["exact", "substring", "wildcard", "exact-equality"];
const KIND_LABELS: Record<Kind, string> = {
  exact: "exact plate, 30 days (toPlatePattern)",
  substring: "substring of 3-5 chars, 30 days",
  wildcard: "wildcard (AB?12* and others), 30 days",
  "exact-equality": "exact plate as { kind: exact } (reference)",
};

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: db.url }, projectRoot);
  const limit = config.search.maxResultsPerSource;
  const prisma = createPrismaClient(db.url, { poolSize: config.databasePoolSize });
  // One connection for the bulk SQL (session settings, temporary tables).
  const session = createPrismaClient(db.url, { poolSize: 1 });
  try {
    await seedDemoData(prisma, { encryptSecret: createSecretBox(randomBytes(32)).encrypt });
    const now = Date.now();
    const seeding = await fillStore(session, now);

    const source = createAxisSource(prisma);
    const targets = [...(await source.searchable({ agency: "all" })).values()];
    if (targets.length !== 5)
      throw new Error(`expected the 5 demo Axis integrations, found ${targets.length}`);
    const plan = await planQueries(session, now, limit);

    // Warm-up: connections, the planner's caches, the indexes' upper pages.
    for (const kind of KINDS) {
      for (const planned of plan[kind].slice(0, WARMUP)) {
        await source.search(planned.query, targets, new AbortController().signal);
      }
    }

    const runs: Record<Kind, { summary: LatencySummary; rows: RowSummary }[]> = {
      exact: [],
      substring: [],
      wildcard: [],
      "exact-equality": [],
    };
    const all: Measured[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const kind of KINDS) {
        const batch = plan[kind].slice(WARMUP + run * QUERIES, WARMUP + (run + 1) * QUERIES);
        const measured: Measured[] = [];
        for (const planned of batch) {
          const t0 = performance.now();
          const results = await source.search(planned.query, targets, new AbortController().signal);
          measured.push({ ...planned, run, ms: performance.now() - t0, rows: results.length });
        }
        all.push(...measured);
        runs[kind].push({
          summary: summarize(measured.map((m) => m.ms)),
          rows: summarizeRows(measured, limit),
        });
      }
      log(`run ${run + 1}/${RUNS} done`);
    }

    const byKind = Object.fromEntries(
      KINDS.map((kind) => {
        const perRun = runs[kind];
        return [
          kind,
          {
            description: KIND_LABELS[kind],
            runs: perRun,
            medianOfRuns: {
              p50: round(median(perRun.map((r) => r.summary.p50))),
              p95: round(median(perRun.map((r) => r.summary.p95))),
              p99: round(median(perRun.map((r) => r.summary.p99))),
              max: round(median(perRun.map((r) => r.summary.max))),
            },
            pooled: summarize(all.filter((m) => m.kind === kind).map((m) => m.ms)),
            rows: summarizeRows(
              all.filter((m) => m.kind === kind),
              limit,
            ),
          },
        ];
      }),
    ) as Record<Kind, KindResult>;

    printTable(
      `Axis source over ${ROWS.toLocaleString("en-US")} reads: ms per search (median of ${RUNS} runs × ${QUERIES} queries)`,
      KINDS.map((kind) => ({
        query: KIND_LABELS[kind],
        p50: byKind[kind].medianOfRuns.p50,
        p95: byKind[kind].medianOfRuns.p95,
        p99: byKind[kind].medianOfRuns.p99,
        "runs' p95": byKind[kind].runs.map((r) => r.summary.p95).join(" / "),
        "rows median": byKind[kind].rows.median,
        "rows p95": byKind[kind].rows.p95,
        "rows max": byKind[kind].rows.max,
        [`at limit ${limit}`]: byKind[kind].rows.atLimit,
        "> 50 ms": all.filter((m) => m.kind === kind && m.ms > 50).length,
        "> 150 ms": all.filter((m) => m.kind === kind && m.ms > 150).length,
      })),
    );

    // The plan of each kind's slowest search, with the SQL exactly as the source sends it.
    const plans: Partial<Record<Kind, ExplainedQuery>> = {};
    for (const kind of KINDS) {
      const slowest = all.filter((m) => m.kind === kind).sort((a, b) => b.ms - a.ms)[0];
      if (slowest) plans[kind] = await explain(db.url, session, slowest, targets);
    }
    printTable(
      "Slowest search of each kind, run again under EXPLAIN (ANALYZE, BUFFERS)",
      KINDS.flatMap((kind) => {
        const explained = plans[kind];
        if (!explained) return [];
        return [
          {
            query: kind,
            plate: explained.input,
            "measured ms": explained.ms,
            rows: explained.rows,
            "EXPLAIN ms": Number(/Execution Time: ([\d.]+)/.exec(explained.plan)?.[1] ?? Number.NaN),
            indexes: [
              ...new Set([...explained.plan.matchAll(/(?:on|using) (detections_\w+)/g)].map((m) => m[1])),
            ].join(", "),
          },
        ];
      }),
    );

    // Both partial kinds together, per run: the target's "partial plate".
    const partial = all.filter((m) => m.kind === "substring" || m.kind === "wildcard");
    const partialP95PerRun = Array.from(
      { length: RUNS },
      (_, run) => summarize(partial.filter((m) => m.run === run).map((m) => m.ms)).p95,
    );
    const targetsMet = [
      {
        name: "exact plate + 30-day range (p95)",
        target: `≤ ${TARGET_EXACT_P95} ms`,
        measured: `${byKind.exact.medianOfRuns.p95} ms`,
        met: byKind.exact.medianOfRuns.p95 <= TARGET_EXACT_P95,
      },
      {
        name: "partial plate, substring + wildcard (p95)",
        target: `≤ ${TARGET_PARTIAL_P95} ms`,
        measured: `${round(median(partialP95PerRun))} ms (substring ${byKind.substring.medianOfRuns.p95}, wildcard ${byKind.wildcard.medianOfRuns.p95})`,
        met: median(partialP95PerRun) <= TARGET_PARTIAL_P95,
      },
    ];
    for (const target of targetsMet) {
      if (target.met) continue;
      const kinds: Kind[] = target.name.startsWith("exact") ? ["exact"] : ["substring", "wildcard"];
      for (const kind of kinds) {
        const explained = plans[kind];
        if (!explained) continue;
        console.log(
          `\n  Target missed: EXPLAIN ANALYZE of the slowest ${kind} search (${round(explained.ms)} ms, plate ${JSON.stringify(explained.input)}):\n`,
        );
        console.log(explained.sql.replace(/^/gm, "    "));
        console.log(`    -- params: ${JSON.stringify(explained.params)}`);
        console.log(explained.plan.replace(/^/gm, "    "));
      }
    }

    await writeResult({
      targets: targetsMet,
      database: db.kind,
      store: { rows: ROWS, historyDays: HISTORY_DAYS, distinctVehicles: POOL, ...seeding },
      method: {
        source: "createAxisSource(prisma).search(query, all 5 integrations, signal)",
        plate: "toPlatePattern(input), as the search service builds it",
        rangeDays: RANGE_DAYS,
        limit,
        runs: RUNS,
        queriesPerKindPerRun: QUERIES,
        warmupPerKind: WARMUP,
        poolSize: config.databasePoolSize,
        plateStatisticsTarget: PLATE_STATISTICS ?? "default (100)",
      },
      results: byKind,
      partialP95PerRun,
      plans,
    });
  } finally {
    await session.$disconnect();
    await prisma.$disconnect();
  }
}

interface RowSummary {
  median: number;
  p95: number;
  max: number;
  total: number;
  atLimit: number;
}

interface KindResult {
  description: string;
  runs: { summary: LatencySummary; rows: RowSummary }[];
  medianOfRuns: { p50: number; p95: number; p99: number; max: number };
  pooled: LatencySummary;
  rows: RowSummary;
}

function summarizeRows(measured: readonly Measured[], limit: number): RowSummary {
  const rows = measured.map((m) => m.rows);
  const s = summarize(rows);
  return {
    median: s.p50,
    p95: s.p95,
    max: s.max,
    total: rows.reduce((sum, value) => sum + value, 0),
    atLimit: rows.filter((value) => value >= limit).length,
  };
}

/**
 * Fills `detections` server-side with INSERT … SELECT generate_series: deterministic pseudo-random
 * values from hashint8extended (the same store every time), the secondary indexes dropped first and
 * rebuilt afterwards from their own definitions (faster than maintaining them row by row; the end
 * state is the migrated schema's), then VACUUM ANALYZE (what autovacuum does after such an insert).
 */
async function fillStore(session: PrismaClient, now: number) {
  const client = sqlOn(session);
  const t0 = performance.now();
  await client.execute("SET maintenance_work_mem = '512MB'");
  await client.execute("SET synchronous_commit = off");
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'detections' AND indexname <> 'detections_pkey'`,
  );
  for (const index of indexes.rows) await client.execute(`DROP INDEX "${index.indexname}"`);

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
     FROM (SELECT g, ${stateCase} AS state FROM generate_series(0, ${POOL - 1}) g) v`,
    [makes, colors, bodies],
  );
  await client.execute("CREATE UNIQUE INDEX ON bench_vehicles (id)");
  await client.execute("ANALYZE bench_vehicles");
  const vehiclesMs = performance.now() - t0;

  const tier1 = TIERS[0];
  const tier2 = TIERS[1];
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
           WHEN bench_u(g, 2) < ${tier1.share} THEN floor(bench_u(g, 3) * ${tier1.vehicles})
           WHEN bench_u(g, 2) < ${tier1.share + tier2.share} THEN ${tier1.vehicles} + floor(bench_u(g, 3) * ${tier2.vehicles})
           ELSE ${tier1.vehicles + tier2.vehicles} + floor(bench_u(g, 3) * ${TIERS[2].vehicles})
         END::int AS vehicle,
         bench_u(g, 4) AS integration,
         round((0.72 + bench_u(g, 5) * 0.279)::numeric, 6)::float8 AS confidence,
         CASE WHEN bench_u(g, 6) < 0.5 THEN 'in' ELSE 'out' END AS direction,
         500 + floor(bench_u(g, 7) * 700)::int AS x, 600 + floor(bench_u(g, 8) * 300)::int AS y,
         180 + floor(bench_u(g, 10) * 60)::int AS w, 90 + floor(bench_u(g, 11) * 30)::int AS h
       FROM (
         SELECT g, to_timestamp(($1::float8 - bench_u(g, 1) * ${HISTORY_DAYS * DAY}) / 1000)::timestamptz(3) AS ts
         FROM generate_series(1, ${ROWS}) g
       ) t
     ) r
     JOIN bench_vehicles v ON v.id = r.vehicle
     JOIN bench_integrations i ON r.integration >= i.lo AND r.integration < i.hi`,
    [now],
  );
  if (inserted !== ROWS) throw new Error(`inserted ${inserted} reads, expected ${ROWS}`);
  const insertMs = performance.now() - t1;
  log(`${ROWS.toLocaleString("en-US")} reads inserted in ${seconds(insertMs)}`);

  const t2 = performance.now();
  for (const index of indexes.rows) await client.execute(index.indexdef);
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
    `SELECT 'table (heap + toast)' AS name, round(pg_table_size('detections') / 1048576.0)::float8 AS mb
     UNION ALL
     SELECT indexrelid::regclass::text, round(pg_relation_size(indexrelid) / 1048576.0)::float8
     FROM pg_index WHERE indrelid = 'detections'::regclass`,
  );
  const perIntegration = await client.query<{ identifier: string; reads: number }>(
    `SELECT i.identifier, count(*)::int AS reads FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id
     GROUP BY 1 ORDER BY 1`,
  );
  const row = stats.rows[0]!;
  printTable("Store", [
    { what: "reads", value: ROWS },
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

/**
 * The searches, from reads picked at random in the store (so frequent plates come up as often as
 * investigators would meet them): each with a 30-day range that holds the read.
 */
async function planQueries(
  session: PrismaClient,
  now: number,
  limit: number,
): Promise<Record<Kind, PlannedQuery[]>> {
  const client = sqlOn(session);
  const random = prng(20261122);
  const perKind = WARMUP + RUNS * QUERIES;
  const ids = Array.from({ length: perKind * 3 }, () => 1 + Math.floor(random() * ROWS));
  const { rows } = await client.query<{ id: bigint; plate_normalized: string; timestamp: Date }>(
    "SELECT id, plate_normalized, timestamp FROM detections WHERE id = ANY($1::bigint[])",
    [ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const samples = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  if (samples.length < perKind * 3) throw new Error("could not sample enough stored reads");

  const range = (at: Date) => {
    const end = Math.min(now, at.getTime() + random() * RANGE_DAYS * DAY);
    return { start: new Date(end - RANGE_DAYS * DAY), end: new Date(end) };
  };
  const query = (input: string, at: Date): SourceQuery => ({
    plate: toPlatePattern(input),
    plateState: undefined,
    color: undefined,
    make: undefined,
    bodyType: undefined,
    ...range(at),
    limit,
  });
  const shapes = [
    (p: string) => `${p.slice(0, 2)}?${p.slice(3, 5)}*`, // AB?12*
    (p: string) => `?${p.slice(1, 4)}*`, // ?B12*
    (p: string) => `${p.slice(0, 2)}*${p.slice(-2)}`, // AB*45
    (p: string) => `*${p.slice(-4, -1)}?`, // *234?
  ];
  const plan: Record<Kind, PlannedQuery[]> = { exact: [], substring: [], wildcard: [], "exact-equality": [] };
  for (let i = 0; i < perKind; i++) {
    const a = samples[i]!;
    const b = samples[perKind + i]!;
    const c = samples[2 * perKind + i]!;
    const exact = query(a.plate_normalized, a.timestamp);
    plan.exact.push({ kind: "exact", input: a.plate_normalized, query: exact });
    // The same search with the plate as an equality (the B-tree on plate_normalized, timestamp).
    plan["exact-equality"].push({
      kind: "exact-equality",
      input: a.plate_normalized,
      query: { ...exact, plate: { kind: "exact", value: a.plate_normalized } },
    });
    const length = 3 + Math.floor(random() * 3);
    const offset = Math.floor(random() * Math.max(1, b.plate_normalized.length - length + 1));
    const part = b.plate_normalized.slice(offset, offset + length);
    plan.substring.push({ kind: "substring", input: part, query: query(part, b.timestamp) });
    const pattern = shapes[i % shapes.length]!(c.plate_normalized);
    plan.wildcard.push({ kind: "wildcard", input: pattern, query: query(pattern, c.timestamp) });
  }
  return plan;
}

/** Plain SQL on a Prisma client (a pool of one keeps session settings and temporary tables). */
function sqlOn(prisma: PrismaClient) {
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<{ rows: T[] }> {
      return { rows: await prisma.$queryRawUnsafe<T[]>(text, ...params) };
    },
    execute: (text: string, params: unknown[] = []) => prisma.$executeRawUnsafe(text, ...params),
  };
}

interface ExplainedQuery {
  input: string;
  ms: number;
  rows: number;
  sql: string;
  params: unknown[];
  plan: string;
}

/**
 * Runs the query once more through a Prisma client that reports its SQL, then EXPLAIN (ANALYZE,
 * BUFFERS) of exactly that statement and parameters.
 */
async function explain(
  url: string,
  session: PrismaClient,
  measured: Measured,
  targets: { integrationId: number; retentionDays: number }[],
): Promise<ExplainedQuery> {
  const logging = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 1 }),
    log: [{ emit: "event", level: "query" }],
  });
  let captured: { sql: string; params: unknown[] } | undefined;
  logging.$on("query", (event) => {
    if (/FROM detections/.test(event.query)) {
      captured = { sql: event.query, params: JSON.parse(event.params) as unknown[] };
    }
  });
  try {
    await createAxisSource(logging).search(measured.query, targets, new AbortController().signal);
  } finally {
    await logging.$disconnect();
  }
  if (!captured) throw new Error("the Axis source's SQL was not captured");
  const { rows } = await sqlOn(session).query<{ "QUERY PLAN": string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${captured.sql}`,
    captured.params,
  );
  return {
    input: measured.input,
    ms: round(measured.ms),
    rows: measured.rows,
    sql: captured.sql.replace(/\s+/g, " ").trim(),
    params: captured.params,
    plan: rows.map((row) => row["QUERY PLAN"]).join("\n"),
  };
}

runBench("axis-store", main);
