/**
 * Axis store: 1,000,000 stored Axis reads over 90 days across the five demo integrations, searched
 * through the real Axis source (createAxisSource(prisma).search) as POST /search-data calls it: the
 * plate through toPlatePattern with match "partial" (what a full plate got by default before issue 19
 * made Similar the default; Similar also reads the skeleton neighbourhood, which this store does not
 * fill, and has a bench of its own; the store's distinct_plates are filled as ingest keeps them, which
 * the partial search reads since issue 21), all five integrations as targets, SEARCH_MAX_RESULTS_PER_SOURCE as the limit. Targets (docs/benchmarks.md): exact plate + 30-day range p95 ≤ 50 ms; partial plate
 * (3+ characters substring, or a wildcard) p95 ≤ 150 ms.
 *
 *   pnpm --filter @odin/api exec tsx bench/axis-store.ts
 *   BENCH_AXIS_ROWS=200000 BENCH_RUNS=3 BENCH_QUERIES=200 … (smaller or larger runs)
 */
import { randomBytes } from "node:crypto";
import { createPrismaClient, createSecretBox, PrismaClient } from "@odin/db";
import { seedDemoData } from "@odin/db/seed";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadConfig } from "../src/config/env";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { projectRoot } from "./lib/app";
import { fillStore, HISTORY_DAYS, POOL, sqlOn } from "./lib/axis-store-fill";
import {
  KIND_LABELS,
  KINDS,
  planQueries,
  RANGE_DAYS,
  summarizeRows,
  timeSearches,
  type Kind,
  type Measured,
  type RowSummary,
} from "./lib/axis-store-search";
import {
  median,
  printTable,
  round,
  runBench,
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

const TARGET_EXACT_P95 = 50;
const TARGET_PARTIAL_P95 = 150;

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: db.url }, projectRoot);
  const limit = config.search.maxResultsPerSource;
  const prisma = createPrismaClient(db.url, { poolSize: config.databasePoolSize });
  // One connection for the bulk SQL (session settings, temporary tables).
  const session = createPrismaClient(db.url, { poolSize: 1 });
  try {
    await seedDemoData(prisma, { encryptSecret: createSecretBox(randomBytes(32)).encrypt });
    const now = Date.now();
    const seeding = await fillStore(session, now, { rows: ROWS, plateStatistics: PLATE_STATISTICS });

    const source = createAxisSource(prisma);
    const targets = [...(await source.searchable({ agency: "all" })).values()];
    if (targets.length !== 5)
      throw new Error(`expected the 5 demo Axis integrations, found ${targets.length}`);
    const settings = { runs: RUNS, queries: QUERIES, warmup: WARMUP, limit };
    const plan = await planQueries(session, now, settings);
    const { all, runs } = await timeSearches(source, targets, plan, settings);

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
            "EXPLAIN ms": round(
              [...explained.plan.matchAll(/Execution Time: ([\d.]+)/g)].reduce(
                (sum, m) => sum + Number(m[1]),
                0,
              ),
            ),
            "seq scans":
              [...explained.plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).join(", ") || "none",
            indexes: [
              ...new Set(
                [...explained.plan.matchAll(/(?:on|using) ((?:detections|distinct_plates)_\w+)/g)].map(
                  (m) => m[1],
                ),
              ),
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
        plate: 'toPlatePattern(input, "partial"), as the search service builds it for match partial',
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

interface KindResult {
  description: string;
  runs: { summary: LatencySummary; rows: RowSummary }[];
  medianOfRuns: { p50: number; p95: number; p99: number; max: number };
  pooled: LatencySummary;
  rows: RowSummary;
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
 * BUFFERS) of exactly those statements and parameters (a partial plate runs two since issue 21: its
 * distinct plates, then their reads; the plans are one after the other).
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
  const captured: { sql: string; params: unknown[] }[] = [];
  logging.$on("query", (event) => {
    if (/FROM (detections|distinct_plates)/.test(event.query)) {
      captured.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
    }
  });
  try {
    await createAxisSource(logging).search(measured.query, targets, new AbortController().signal);
  } finally {
    await logging.$disconnect();
  }
  if (captured.length === 0) throw new Error("the Axis source's SQL was not captured");
  const plans: string[] = [];
  for (const statement of captured) {
    const { rows } = await sqlOn(session).query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
  }
  return {
    input: measured.input,
    ms: round(measured.ms),
    rows: measured.rows,
    sql: captured.map((statement) => statement.sql.replace(/\s+/g, " ").trim()).join(";\n"),
    params: captured.map((statement) => statement.params),
    plan: plans.join("\n\n"),
  };
}

runBench("axis-store", main);
